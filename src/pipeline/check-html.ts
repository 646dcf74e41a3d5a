/**
 * Build stage 4: check the built site before it replaces the output folder. The page must not show
 * NaN, undefined, null or Infinity outside code listings, no figure or table cell may be empty, every
 * claim must have been rendered, every in-page link must have a target, and results.json must be the
 * exact file the page was built from.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, type HTMLElement } from 'node-html-parser';
import { BuildError } from './errors.ts';

const BAD_WORDS = /\b(NaN|undefined|null|Infinity)\b/;
// Parse <pre> as elements (node-html-parser keeps it as raw text by default).
const PARSE_OPTIONS = { blockTextElements: { script: true, style: true } };

/** Problems found in a built page's HTML (empty when it is fine). */
export function findHtmlProblems(html: string, expectedClaims: number, expectedFragile = 0): string[] {
  const problems: string[] = [];
  const root = parse(html, PARSE_OPTIONS);
  // Code is quoted verbatim (the bench source really says "null"); everything else is our text.
  const prose = parse(html, PARSE_OPTIONS);
  prose.querySelectorAll('pre, code').forEach((el) => el.remove());
  const text = prose.querySelector('body')?.textContent ?? '';
  const bad = BAD_WORDS.exec(text);
  if (bad) problems.push(`the page text contains "${bad[1]}": …${text.slice(Math.max(0, bad.index - 60), bad.index + 40).replace(/\s+/g, ' ')}…`);
  for (const el of prose.querySelectorAll('*')) {
    for (const [name, value] of Object.entries(el.attributes)) {
      if (BAD_WORDS.test(value)) problems.push(`<${el.tagName.toLowerCase()} ${name}="${value.slice(0, 80)}"> contains "${BAD_WORDS.exec(value)![1]}"`);
    }
  }
  for (const fig of root.querySelectorAll('[data-fact]')) {
    const name = fig.getAttribute('data-fact');
    if (fig.textContent.trim() === '') problems.push(`figure ${name} is empty`);
    if (!Number.isFinite(Number(fig.getAttribute('data-value')))) problems.push(`figure ${name} has value "${fig.getAttribute('data-value')}"`);
  }
  for (const table of root.querySelectorAll('table.figures')) {
    table.querySelectorAll('td').forEach((td: HTMLElement, i: number) => {
      if (td.textContent.trim() === '') problems.push(`table #${table.id}: cell ${i + 1} is empty`);
    });
  }
  for (const id of ['latency-table', 'failure-table', 'bench-output']) {
    if (!root.getElementById(id)) problems.push(`the page has no #${id}`);
  }
  const claims = root.querySelectorAll('[data-claim]').length;
  if (claims !== expectedClaims) problems.push(`${claims} claims were rendered but the article source has ${expectedClaims}`);
  const fragile = root.querySelectorAll('[data-claim][data-fragile-runs]').length;
  if (fragile !== expectedFragile) problems.push(`${fragile} claims are marked fragile on the page but the claims check found ${expectedFragile}`);
  const ids = new Set(root.querySelectorAll('[id]').map((el) => el.id));
  for (const a of root.querySelectorAll('a[href^="#"]')) {
    const target = decodeURIComponent(a.getAttribute('href')!.slice(1));
    if (!ids.has(target)) problems.push(`link to #${target} has no target`);
  }
  return problems;
}

/** Files besides index.html and results.json that every build publishes (source page, sharing, feeds). */
const SITE_FILES = ['source/index.html', 'social.png', 'feed.xml', 'sitemap-index.xml'];

/**
 * Checks the built site in `dir`; with `beyondText`, also that beyond-results.json is that exact file.
 * @throws BuildError listing every problem.
 */
export function checkBuiltSite(dir: string, resultsText: string, expectedClaims: number, expectedFragile = 0, beyondText?: string): void {
  const page = path.join(dir, 'index.html');
  if (!existsSync(page)) throw new BuildError(`the build produced no ${page}`);
  const problems = findHtmlProblems(readFileSync(page, 'utf8'), expectedClaims, expectedFragile);
  const json = path.join(dir, 'results.json');
  if (!existsSync(json) || readFileSync(json, 'utf8') !== resultsText) {
    problems.push('results.json is missing or differs from the results file the page was built from');
  }
  for (const file of SITE_FILES) {
    if (!existsSync(path.join(dir, file))) problems.push(`the build produced no ${file}`);
  }
  const sourcePage = path.join(dir, 'source', 'index.html');
  if (existsSync(sourcePage)) {
    const ids = new Set(parse(readFileSync(sourcePage, 'utf8')).querySelectorAll('[id]').map((el) => el.id));
    for (const a of parse(readFileSync(page, 'utf8')).querySelectorAll('a[href*="source/#"]')) {
      const target = decodeURIComponent(a.getAttribute('href')!.split('#')[1] ?? '');
      if (!ids.has(target)) problems.push(`link to source/#${target} has no target on the source page`);
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
