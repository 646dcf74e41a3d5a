/**
 * Browser tests of the built page (see page-under-test.ts for which page): every chart is drawn,
 * its table twin holds the results file's numbers (rounded as the prose and tables round them), cost and availability tables hold the computed
 * figures, no console errors, light/dark and phone screenshots (each chart, and the first screen; the
 * whole article is shot once, by tests/site/browser.test.ts), no chart on any page of the site drawing a
 * text over another at 390 px, tables without JavaScript, and the page weight (reported, with a
 * JavaScript budget).
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { parseResultsText, type FailureCaseResult, type LatencyCaseResult } from '@split-on-evidence/hop-bench/schema';
import { launchBrowser } from '../support/browser.ts';
import { measurePageWeight, reportPageWeight } from '../support/page-weight.ts';
// Shared with the site tests (their file): serveStatic(dir) → { url: 'http://127.0.0.1:PORT/', close() }.
import { serveStatic, type StaticServer } from '../support/static-server.ts';
import { drawnTexts, overlappingTexts, recordCanvasTexts } from '../support/canvas-texts.ts';
import { ARTICLE_PAGES, urlPath } from '../support/article-pages.ts';
import { PRICES_FILE, REPO_ROOT, RESULTS_FILE, buildPageUnderTest, type PageUnderTest } from './page-under-test.ts';

const ARTIFACTS = path.join(REPO_ROOT, 'test-artifacts/charts');
/** A full-page screenshot of the long article can take over 30 s on the shared two-core machine under load. */
const SCREENSHOT_TIMEOUT_MS = 120_000;

/** Chart.js with only the parts used is about 58 KiB gzipped; this leaves room, and fails on a full import. */
const JS_GZIP_BUDGET_BYTES = 75 * 1024;
const CHART_IDS = ['chart-latency-percentiles', 'chart-latency-distribution', 'chart-failure-runs', 'chart-cost-growth'];

const results = parseResultsText(readFileSync(RESULTS_FILE, 'utf8'), RESULTS_FILE);
const latency = results.cases.filter((c): c is LatencyCaseResult => c.kind === 'latency');
const failure = results.cases.find((c): c is FailureCaseResult => c.kind === 'failure')!;
// The page computes from the newest snapshot; file-level fields (hoursPerMonth) apply to each.
const pricesFile = JSON.parse(readFileSync(PRICES_FILE, 'utf8'));
const pricesJson = { ...pricesFile, ...(pricesFile.snapshots?.at(-1) ?? {}) };

const num = (text: string) => Number(text.replace(/,/g, ''));
/**
 * A measured figure rounded as the page writes it everywhere (computed here, not by the page's
 * formatter): whole from 100, one decimal from 10, two from 0.1, two significant digits below.
 */
const bySize = (v: number) => {
  const a = Math.abs(v);
  if (Number.isInteger(v) || a >= 99.95) return Math.round(v);
  if (a >= 9.995) return Math.round(v * 10) / 10;
  if (a >= 0.1) return Math.round(v * 100) / 100;
  return Number(v.toPrecision(2));
};

let built: PageUnderTest;
let server: StaticServer;
let browser: Browser;
let url: string;

/**
 * Opens the page in a new context and collects console errors and uncaught exceptions.
 * Contexts are left open until the browser closes: the @sparticuz Chromium runs --single-process,
 * where closing a context ends the whole browser.
 */
async function open(options: Parameters<Browser['newContext']>[0] = {}): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => errors.push(`request failed: ${r.url()}`));
  const response = await page.goto(url, { waitUntil: 'load' });
  assert.equal(response?.status(), 200);
  if (options.javaScriptEnabled !== false) {
    // Charts are drawn as they near the viewport: bring each into view (every chart on the page,
    // the beyond sections' too), then back to the top.
    for (const id of await page.$$eval('[data-chart]', (figures) => figures.map((f) => f.id))) {
      await page.locator(`#${id}`).scrollIntoViewIfNeeded();
      await page.waitForFunction((chartId) => document.getElementById(chartId)?.dataset.chartDrawn === 'true', id);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
  }
  return { context, page, errors };
}

/** Painted pixels, distinct colours and a fingerprint of a chart's canvas. */
/**
 * Lets the page render a few frames. A viewport change reaches Chart.js through a ResizeObserver,
 * and Chart.js applies it on the next animation frame, so after these frames the charts have their
 * new size however busy the machine is (counted in frames, not in milliseconds).
 */
