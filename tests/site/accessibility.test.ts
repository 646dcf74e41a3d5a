/**
 * Accessibility and weight of the built pages in headless Chromium (tests/support/browser.ts), one
 * browser for every page: axe-core finds 0 violations on every article page (the main article and each
 * deep dive) and on the source page (every file open, every listing's text checked; see axe()), with
 * all its rules in the light scheme and its colour rules in the dark one (see DARK_RULES), and the test
 * lists any it finds; every article page has at most 3,000 elements; the
 * source page holds every bench file's full text, equal to the file on disk and hashing to the
 * bench's own source hash; the keyboard reaches the skip link, the contents, the copy buttons and the
 * calculator, whose result is announced (aria-live); at 320 px, 390 px and 200% zoom nothing is wider
 * than the screen and every table's figures are in view without scrolling sideways; no table is shown
 * twice in the open (a chart's data table stays collapsed until asked for).
 * Performance goals are measured by `npm run bench:page`, not here.
 */
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { beyondSuite, referenceSuite } from '@split-on-evidence/hop-bench/suites';
import { benchSourceFiles } from '../../src/inputs/bench-source.ts';
import { launchBrowser } from '../support/browser.ts';
import { ROOT, tempDir } from '../support/site-build.ts';
import { fixturePage } from '../support/pages.ts';
import { ARTICLE_PAGES, urlPath } from '../support/article-pages.ts';
import { serveStatic, type StaticServer } from '../support/static-server.ts';
import { createHash } from 'node:crypto';

const MAX_ARTICLE_ELEMENTS = 3000;
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let work: string;
let server: StaticServer;
let browser: Browser;

before(async () => {
  work = tempDir('a11y');
  const site = await fixturePage();
  assert.equal(site.code, 0, site.stdout + site.stderr);
  server = await serveStatic(site.dir);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

/** Pages opened so far; each test's pages are closed when the next page opens, so they stop drawing. */
const opened: Page[] = [];

/**
 * Opens `pagePath` in a fresh context (left open: the single-process Chromium ends with its last
 * context), after closing the pages opened before (every one of them would go on running its charts'
 * scripts and slow every later test down).
 */
async function open(pagePath: string, options: Parameters<Browser['newContext']>[0] = {}): Promise<Page> {
  for (const old of opened.splice(0)) await old.close();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  opened.push(page);
  const answer = await page.goto(new URL(pagePath.replace(/^\//, ''), server.url).href, { waitUntil: 'load' });
  assert.equal(answer?.status(), 200, pagePath);
  return page;
}

/** One axe violation, as the test reports it. */
interface Violation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * The rules run in the dark scheme: the ones that read colours. The dark scheme changes colours only
 * (darkSchemeChangesColoursOnly proves it on every page), so every other rule sees the same page as
 * in the light scheme, where all rules run.
 */
const DARK_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Runs axe-core on the page (all its default rules, or only `rules`); returns the violations, each
 * with up to 5 targets.
 */
async function axe(page: Page, rules?: string[]): Promise<Violation[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async (only) => {
    const w = window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] }> } };
    const options = only ? { resultTypes: ['violations'], runOnly: { type: 'rule', values: only } } : { resultTypes: ['violations'] };
    const result = await w.axe.run(document, options);
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  }, rules ?? null);
}

/**
 * Properties the dark scheme's rules set on `page` that are not colours (none expected): with one,
 * the dark scheme could change more than colours, and every rule would have to run there too.
 */
async function darkSchemeChangesColoursOnly(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // Painting only: colours, backgrounds (a background never moves a box), shadows; and custom
    // properties whose value is a colour or a background image.
    const paint = /^(color|color-scheme|background(-[a-z-]+)?|border-(top|right|bottom|left)-color|outline-color|text-decoration-color|caret-color|accent-color|fill|stroke|box-shadow|text-shadow)$/;
    const paintValue = (value: string) => CSS.supports('color', value) || CSS.supports('background-image', value);
    const found: string[] = [];
    const visit = (rules: CSSRuleList, dark: boolean) => {
      for (const rule of rules) {
        if (rule instanceof CSSMediaRule) visit(rule.cssRules, dark || /prefers-color-scheme:\s*dark/.test(rule.conditionText));
        else if (rule instanceof CSSStyleRule) {
          if (dark) {
            for (const name of rule.style) {
              const value = rule.style.getPropertyValue(name).trim();
              if (!(paint.test(name) || (name.startsWith('--') && paintValue(value)))) found.push(`${rule.selectorText} { ${name}: ${value} }`);
            }
          }
          if (rule.cssRules.length > 0) visit(rule.cssRules, dark);
        }
      }
    };
    for (const sheet of document.styleSheets) visit(sheet.cssRules, false);
    return found;
  });
}

