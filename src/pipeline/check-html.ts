/**
 * Build stage 4: check the built site before it replaces the output folder. On every article page
 * (the main article and each deep dive, src/site/article-pages.ts): no NaN, undefined, null or
 * Infinity outside code listings, no empty figure or table cell, every in-page link has a target, and
 * no prose defect (prose-defects.ts: a full stop with no space after it, a section title pasted into a
 * sentence, a section with nothing in it), and every quotation (<Quote>, its marks as text; no <q>) word for word one of
 * content/quotations.md. Across the pages: every claim was rendered, every link to
 * another page of the site (or a section of it) has a target, and results.json is the exact file the
 * pages were built from.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, type HTMLElement } from 'node-html-parser';
import { articlePage, MAIN_ARTICLE_ID, type ArticlePage } from '../site/article-pages.ts';
import { quotationProblems, type Quotation } from '../page-text/quotations.ts';
import { BuildError } from './errors.ts';
import { pageHeadingTitles, proseDefects } from './prose-defects.ts';

const BAD_WORDS = /\b(NaN|undefined|null|Infinity)\b/;
// Parse <pre> as elements (node-html-parser keeps it as raw text by default).
const PARSE_OPTIONS = { blockTextElements: { script: true, style: true } };

/** Ids the main article must hold: the tables and the raw output the tests and readers rely on. */
const MAIN_PAGE_IDS = ['latency-table', 'failure-table', 'bench-output'];

/** Problems found in the main article's HTML, claims included (empty when it is fine); a one-page site. */
export function findHtmlProblems(html: string, expectedClaims: number, expectedFragile = 0): string[] {
  const root = parse(html, PARSE_OPTIONS);
  const problems = findPageProblems(html, MAIN_PAGE_IDS);
  problems.push(...claimProblems(countClaims(root), expectedClaims, expectedFragile));
  return problems;
}

/** Claims rendered on a page: all, and those marked fragile. */
function countClaims(root: HTMLElement): { claims: number; fragile: number } {
  return { claims: root.querySelectorAll('[data-claim]').length, fragile: root.querySelectorAll('[data-claim][data-fragile-runs]').length };
}

function claimProblems(found: { claims: number; fragile: number }, expectedClaims: number, expectedFragile: number): string[] {
  const problems: string[] = [];
  if (found.claims !== expectedClaims) problems.push(`${found.claims} claims were rendered but the article source has ${expectedClaims}`);
  if (found.fragile !== expectedFragile) problems.push(`${found.fragile} claims are marked fragile on the page but the claims check found ${expectedFragile}`);
  return problems;
}

/**
 * Problems of one built article page, claims aside (empty when it is fine).
 * @param html the page's HTML, or its tree parsed with PARSE_OPTIONS, which this takes the code out of
 *   (read anything else from a tree before handing it over).
 * @param requiredIds ids the page must hold.
 * @param otherTitles section titles of the site's other pages (for the pasted-title check).
 */