async function frames(page: Page, count = 5): Promise<void> {
  await page.evaluate(
    (n) =>
      new Promise<void>((resolve) => {
        const step = (left: number): void => void (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
        step(n);
      }),
    count,
  );
}

async function canvasStats(page: Page, id: string) {
  return page.evaluate((figureId) => {
    const canvas = document.querySelector<HTMLCanvasElement>(`#${figureId} canvas`)!;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let painted = 0;
    let hash = 0;
    const colours = new Set<number>();
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3] > 0) {
        painted++;
        colours.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
      }
      hash = (hash * 31 + data[i] + data[i + 1] * 3 + data[i + 2] * 7 + data[i + 3] * 11) | 0;
    }
    return { painted, total: data.length / 4, colours: colours.size, hash, cssHeight: canvas.clientHeight, cssWidth: canvas.clientWidth };
  }, id);
}

/** The rows of a figure's (or element's) table: [row header, ...cells] as text. */
async function tableRows(page: Page, selector: string): Promise<string[][]> {
  return page.$$eval(`${selector} tbody tr`, (rows) => rows.map((r) => [...r.children].map((c) => (c.textContent ?? '').trim().replace(/\s+/g, ' '))));
}

before(async () => {
  built = await buildPageUnderTest();
  server = await serveStatic(built.distDir);
  browser = await launchBrowser();
  url = new URL(built.pagePath, server.url).href;
  mkdirSync(ARTIFACTS, { recursive: true });
  console.log(`page under test: ${url}, from ${built.distDir}`);
});