/**
 * Replaces the highlighted tokens of every code listing but the first with their plain text, in the
 * listing's own colours: the tens of thousands of token spans make axe ten times slower, and the only
 * rule that reads them is colour contrast, which contrast.test.ts checks for every token colour of both
 * code themes. The first listing keeps its tokens, so axe still sees highlighted code. Returns the
 * listings' text before and after (equal).
 */
async function flattenCodeAfterFirst(page: Page): Promise<{ before: string[]; after: string[] }> {
  return page.evaluate(() => {
    const codes = [...document.querySelectorAll('pre.astro-code > code')];
    const before = codes.map((c) => c.textContent ?? '');
    for (const code of codes.slice(1)) code.textContent = code.textContent;
    return { before, after: codes.map((c) => c.textContent ?? '') };
  });
}

const list = (violations: Violation[]) => violations.map((v) => `${v.id} (${v.impact}): ${v.help}: ${v.targets.join(', ')}`);

/** Opens every <details> on the page. */
async function openAllDetails(page: Page): Promise<number> {
  return page.evaluate(() => {
    const all = [...document.querySelectorAll('details')];
    all.forEach((d) => (d.open = true));
    return all.length;
  });
}

describe('axe-core: 0 violations', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    const rules = colorScheme === 'dark' ? DARK_RULES : undefined;
    for (const articlePage of ARTICLE_PAGES) {
      test(`${articlePage.file}, ${colorScheme}${rules ? ' (colour rules)' : ''}`, async () => {
        const page = await open(urlPath(articlePage), { colorScheme });
        assert.equal(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches), colorScheme === 'dark');
        if (rules) assert.deepEqual(await darkSchemeChangesColoursOnly(page), [], 'the dark scheme changes more than colours: run every axe rule in it');
        // Chart data tables included.
        await openAllDetails(page);
        assert.deepEqual(list(await axe(page, rules)), []);
      });
    }

    test(`the source page with every file open, every listing's text checked, ${colorScheme}${rules ? ' (colour rules)' : ''}`, async () => {
      const page = await open('/source/', { colorScheme });
      if (rules) assert.deepEqual(await darkSchemeChangesColoursOnly(page), [], 'the dark scheme changes more than colours: run every axe rule in it');
      assert.ok((await openAllDetails(page)) > 20);
      const { before, after } = await flattenCodeAfterFirst(page);
      assert.ok(before.length > 20);
      assert.deepEqual(after, before, 'every listing keeps its text');
      // One run proves both that the page is clean and that every listing is still checked: faint
      // text put into the first (highlighted) and the last (plain) listing is reported in both.
      await page.evaluate(() => {
        const codes = document.querySelectorAll('pre.astro-code > code');
        for (const i of [0, codes.length - 1]) codes[i]!.insertAdjacentHTML('afterbegin', `<span style="color:#aaa !important;background:#bbb !important" data-faint="${i}">faint</span>`);
      });
      const violations = await axe(page, rules);
      assert.deepEqual(violations.map((v) => [v.id, v.targets.length]), [['color-contrast', 2]], list(violations).join('\n'));
      const faint = await page.evaluate((selectors) => selectors.map((s) => document.querySelector(s)?.getAttribute('data-faint')), violations[0]!.targets);
      assert.deepEqual(faint, ['0', String(before.length - 1)]);
    });
  }

  test('the check can fail: an unlabelled input and grey-on-grey text are reported', async () => {
    const page = await open('/');
    await page.evaluate(() => {
      const p = document.createElement('p');
      p.innerHTML = '<input type="text"> <span style="color:#aaa;background:#bbb">faint</span>';
      document.querySelector('main')!.prepend(p);
    });
    const ids = (await axe(page)).map((v) => v.id);
    assert.ok(ids.includes('label') && ids.includes('color-contrast'), ids.join(', '));
    // A dark scheme that moves or hides something is caught (then every rule must run in it).
    await page.addStyleTag({ content: '@media (prefers-color-scheme: dark) { main { display: none; --gap: 2rem; --ink: #123456 } }' });
    assert.deepEqual(await darkSchemeChangesColoursOnly(page), ['main { display: none }', 'main { --gap: 2rem }']);
  });
});

