/**
 * The built page in headless Chromium (playwright-core via tests/support/browser.ts; no browser is a
 * failure, never a skip): no console errors or failed requests, every section heading, both tables and
 * the link to the code listing visible, copy buttons on the source page working with JavaScript and hidden without it, nothing wider
 * than a phone screen, print hiding the controls. Screenshots go to test-artifacts/.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { after, afterEach, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { serveStatic, type StaticServer } from '../support/static-server.ts';
import { ARTICLE_SECTIONS } from '../support/article-sections.ts';
import { ROOT, tempDir } from '../support/site-build.ts';
import { fixturePage } from '../support/pages.ts';

const ARTIFACTS = path.join(ROOT, 'test-artifacts');


let work: string;
let server: StaticServer;
let browser: Browser;

before(async () => {
  work = tempDir('browser');
  const site = await fixturePage();
  assert.equal(site.code, 0, site.stdout + site.stderr);
  server = await serveStatic(site.dir);
  browser = await launchBrowser();
  mkdirSync(ARTIFACTS, { recursive: true });
});

// Each test's pages are closed after it (their contexts stay open, see open()): pages left open go on
// running their charts' scripts and slow every later test down.
afterEach(async () => {
  for (const context of browser?.contexts() ?? []) for (const page of context.pages()) await page.close();
});

after(async () => {
  await browser?.close();
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

/**
 * Opens the page in a new context and collects console errors, page errors and failed requests.
 * Contexts stay open until the browser closes: @sparticuz/chromium runs --single-process, where
 * closing a context can end the whole browser.
 */