export function findPageProblems(html: string | HTMLElement, requiredIds: readonly string[] = [], otherTitles: Iterable<string> = []): string[] {
  // One parse: the checks that read the whole page first, then those of the prose, with code taken out.
  const root = typeof html === 'string' ? parse(html, PARSE_OPTIONS) : html;
  const figures: string[] = [];
  for (const fig of root.querySelectorAll('[data-fact]')) {
    const name = fig.getAttribute('data-fact');
    if (fig.textContent.trim() === '') figures.push(`figure ${name} is empty`);
    if (!Number.isFinite(Number(fig.getAttribute('data-value')))) figures.push(`figure ${name} has value "${fig.getAttribute('data-value')}"`);
  }
  for (const table of root.querySelectorAll('table.figures')) {
    table.querySelectorAll('td').forEach((td: HTMLElement, i: number) => {
      if (td.textContent.trim() === '') figures.push(`table #${table.id}: cell ${i + 1} is empty`);
    });
  }
  for (const id of requiredIds) {
    if (!root.getElementById(id)) figures.push(`the page has no #${id}`);
  }
  const defects = [...proseDefects(root, otherTitles), ...nestedAsides(root)];
  const links: string[] = [];
  const ids = new Set(root.querySelectorAll('[id]').map((el) => el.id));
  for (const a of root.querySelectorAll('a[href^="#"]')) {
    const target = decodeURIComponent(a.getAttribute('href')!.slice(1));
    if (!ids.has(target)) links.push(`link to #${target} has no target`);
  }
  // Code is quoted verbatim (the bench source really says "null"); everything else is our text.
  root.querySelectorAll('pre, code').forEach((el) => el.remove());
  const words: string[] = [];
  const text = root.querySelector('body')?.textContent ?? '';
  const bad = BAD_WORDS.exec(text);
  if (bad) words.push(`the page text contains "${bad[1]}": …${text.slice(Math.max(0, bad.index - 60), bad.index + 40).replace(/\s+/g, ' ')}…`);
  for (const el of root.querySelectorAll('*')) {
    for (const [name, value] of Object.entries(el.attributes)) {
      if (BAD_WORDS.test(value)) words.push(`<${el.tagName.toLowerCase()} ${name}="${value.slice(0, 80)}"> contains "${BAD_WORDS.exec(value)![1]}"`);
    }
  }
  return [...words, ...figures, ...defects, ...links];
}

/**
 * An <aside> inside another landmark (aside, nav, main, header, footer): a complementary landmark must be
 * top-level, or a screen reader's list of landmarks nests one panel in another (axe:
 * landmark-complementary-is-top-level). One message per such <aside>, naming its label or class.
 */
export function nestedAsides(root: HTMLElement): string[] {
  const problems: string[] = [];
  for (const aside of root.querySelectorAll('aside')) {
    let up = aside.parentNode;
    while (up && !/^(ASIDE|NAV|MAIN|HEADER|FOOTER)$/.test(up.tagName ?? '')) up = up.parentNode;
    if (!up) continue;
    const name = aside.getAttribute('aria-label') ?? aside.getAttribute('class') ?? aside.getAttribute('id') ?? '';
    problems.push(`an <aside${name ? ` "${name}"` : ''}> is inside a <${up.tagName.toLowerCase()}>: a complementary landmark must be top-level. Fix: make the inner one a <section> or <div>, or move it out`);
  }
  return problems;
}

/**
 * The checks of every article page the build makes on its HTML, the site's files and links aside: each
 * page's own problems (findPageProblems, with the other pages' section titles; quotations when given)
 * and the claims rendered across the pages against the claims check's counts.
 * @param html each page's HTML by its built file (ArticlePage.file); a page missing here is skipped.
 * @returns one message per problem, each naming its page when there are several (empty when all is fine).
 */
export function articlePageProblems(
  html: ReadonlyMap<string, string>,
  pages: readonly ArticlePage[],
  expectedClaims: number,
  expectedFragile = 0,
  quotations?: readonly Quotation[],
): string[] {
  const problems: string[] = [];
  const roots = new Map([...html].map(([file, text]) => [file, parse(text, PARSE_OPTIONS)]));
  const titles = new Map([...roots].map(([file, root]) => [file, pageHeadingTitles(root)]));
  const found = { claims: 0, fragile: 0 };
  for (const page of pages) {
    const root = roots.get(page.file);
    if (root === undefined) continue;
    const others = [...titles].filter(([file]) => file !== page.file).flatMap(([, t]) => t);
    // Each page is parsed once: what reads the whole tree goes first, findPageProblems takes its code out.
    const counted = countClaims(root);
    found.claims += counted.claims;
    found.fragile += counted.fragile;
    const quoted = quotations ? quotationProblems(root, quotations) : [];
    const own = [...findPageProblems(root, page.id === MAIN_ARTICLE_ID ? MAIN_PAGE_IDS : [], others), ...quoted];
    problems.push(...own.map((p) => (pages.length > 1 ? `${page.file}: ${p}` : p)));
  }
  problems.push(...claimProblems(found, expectedClaims, expectedFragile));
  return problems;
}