describe('weight and the source listing', () => {
  test(`every article page has at most ${MAX_ARTICLE_ELEMENTS.toLocaleString('en-US')} elements`, async () => {
    const counts: string[] = [];
    for (const articlePage of ARTICLE_PAGES) {
      const other = await open(urlPath(articlePage));
      const n = await other.evaluate(() => document.getElementsByTagName('*').length);
      counts.push(`${articlePage.file}: ${n}`);
      assert.ok(n <= MAX_ARTICLE_ELEMENTS, `${articlePage.file}: ${n} elements`);
    }
    console.log(`elements per page: ${counts.join(', ')}`);
    const page = await open('/');
    // The article links to every folder of files on the source page, and counts every file.
    const links = await page.$$eval('[data-source-folder]', (as) => as.map((a) => [a.getAttribute('data-source-folder'), a.getAttribute('href'), a.getAttribute('data-source-count')]));
    assert.equal(links.reduce((n, [, , count]) => n + Number(count), 0), benchSourceFiles(ROOT).length);
    for (const [folder, href] of links) assert.match(href!, /^\/source\/#src-/, `${folder}`);
    // The raw report stays on the article.
    assert.ok(await page.locator('#bench-output').isVisible());
  });

  test('the source page holds every bench file in a collapsed <details>, full text equal to the file on disk', async () => {
    const page = await open('/source/');
    const files = benchSourceFiles(ROOT);
    const shown = await page.$$eval('details[data-source-file]', (ds) => ds.map((d) => ({ file: d.getAttribute('data-source-file'), open: (d as HTMLDetailsElement).open })));
    assert.deepEqual(shown.map((s) => s.file), files.map((f) => `bench/${f.relativePath}`));
    assert.ok(shown.every((s) => !s.open), 'collapsed at first');
    await openAllDetails(page);
    // Every listing's rendered text in one call (one call per file took ~20 s): file → the innerText of each <pre> in its <details>.
    const listed = new Map(
      await page.$$eval('details[data-source-file]', (ds) => ds.map((d) => [d.getAttribute('data-source-file')!, [...d.querySelectorAll('pre')].map((pre) => pre.innerText)] as const)),
    );
    const hash = createHash('sha256');
    for (const f of files) {
      const pres = listed.get(`bench/${f.relativePath}`) ?? [];
      assert.equal(pres.length, 1, `bench/${f.relativePath}: one listing`);
      const onDisk = readFileSync(f.absolutePath, 'utf8');
      assert.equal(pres[0]!.replace(/\n$/, ''), onDisk.replace(/\n$/, ''), f.relativePath);
      hash.update(f.relativePath).update('\0').update(onDisk).update('\0');
    }
    // The page states the hash of exactly what it lists, and each suite's own source hash.
    assert.equal(await page.getAttribute('[data-source-hash]', 'data-source-hash'), hash.digest('hex'));
    assert.equal(await page.getAttribute('[data-suite-hash="reference"]', 'data-hash'), referenceSuite.sourceSha256());
    assert.equal(await page.getAttribute('[data-suite-hash="beyond"]', 'data-hash'), beyondSuite.sourceSha256());
  });

  test('a link to a file opens it', async () => {
    const page = await open('/source/#src-src-cli-ts');
    assert.equal(await page.$eval('#src-src-cli-ts', (d) => (d as HTMLDetailsElement).open), true);
  });
});

/** Presses Tab up to `max` times and returns a description of each element that took focus. */
async function tabThrough(page: Page, max: number): Promise<string[]> {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    seen.push(
      await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return 'body';
        const name = el.getAttribute('aria-label') ?? el.getAttribute('name') ?? (el.textContent ?? '').trim().slice(0, 40);
        return `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''}:${name}`;
      }),
    );
  }
  return seen;
}

describe('keyboard and screen readers', () => {
  test('the skip link comes first and moves focus to the article; the contents link to their sections', async () => {
    const page = await open('/');
    const [first] = await tabThrough(page, 1);
    assert.equal(first, 'a.skip-link:Skip to the article');
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'article');
    assert.ok(new URL(page.url()).hash === '#article');
    // The contents are collapsed: the first link is reached once they are opened.
    await page.click('nav.toc summary');
    const target = await page.$eval('nav.toc ol a', (a) => a.getAttribute('href')!);
    await page.focus('nav.toc ol a');
    await page.keyboard.press('Enter');
    // Following a link is asynchronous: on a busy machine the hash can still be the skip link's when read at once.
    await page.waitForFunction((t) => location.hash === t, target, { timeout: 5_000 }).catch(() => undefined);
    assert.equal(new URL(page.url()).hash, target);
    const inView = await page.$eval(target, (h) => {
      const r = h.getBoundingClientRect();
      return r.top >= 0 && r.top < innerHeight;
    });
    assert.ok(inView, `${target} scrolled into view`);
  });

  test('tabbing reaches the calculator, whose inputs are labelled and whose result is announced', async () => {
    const page = await open('/');
    const seen = await tabThrough(page, 400);
    assert.ok(seen.includes('input:hops') && seen.includes('input:percent'), 'both calculator inputs take focus');
    const names = await page.$$eval('form[data-availability-calculator] input', (inputs) => inputs.map((i) => (i as HTMLInputElement).labels?.[0]?.textContent?.trim()));
    assert.ok(names.every((n) => n && n.length > 5), `labels: ${names.join(' | ')}`);
    const live = page.locator('form[data-availability-calculator] [aria-live="polite"]');
    assert.equal(await live.count(), 1);
    const before = await live.textContent();
    await page.focus('form[data-availability-calculator] input[name="hops"]');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('5');
    await page.waitForFunction((text) => document.querySelector('form[data-availability-calculator] [aria-live="polite"]')!.textContent !== text, before);
    assert.match((await live.textContent())!, /5 services in sequence at 99\.9% each: the chain is available 99\.5\d*% of the time/);
  });

  test('on the source page the keyboard opens a file and reaches its copy button, which is labelled', async () => {
    const page = await open('/source/');
    const seen = await tabThrough(page, 3);
    assert.equal(seen[0], 'a.skip-link:Skip to the article');
    // Back link, then the first file's summary.
    assert.match(seen[2]!, /^summary:bench\/package\.json/);
    await page.keyboard.press('Enter');
    assert.equal(await page.$eval('details[data-source-file]', (d) => (d as HTMLDetailsElement).open), true);
    const [next] = await tabThrough(page, 1);
    assert.equal(next, 'button.copy-button:Copy bench/package.json');
  });
});