async function open(
  options: Parameters<Browser['newContext']>[0] = {},
  given?: BrowserContext,
  pagePath = '/',
): Promise<{ page: Page; problems: string[] }> {
  const context = given ?? (await browser.newContext(options));
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  await page.goto(new URL(pagePath.replace(/^\//, ''), server.url).href, { waitUntil: 'load' });
  return { page, problems };
}

describe('the page in Chromium', () => {
  test('desktop, light: no console errors, all sections, tables and listing visible; first-screen screenshot', async () => {
    const { page, problems } = await open({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
    const headings = await page.locator('article h2').allTextContents();
    assert.deepEqual(headings.map((h) => h.trim()), ARTICLE_SECTIONS);
    for (const name of ARTICLE_SECTIONS) await assertVisible(page.getByRole('heading', { level: 2, name, exact: true }), name);
    await assertVisible(page.locator('#latency-table'), 'A–D table');
    await assertVisible(page.locator('#failure-table'), 'E table');
    await assertVisible(page.locator('#bench-output'), 'bench output');
    await assertVisible(page.locator('[data-source-folder="bench/src/cases/e-failure/"]'), 'link to the code listing');
    assert.equal(await page.locator('#latency-table tbody[data-case="B"] tr[data-row="median"] td[data-col="p50Us"]').textContent(), '230'); // 230.322 µs, whole from 100 µs
    const file = path.join(ARTIFACTS, 'site-first-screen-light.png');
    // The first screen only: a full-page shot of the long article cost a minute of CPU per run.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: file });
    assert.ok(statSync(file).size > 20_000, 'a real screenshot was written (a blank screen is under 10 kB)');
    assert.deepEqual(problems, []);
  });

  test('copy buttons appear with JavaScript and copy the file exactly', async () => {
    // Headless Chromium (single-process) has no working system clipboard, so the page gets a recording
    // clipboard before its scripts run; what is checked is the text our script hands to writeText.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(() => {
      const w = window as unknown as { __copied: string[] };
      w.__copied = [];
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: async (text: string) => void w.__copied.push(text) },
      });
    });
    const { page, problems } = await open({}, context, '/source/');
    const figure = page.locator('details[data-source-file="bench/src/harness/prng.ts"]');
    await figure.locator('summary').click();
    const button = figure.locator('button.copy-button');
    await assertVisible(button, 'copy button');
    await button.click();
    // The copy is asynchronous; the label changes once the clipboard has the text (or failed).
    const label = await page.waitForFunction(
      (el) => (el.textContent !== 'Copy' ? el.textContent : null),
      await button.elementHandle(),
      { timeout: 5000 },
    );
    assert.equal(await label.jsonValue(), 'Copied');
    const copied = await page.evaluate(() => (window as unknown as { __copied: string[] }).__copied.join(''));
    assert.equal(copied.replace(/\n$/, ''), readFileSync(path.join(ROOT, 'bench/src/harness/prng.ts'), 'utf8').replace(/\n$/, ''));
    assert.deepEqual(problems, []);
  });

  test('without JavaScript the article is complete and the copy buttons stay hidden', async () => {
    const { page, problems } = await open({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });
    assert.equal(await page.locator('article h2').count(), ARTICLE_SECTIONS.length);
    await assertVisible(page.locator('#failure-table'), 'E table');
    // The source page: files open without JavaScript (native <details>), copy buttons stay hidden.
    const source = await open({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false }, undefined, '/source/');
    await source.page.locator('details[data-source-file="bench/src/cli.ts"] summary').click();
    await assertVisible(source.page.locator('details[data-source-file="bench/src/cli.ts"] pre'), 'code listing');
    assert.equal(await source.page.locator('button.copy-button:visible').count(), 0);
    assert.deepEqual([...problems, ...source.problems], []);
  });

  test('phone, dark: nothing overflows the screen; the A–D table stacks its rows and keeps every figure in view', async () => {
    const { page, problems } = await open({ viewport: { width: 375, height: 800 }, colorScheme: 'dark', isMobile: true });
    const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }));
    assert.ok(widths.doc <= widths.view, `page is ${widths.doc}px wide on a ${widths.view}px screen`);
    const box = await page.locator('#latency-table').evaluate((t) => {
      const wrap = t.parentElement!;
      return { scroll: wrap.scrollWidth, client: wrap.clientWidth, overflow: getComputedStyle(wrap).overflowX };
    });
    assert.equal(box.overflow, 'auto');
    assert.ok(box.scroll <= box.client, 'the A–D table fits a phone: its rows stack (src/tables/table-stack.ts)');
    const p99 = await page.locator('#latency-table tbody[data-case="D"] tr[data-row="median"] td[data-col="p99Us"]').evaluate((td) => td.getBoundingClientRect().right);
    assert.ok(p99 <= 375, `D's median p99 is in view (right edge ${p99})`);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert.equal(background, 'rgb(21, 23, 26)', 'dark scheme follows prefers-color-scheme');
    await page.screenshot({ path: path.join(ARTIFACTS, 'site-phone-dark.png'), fullPage: false });
    assert.deepEqual(problems, []);
  });

  test('phone: the printed reports keep their columns and scroll inside their own boxes, with an edge shadow as the hint; the page does not scroll sideways', async () => {
    const { page, problems } = await open({ viewport: { width: 390, height: 844 }, isMobile: true });
    const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }));
    assert.ok(widths.doc <= widths.view, `page is ${widths.doc}px wide on a ${widths.view}px screen`);
    for (const id of ['bench-output', 'beyond-bench-output']) {
      const box = await page.locator(`#${id}`).evaluate((pre) => {
        const wrap = pre.closest('.terminal-box')!;
        const style = getComputedStyle(wrap);
        return { scroll: wrap.scrollWidth, client: wrap.clientWidth, right: wrap.getBoundingClientRect().right, overflow: style.overflowX, image: style.backgroundImage, wraps: getComputedStyle(pre).whiteSpace };
      });
      assert.equal(box.wraps, 'pre', `${id}: lines keep their columns`);
      assert.ok(box.scroll > box.client, `${id}: its lines are wider than a phone, so the box scrolls (${box.scroll} > ${box.client})`);
      assert.equal(box.overflow, 'auto', `${id}: it scrolls inside its own box`);
      assert.ok(box.right <= 390, `${id}: the box ends inside the screen (${box.right})`);
      assert.match(box.image, /radial-gradient/, `${id}: the box draws the edge shadows that show there is more to the side`);
    }
    assert.deepEqual(problems, []);
  });

  test('print: controls hidden, code wraps, light colours', async () => {
    const { page } = await open({ viewport: { width: 900, height: 900 }, colorScheme: 'dark' });
    await page.emulateMedia({ media: 'print' });
    const styles = await page.evaluate(() => ({
      pre: getComputedStyle(document.querySelector('#bench-output')!).whiteSpace,
      bg: getComputedStyle(document.body).backgroundColor,
    }));
    assert.deepEqual(styles, { pre: 'pre-wrap', bg: 'rgb(255, 255, 255)' });
    const source = await open({ viewport: { width: 900, height: 900 }, colorScheme: 'dark' }, undefined, '/source/');
    await source.page.emulateMedia({ media: 'print' });
    assert.equal(await source.page.evaluate(() => getComputedStyle(document.querySelector('button.copy-button')!).display), 'none');
    const pdf = await page.pdf({ format: 'A4' });
    assert.ok(pdf.length > 10_000, 'the page prints');
  });
});

async function assertVisible(locator: ReturnType<Page['locator']>, what: string): Promise<void> {
  await locator.scrollIntoViewIfNeeded();
  assert.ok(await locator.isVisible(), `${what} is visible`);
  const box = await locator.boundingBox();
  assert.ok(box && box.width > 0 && box.height > 0, `${what} has a size`);
}