/** Files besides the article pages and results.json that every build publishes (source page, sharing, feeds). */
const SITE_FILES = ['source/index.html', 'social.png', 'feed.xml', 'sitemap-index.xml'];

/** A link's target inside the built site: the file it opens and the id it scrolls to; undefined for an outside link. */
function siteTarget(fromPage: string, href: string): { file: string; shown: string; id: string } | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//') || href.startsWith('#')) return undefined;
  const url = new URL(href, `http://site.invalid/${fromPage}`);
  const pathname = decodeURIComponent(url.pathname).replace(/^\//, '');
  return { file: pathname === '' || pathname.endsWith('/') ? `${pathname}index.html` : pathname, shown: pathname, id: decodeURIComponent(url.hash.slice(1)) };
}

/**
 * Checks the built site in `dir`: each of `pages` (default: the main article alone), the claims across
 * them, the links between the site's pages, and results.json (with `beyondText`, beyond-results.json too).
 * With `quotations` (content/quotations.md), every quotation on a page must be one of them, word for word, and none a <q>.
 * @throws BuildError listing every problem, each with the page it is on.
 */
export function checkBuiltSite(
  dir: string,
  resultsText: string,
  expectedClaims: number,
  expectedFragile = 0,
  beyondText?: string,
  pages: readonly ArticlePage[] = [articlePage(MAIN_ARTICLE_ID)],
  quotations?: readonly Quotation[],
): void {
  const problems: string[] = [];
  const html = new Map<string, string>();
  for (const page of pages) {
    const file = path.join(dir, page.file);
    if (!existsSync(file)) problems.push(`the build produced no ${page.file}`);
    else html.set(page.file, readFileSync(file, 'utf8'));
  }
  problems.push(...articlePageProblems(html, pages, expectedClaims, expectedFragile, quotations));
  const json = path.join(dir, 'results.json');
  if (!existsSync(json) || readFileSync(json, 'utf8') !== resultsText) {
    problems.push('results.json is missing or differs from the results file the page was built from');
  }
  for (const file of SITE_FILES) {
    if (!existsSync(path.join(dir, file))) problems.push(`the build produced no ${file}`);
  }
  // Links between the site's pages: the file exists, and so does the section a fragment names.
  const idsOf = new Map<string, Set<string>>();
  const ids = (file: string) => {
    if (!idsOf.has(file)) idsOf.set(file, new Set(parse(readFileSync(path.join(dir, file), 'utf8')).querySelectorAll('[id]').map((el) => el.id)));
    return idsOf.get(file)!;
  };
  for (const page of pages) {
    const text = html.get(page.file);
    if (text === undefined) continue;
    for (const a of parse(text).querySelectorAll('a[href]')) {
      const target = siteTarget(page.path, a.getAttribute('href')!);
      if (!target) continue;
      const where = target.file === 'source/index.html' ? 'the source page' : target.file;
      if (!existsSync(path.join(dir, target.file))) problems.push(`${page.file}: link to ${target.shown} has no target: the build produced no ${target.file}`);
      else if (target.id && target.file.endsWith('.html') && !ids(target.file).has(target.id)) problems.push(`link to ${target.shown}#${target.id} has no target on ${where}`);
    }
  }
  const beyondJson = path.join(dir, 'beyond-results.json');
  if (beyondText !== undefined && (!existsSync(beyondJson) || readFileSync(beyondJson, 'utf8') !== beyondText)) {
    problems.push('beyond-results.json is missing or differs from the beyond results file the page was built from');
  }
  if (problems.length > 0) {
    throw new BuildError(`the built page failed its checks (the output folder was not replaced):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}