describe('zoom and narrow screens', () => {
  for (const [label, options] of [
    ['320 px wide', { viewport: { width: 320, height: 640 }, isMobile: true }],
    ['390 px wide', { viewport: { width: 390, height: 844 }, isMobile: true }],
    ['200% zoom of a 1280 px window', { viewport: { width: 640, height: 450 }, deviceScaleFactor: 2 }],
  ] as const) {
    test(`${label}: nothing is wider than the screen; every table's figures are in view without scrolling sideways`, async () => {
      // The source page has no tables; its width is checked at 320 px and at 200% zoom only (opening every file is slow).
      for (const pagePath of [...ARTICLE_PAGES.map(urlPath), ...(label === '390 px wide' ? [] : ['/source/'])]) {
        const page = await open(pagePath, options);
        await openAllDetails(page);
        const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: innerWidth }));
        assert.ok(widths.doc <= widths.view, `${pagePath} is ${widths.doc}px wide on a ${widths.view}px screen`);
        const tables = await page.$$eval('table', (ts) =>
          ts.map((t) => {
            const box = t.closest('.table-scroll, .data-table') ?? t.parentElement!;
            // The first cell that holds a figure, and the last cell of the widest row.
            const cells = [...t.querySelectorAll('tbody td')];
            const figure = cells.find((c) => /\d/.test(c.textContent ?? ''));
            return {
              name: t.id || (t.querySelector('caption')?.textContent ?? '').trim().slice(0, 60),
              scrolls: box.scrollWidth > box.clientWidth + 1,
              figureRight: figure ? figure.getBoundingClientRect().right : 0,
              boxRight: box.getBoundingClientRect().right,
            };
          }),
        );
        for (const t of tables) {
          assert.ok(!t.scrolls, `${pagePath}: table "${t.name}" scrolls sideways`);
          assert.ok(t.figureRight <= t.boxRight + 1, `${pagePath}: table "${t.name}": its first figure is out of view`);
        }
      }
    });
  }

  test('the check can fail: a wide table that does not stack scrolls sideways', async () => {
    const page = await open('/', { viewport: { width: 390, height: 844 }, isMobile: true });
    const scrolls = await page.evaluate(() => {
      const t = document.querySelector('#latency-table')!;
      t.classList.remove('stack');
      const box = t.closest('.table-scroll')!;
      return box.scrollWidth > box.clientWidth + 1;
    });
    assert.equal(scrolls, true);
  });

  test('no table is visible twice: tables in the open differ, and every chart keeps its data table collapsed', async () => {
    for (const articlePage of ARTICLE_PAGES) {
      const page = await open(urlPath(articlePage), { viewport: { width: 390, height: 844 }, isMobile: true });
      const shown = await page.$$eval('table', (ts) =>
        ts.filter((t) => !t.closest('details:not([open])')).map((t) => [...t.querySelectorAll('tbody td')].map((c) => (c.textContent ?? '').trim()).join('|')),
      );
      const seen = new Set<string>();
      for (const cells of shown) {
        assert.ok(!seen.has(cells), `${articlePage.file}: a table is shown twice: ${cells.slice(0, 80)}`);
        seen.add(cells);
      }
      const charts = await page.$$eval('figure[data-chart]', (fs) => fs.map((f) => ({ id: f.id, collapsed: [...f.querySelectorAll('table')].every((t) => t.closest('details:not([open])') !== null) })));
      for (const c of charts) assert.ok(c.collapsed, `${articlePage.file}: chart ${c.id} shows its data table in the open`);
    }
  });
});