// Each test's pages are closed after it (their contexts stay open, see open()): pages left open go on
// running their charts' scripts and slow every later test down.
afterEach(async () => {
  for (const context of browser?.contexts() ?? []) for (const page of context.pages()) await page.close();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

describe('charts on the built page', () => {
  it('draws every chart (non-blank canvas) with a caption, an accessible name and a table twin, without console errors', async () => {
    const { context, page, errors } = await open({ viewport: { width: 1000, height: 900 } });
    const ids = await page.$$eval('[data-chart]', (figures) => figures.map((f) => f.id));
    for (const id of CHART_IDS) assert.ok(ids.includes(id), `chart ${id} is missing; page has ${ids.join(', ')}`);
    for (const id of ids) {
      const stats = await canvasStats(page, id);
      assert.ok(stats.painted / stats.total > 0.02, `${id}: only ${stats.painted} of ${stats.total} pixels painted`);
      assert.ok(stats.colours >= 3, `${id}: ${stats.colours} colours drawn`);
      const a11y = await page.$eval(`#${id}`, (f) => ({
        tag: f.tagName,
        caption: f.querySelector('figcaption')?.textContent?.trim() ?? '',
        role: f.querySelector('canvas')?.getAttribute('role'),
        label: f.querySelector('canvas')?.getAttribute('aria-label') ?? '',
        tableRows: f.querySelectorAll('details table tbody tr').length,
        headers: f.querySelectorAll('details table thead th[scope="col"]').length,
      }));
      assert.equal(a11y.tag, 'FIGURE', id);
      assert.ok(a11y.caption.length > 40, `${id}: caption "${a11y.caption}"`);
      assert.equal(a11y.role, 'img', id);
      assert.ok(a11y.label.length > 20, `${id}: aria-label "${a11y.label}"`);
      assert.ok(a11y.tableRows > 0 && a11y.headers > 1, `${id}: table twin has ${a11y.tableRows} rows`);
    }
    await page.screenshot({ path: path.join(ARTIFACTS, 'page-light.png'), timeout: SCREENSHOT_TIMEOUT_MS });
    for (const id of ids) await page.locator(`#${id}`).screenshot({ path: path.join(ARTIFACTS, `${id}-light.png`) });
    assert.deepEqual(errors, []);
  });

  it('latency table twin holds the results file’s medians', async () => {
    const { context, page } = await open();
    const rows = await tableRows(page, '#chart-latency-percentiles details');
    assert.equal(rows.length, latency.length);
    rows.forEach((row, i) => {
      const c = latency[i];
      assert.equal(row[0], `${c.id}: ${c.title}`);
      assert.deepEqual(row.slice(1).map(num), [c.hops, bySize(c.median.p50Us), bySize(c.median.p95Us), bySize(c.median.p99Us)], c.id);
    });
  });

  it('distribution table twin holds every histogram count of the results file, runs summed', async () => {
    const { context, page } = await open();
    const rows = await tableRows(page, '#chart-latency-distribution details');
    // Independent sum: merged lower edge → calls, per case. The chart draws four stored bins as one
    // (20 per decade as 5): stored bin j lands in drawn bin floor(j / 4), whose lower edge is 10^(4·floor(j/4)/20).
    const expected = latency.map((c) => {
      const byEdge = new Map<number, number>();
      for (const run of c.runs) {
        run.histogram.counts.forEach((n, k) => {
          const j = Math.round(Math.log10(run.histogram.edgesUs[k]!) * run.histogram.binsPerDecade);
          const lower = bySize(Number((10 ** ((4 * Math.floor(j / 4)) / run.histogram.binsPerDecade)).toPrecision(6)));
          byEdge.set(lower, (byEdge.get(lower) ?? 0) + n);
        });
      }
      return byEdge;
    });
    const seen = latency.map(() => new Map<number, number>());
    for (const row of rows) {
      const lower = num(row[0].split(' to ')[0]);
      row.slice(1).forEach((cell, i) => {
        if (num(cell) > 0) seen[i].set(lower, num(cell));
      });
    }
    latency.forEach((c, i) => {
      const nonZero = new Map([...expected[i]].filter(([, n]) => n > 0));
      assert.deepEqual(seen[i], nonZero, `case ${c.id}`);
      const total = [...seen[i].values()].reduce((a, b) => a + b, 0);
      assert.equal(total, c.runs.reduce((a, r) => a + r.samples, 0), `case ${c.id} total`);
    });
  });

  it('failure table twin holds every variant’s runs from the results file', async () => {
    const { context, page } = await open();
    const rows = await tableRows(page, '#chart-failure-runs details');
    const expected = failure.variants.flatMap((v) =>
      v.runs.map((r) => [v.label, r.run + 1, r.calls, r.failed, r.invoicesWritten, r.duplicates, r.slowCalls, Math.round(r.slowestMs)]),
    );
    assert.deepEqual(
      rows.map((r) => [r[0], ...r.slice(1).map(num)]),
      expected,
    );
  });

  it('cost chart and cost tables hold the price file’s arithmetic', async () => {
    const { context, page } = await open();
    const micros = (price: string) => {
      const [whole, fraction = ''] = price.split('.');
      return Number(whole) * 1e6 + Number(fraction.padEnd(6, '0'));
    };
    const hours = pricesJson.hoursPerMonth as number;
    // Independent arithmetic: month price in cents (half up), × 2 environments × services.
    const monthCents = (item: { price: string; unit: string }) =>
      Math.floor((micros(item.price) * (item.unit === 'per-cluster-hour' ? hours : 1) + 5000) / 10000);
    const instances = pricesJson.items.filter((i: { unit: string }) => i.unit === 'per-instance-month');
    const planes = pricesJson.items.filter((i: { unit: string }) => i.unit === 'per-cluster-hour');
    const dollars = (cents: number) => cents / 100;
    const rows = await tableRows(page, '#chart-cost-growth details');
    assert.deepEqual(
      rows.map((r) => r.map(num)),
      [1, 2, 3, 5, 10, 20].map((n) => [n, 2 * n, ...instances.map((i: never) => dollars(2 * n * monthCents(i))), ...planes.map((p: never) => dollars(2 * monthCents(p)))]),
    );
    const services = await page.$$eval('[data-cost-table="services"] tbody tr', (trs) =>
      trs.map((tr) => [Number((tr as HTMLElement).dataset.services), ...[...tr.querySelectorAll('td[data-cents]')].map((td) => Number((td as HTMLElement).dataset.cents))]),
    );
    assert.deepEqual(
      services,
      [1, 2, 3, 5, 10, 20].map((n) => [n, ...instances.map((i: never) => 2 * n * monthCents(i))]),
    );
    const dated = await page.$eval('.costs-dated', (p) => ({ text: p.textContent?.replace(/\s+/g, ' ') ?? '', age: Number((p as HTMLElement).dataset.pricesAgeDays) }));
    assert.match(dated.text, new RegExp(`Prices read on ${pricesJson.items.map((i: { readOn: string }) => i.readOn).sort()[0]}`));
    const oldest = Date.UTC(...(pricesJson.items.map((i: { readOn: string }) => i.readOn).sort()[0].split('-').map(Number).map((v: number, k: number) => (k === 1 ? v - 1 : v)) as [number, number, number]));
    const expectedAge = Math.floor(Date.now() / 86_400_000) - oldest / 86_400_000;
    assert.ok(Math.abs(dated.age - expectedAge) <= 1, `age ${dated.age} days, expected about ${expectedAge}`);
    assert.match(dated.text, new RegExp(`${dated.age} days? old when this page was built`));
    assert.match(await page.$eval('.costs-excluded', (p) => p.textContent ?? ''), /monitoring, logging and CI.*worker nodes, data transfer, and engineering time/s);
  });
});

describe('charts drawn as they scroll into view', () => {
  it('at load no chart is drawn and Chart.js is not fetched; a chart scrolled to is drawn', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const drawnAtLoad = await page.$$eval('[data-chart]', (fs) => fs.filter((f) => (f as HTMLElement).dataset.chartDrawn === 'true').length);
    assert.equal(drawnAtLoad, 0, 'no chart is near the first screen, so none is drawn');
    const chartCode = (src: string) => readFileSync(path.join(built.distDir, src), 'utf8').includes('data-chart-spec');
    assert.deepEqual(scripts.filter(chartCode), [], 'Chart.js is not loaded before a chart is near');
    await page.locator(`#${CHART_IDS[0]}`).scrollIntoViewIfNeeded();
    await page.waitForFunction((id) => document.getElementById(id)?.dataset.chartDrawn === 'true', CHART_IDS[0]);
    assert.ok(scripts.some(chartCode), 'Chart.js loads with the first chart');
  });
});

describe('availability on the built page', () => {
  it('the table holds the exact chain figures', async () => {
    const { context, page } = await open();
    const rows = await tableRows(page, '[data-availability-table]');
    assert.deepEqual(rows, [
      ['99.9', '99.900% 43.8 min down', '99.800% 87.6 min down', '99.700% 131.3 min down', '99.601% 174.9 min down', '99.501% 218.6 min down'],
      ['99.95', '99.950% 21.9 min down', '99.900% 43.8 min down', '99.850% 65.7 min down', '99.800% 87.5 min down', '99.750% 109.4 min down'],
      ['99.99', '99.990% 4.4 min down', '99.980% 8.8 min down', '99.970% 13.1 min down', '99.960% 17.5 min down', '99.950% 21.9 min down'],
    ]);
  });

  it('the calculator answers as the build-time arithmetic does', async () => {
    const { context, page, errors } = await open();
    const form = page.locator('form[data-availability-calculator]');
    assert.equal(await form.isVisible(), true);
    const output = form.locator('output');
    assert.match((await output.textContent()) ?? '', /3 services in sequence at 99\.9% each: the chain is available 99\.700% of the time, about 131\.3 minutes/);
    await form.locator('input[name="hops"]').fill('2');
    await form.locator('input[name="percent"]').fill('99.95');
    assert.match((await output.textContent()) ?? '', /2 services in sequence at 99\.95% each: the chain is available 99\.900% of the time, about 43\.8 minutes of downtime per month/);
    await form.locator('input[name="percent"]').fill('abc');
    assert.match((await output.textContent()) ?? '', /Enter 1 to 50 services and a percentage/);
    assert.deepEqual(errors, []);
  });
});

describe('themes, phones and no JavaScript', () => {
  it('charts follow the dark theme, also when it changes after load', async () => {
    const light = await open({ colorScheme: 'light' });
    const dark = await open({ colorScheme: 'dark' });
    for (const id of CHART_IDS) {
      const [l, d] = [await canvasStats(light.page, id), await canvasStats(dark.page, id)];
      assert.notEqual(l.hash, d.hash, `${id} looks the same in light and dark`);
    }
    const textColour = (p: Page) => p.$eval('#chart-latency-percentiles', (f) => getComputedStyle(f).getPropertyValue('--chart-text').trim());
    assert.notEqual(await textColour(dark.page), await textColour(light.page), 'the text colour variable ignores the theme');
    await dark.page.screenshot({ path: path.join(ARTIFACTS, 'page-dark.png'), timeout: SCREENSHOT_TIMEOUT_MS });
    for (const id of CHART_IDS) await dark.page.locator(`#${id}`).screenshot({ path: path.join(ARTIFACTS, `${id}-dark.png`) });
    // Live switch: the light page re-colours without a reload.
    const before = await canvasStats(light.page, 'chart-cost-growth');
    await light.page.emulateMedia({ colorScheme: 'dark' });
    let afterSwitch = await canvasStats(light.page, 'chart-cost-growth');
    // The media change redraws the chart on a following frame; wait for frames, not milliseconds.
    for (let tries = 0; afterSwitch.hash === before.hash && tries < 20; tries++) {
      await frames(light.page);
      afterSwitch = await canvasStats(light.page, 'chart-cost-growth');
    }
    const darkStats = await canvasStats(dark.page, 'chart-cost-growth');
    assert.notEqual(afterSwitch.hash, before.hash, 'the chart did not re-colour when the theme changed');
    assert.equal(afterSwitch.hash, darkStats.hash, 'the re-coloured chart differs from one drawn dark');
    assert.deepEqual([...light.errors, ...dark.errors], []);
  });

  it('fits a phone screen and does not grow when resized', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const { context, page, errors } = await open({ viewport: { width: 375, height: 740 }, colorScheme: scheme, deviceScaleFactor: 2 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px on a phone`);
      for (const id of CHART_IDS) {
        const s = await canvasStats(page, id);
        assert.ok(s.cssWidth <= 375 && s.cssWidth > 250, `${id}: ${s.cssWidth}px wide on a 375px screen`);
        assert.ok(s.cssHeight >= 250 && s.cssHeight <= 560, `${id}: ${s.cssHeight}px tall`);
      }
      await page.screenshot({ path: path.join(ARTIFACTS, `phone-${scheme}.png`), timeout: SCREENSHOT_TIMEOUT_MS });
      for (const id of CHART_IDS) await page.locator(`#${id}`).screenshot({ path: path.join(ARTIFACTS, `phone-${id}-${scheme}.png`) });
      const heights = async () => Promise.all(CHART_IDS.map(async (id) => (await canvasStats(page, id)).cssHeight));
      const first = await heights();
      await page.setViewportSize({ width: 900, height: 740 });
      await frames(page);
      await page.setViewportSize({ width: 375, height: 740 });
      await frames(page);
      const again = await heights();
      await frames(page);
      assert.deepEqual(again, first, 'chart heights changed after resizing back');
      assert.deepEqual(await heights(), again, 'charts keep growing');
      assert.deepEqual(errors, []);
    }
  });

  it('without JavaScript the tables carry the figures and the calculator stays hidden', async () => {
    const { context, page } = await open({ javaScriptEnabled: false });
    for (const id of CHART_IDS) {
      const state = await page.$eval(`#${id}`, (f) => ({ drawn: (f as HTMLElement).dataset.chartDrawn, rows: f.querySelectorAll('details table tbody tr').length }));
      assert.equal(state.drawn, undefined);
      assert.ok(state.rows > 0, id);
    }
    assert.equal(await page.locator('form[data-availability-calculator]').isVisible(), false);
    assert.ok((await page.$$('[data-cost-table] tbody tr')).length >= 6);
    await page.screenshot({ path: path.join(ARTIFACTS, 'page-no-js.png'), timeout: SCREENSHOT_TIMEOUT_MS });
  });
});

/** A phone 390 px wide: the width the site's pages are checked at. */
const PHONE_390 = { viewport: { width: 390, height: 844 }, isMobile: true } as const;

/**
 * Opens `pagePath` of the built site in `context` (recording canvas texts), draws every chart on it and
 * returns, per chart id, the pairs of texts it drew over one another, with the page's console errors.
 */
async function chartOverlaps(context: BrowserContext, pagePath: string): Promise<{ page: Page; overlaps: Record<string, string[]>; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  await page.goto(new URL(pagePath.replace(/^\//, ''), server.url).href, { waitUntil: 'load' });
  const ids = await page.$$eval('[data-chart]', (figures) => figures.map((f) => f.id));
  for (const id of ids) {
    await page.locator(`#${id}`).scrollIntoViewIfNeeded();
    await page.waitForFunction((chartId) => document.getElementById(chartId)?.dataset.chartDrawn === 'true', id);
  }
  // A chart redrawn at its settled size (ResizeObserver, next frame) is the one to read.
  await frames(page);
  const overlaps: Record<string, string[]> = {};
  for (const id of ids) {
    const texts = await drawnTexts(page, `#${id} canvas`);
    assert.ok(texts.length > 5, `${pagePath} ${id}: only ${texts.length} texts recorded: is the recorder wired?`);
    overlaps[id] = overlappingTexts(texts);
  }
  return { page, overlaps, errors };
}

describe('chart texts on a phone', () => {
  it('at 390 px no chart on any page draws a text over another (tick labels, axis titles, legend)', async () => {
    const context = await browser.newContext(PHONE_390);
    await recordCanvasTexts(context);
    const seen: string[] = [];
    for (const articlePage of ARTICLE_PAGES) {
      const { page, overlaps, errors } = await chartOverlaps(context, urlPath(articlePage));
      for (const [id, pairs] of Object.entries(overlaps)) {
        seen.push(id);
        assert.deepEqual(pairs, [], `${urlPath(articlePage)} ${id} draws texts over one another at 390 px`);
        await page.locator(`#${id}`).screenshot({ path: path.join(ARTIFACTS, `phone-390-${id}.png`) });
      }
      assert.deepEqual(errors, [], urlPath(articlePage));
    }
    for (const id of [...CHART_IDS, 'chart-tls-network']) assert.ok(seen.includes(id), `chart ${id} was not checked; checked ${seen.join(', ')}`);
  });

  it('the check can fail: the TLS chart with its six cases side by side (vertical bars) overlaps its labels at 390 px', async () => {
    const context = await browser.newContext(PHONE_390);
    await recordCanvasTexts(context);
    // The same page, its TLS chart's spec served without `horizontal` (the layout that overlapped).
    let rewritten = false;
    await context.route('**/tls-and-the-network/', async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      const vertical = html.replace('"type":"bar","horizontal":true,', '"type":"bar",');
      rewritten = vertical !== html;
      await route.fulfill({ response, body: vertical });
    });
    const { overlaps } = await chartOverlaps(context, '/tls-and-the-network/');
    assert.ok(rewritten, 'the TLS chart spec was not horizontal to begin with');
    assert.ok(overlaps['chart-tls-network']!.length > 0, 'vertical TLS bars at 390 px: no overlap found');
  });
});

describe('the main chart at 320 px', () => {
  const PHONE_320 = { viewport: { width: 320, height: 640 }, isMobile: true } as const;
  it('writes the case letters alone (narrowLabels), which draw no text over another; the full labels did', async () => {
    const context = await browser.newContext(PHONE_320);
    await recordCanvasTexts(context);
    const { overlaps } = await chartOverlaps(context, '/');
    assert.deepEqual(overlaps['chart-latency-percentiles'], [], 'the percentiles chart at 320 px');
    // The check can fail: the same page with the spec's short labels removed overlaps its labels at 320 px.
    const full = await browser.newContext(PHONE_320);
    await recordCanvasTexts(full);
    let rewritten = false;
    await full.route((u) => u.pathname === '/', async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      const without = html.replace(/,"narrowLabels":\[[^\]]*\]/, '');
      rewritten = without !== html;
      await route.fulfill({ response, body: without });
    });
    const before = await chartOverlaps(full, '/');
    assert.ok(rewritten, 'the percentiles chart had no narrowLabels to remove');
    assert.ok(before.overlaps['chart-latency-percentiles']!.length > 0, 'full labels at 320 px: no overlap found');
  });
});

describe('page weight', () => {
  it('is measured and reported; the chart JavaScript stays within budget and nothing is fetched at run time', async (t) => {
    const weight = await measurePageWeight(browser, url);
    const summary = reportPageWeight(weight, path.join(ARTIFACTS, 'page-weight.json'));
    t.diagnostic(summary);
    console.log(summary);
    assert.ok(weight.jsGzipBytes > 0, 'no JavaScript loaded: are the charts on the page?');
    assert.ok(weight.jsGzipBytes <= JS_GZIP_BUDGET_BYTES, `JavaScript is ${weight.jsGzipBytes} bytes gzipped, budget ${JS_GZIP_BUDGET_BYTES}`);
    assert.equal(weight.runtimeFetches, 0);
  });

  it('pages without charts do not load the chart code', () => {
    const html = readdirSync(built.distDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html'));
    const page = readFileSync(path.join(built.distDir, built.pagePath.replace(/\/$/, '/index.html').replace(/^\//, '')), 'utf8');
    const chartScripts = [...page.matchAll(/<script type="module" src="([^"]+)"/g)]
      .map((m) => m[1])
      .filter((src) => readFileSync(path.join(built.distDir, src), 'utf8').includes('[data-chart]'));
    assert.equal(chartScripts.length, 1, `expected one chart bundle on the page, got ${chartScripts.join(', ')}`);
    for (const file of html) {
      const text = readFileSync(path.join(built.distDir, file), 'utf8');
      if (!text.includes('data-chart')) assert.ok(!text.includes(chartScripts[0]), `${file} has no chart but loads ${chartScripts[0]}`);
    }
  });
});
