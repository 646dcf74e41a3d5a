/**
 * The price file drives the built article. One build from a scratch copy of a dated price file with
 * two prices changed and a 720 h month (the shared edited page, tests/support/edited-page.ts): every derived figure follows, in tables, chart data and prose
 * alike, and hours per month is one fact (the downtime in the availability table, the calculator and
 * the prose, and the month length the page states, with no 730 left in its prose or tables). Bad
 * price data fails the build with a message naming the file, the entry and the field, and leaves the
 * previous output exactly as it was.
 */
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parse, type HTMLElement } from 'node-html-parser';
import { fixturePage } from '../support/pages.ts';
import { copySite } from '../support/shared-site.ts';
import { editedPage, HOURS_PER_MONTH, PRICE_FIXTURE } from '../support/edited-page.ts';
import { FIXTURE, runBuild, snapshotDir, tempDir } from '../support/site-build.ts';

const HOURS = HOURS_PER_MONTH;
const dir = tempDir('prices');
after(() => rmSync(dir, { recursive: true, force: true }));
const good = JSON.parse(readFileSync(PRICE_FIXTURE, 'utf8'));
let page: HTMLElement;

before(async () => {
  assert.equal(good.hoursPerMonth, 730, 'the fixture starts from the usual 730 h');
  // The shared edited page (tests/support/edited-page.ts): changedPrices() is this file's edit.
  const run = await editedPage();
  assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`.slice(-3000));
  page = parse(readFileSync(path.join(run.dir, 'index.html'), 'utf8'), { blockTextElements: { script: true, style: true } });
});

describe('a build with changed prices and a 720 h month', () => {
  test('changes the unit price, the cost tables, the chart data, its table twin and the prose', () => {
    const cents = (selector: string) => page.querySelectorAll(selector).map((el) => Number(el.getAttribute('data-cents')));
    assert.deepEqual(cents('[data-price-id="render.small"] td[data-cents]'), [825]);
    assert.deepEqual(cents('[data-cost-table="services"] tr[data-services="20"] td[data-cents]'), [40 * 825, 40 * 2500]);
    // 0.0416 × 720 = 29.952 USD → 2,995 cents per cluster-month, 5,990 for two clusters.
    assert.deepEqual(cents('[data-cost-table="control-plane"] tr[data-price-id="eks.standard"] td[data-cents]'), [2995, 5990]);
    assert.match(page.querySelector('[data-cost-table="control-plane"] tr[data-price-id="eks.standard"]')!.text, /29\.952 → 29\.95/);
    const chart = page.querySelector('#chart-cost-growth')!;
    const spec = JSON.parse(chart.querySelector('script[data-chart-spec]')!.text);
    assert.deepEqual(spec.series[0].data.at(-1), { x: 20, y: 330 });
    // Two clusters: 2 × 29.952 = 59.904 USD.
    assert.deepEqual(spec.series[2].data[0], { x: 1, y: 59.9 });
    const twin = chart.querySelectorAll('details tbody tr').at(-1)!.querySelectorAll('th, td').map((c) => c.text.trim());
    // Extended support: 0.60 × 720 × 2 clusters = 864 USD.
    assert.deepEqual(twin, ['20', '40', '330.00', '1,000.00', '59.90', '864.00']);
    // The prose follows the file too.
    const prose = (name: string) => page.querySelectorAll(`article [data-fact="${name}"]`).map((el) => el.text.trim());
    assert.deepEqual(prose('cost.render.small.prodStaging.services1Cents'), ['$16.50']);
    assert.deepEqual(prose('cost.render.small.prodStaging.services20Cents'), ['$330.00']);
    assert.deepEqual(prose('cost.eks.standard.monthCents'), ['$29.95']);
  });

  test('99.9% for one service is 43.2 minutes a month at 720 h (0.1% × 720 h × 60)', () => {
    const expected = ((100 - 99.9) / 100) * HOURS * 60; // 43.2, computed here, not by the page's code
    const cell = page.querySelector('[data-availability-table] tr[data-level="99.9"] td[data-hops="1"]')!;
    assert.equal(cell.getAttribute('data-downtime-minutes'), expected.toFixed(1));
    assert.match(cell.textContent, /43\.2 min down/);
    const prose = page.querySelectorAll('article [data-fact="availability.one.999.downtimeMinPerMonth"]');
    assert.ok(prose.length > 0);
    for (const el of prose) assert.equal(Number(el.getAttribute('data-value')), Number(expected.toFixed(1)));
    const calculator = page.querySelector('form[data-availability-calculator]')!;
    assert.equal(calculator.getAttribute('data-hours-per-month'), String(HOURS));
    // Three services at 99.9%: (1 − 0.999³) × 720 × 60 = 129.47… min.
    assert.match(calculator.textContent, /about 129\.5 minutes/);
  });

  test('the month length is 720 wherever the page states it, and no 730 is left in prose or tables', () => {
    assert.deepEqual(page.querySelectorAll('article [data-fact="prices.hoursPerMonth"]').map((el) => el.textContent.trim()), [String(HOURS)]);
    assert.match(page.querySelector('[data-availability-table] caption')!.textContent, /720 h month/);
    const article = page.querySelector('article')!.clone() as HTMLElement;
    // Quoted code (the bench's own source and raw output) is not the page's prose.
    article.querySelectorAll('pre, code, [data-source-file]').forEach((el) => el.remove());
    assert.doesNotMatch(article.textContent, /\b730\b/);
    for (const table of page.querySelectorAll('table')) assert.doesNotMatch(table.textContent, /\b730\b/, table.id);
  });
});

describe('a build with bad price data', () => {
  test('fails, names the file, the entry, the field and what was expected, and leaves the output as it was', async () => {
    // A previous build to leave untouched: a copy of the shared fixture page.
    const first = await fixturePage();
    assert.equal(first.code, 0, first.stderr);
    const out = copySite(first, path.join(dir, 'dist'));
    const before = snapshotDir(out);
    const bad = structuredClone(good);
    bad.items[2].price = '-0.10';
    const file = path.join(dir, 'prices.json');
    writeFileSync(file, JSON.stringify(bad));
    const run = await runBuild(FIXTURE, out, [], { HOP_PRICES_FILE: file });
    assert.equal(run.code, 1, 'the build succeeded with a negative price');
    assert.ok(
      run.stderr.includes(`${file}: items[2] (id "eks.standard"), field "price": expected a price of zero or more, not a negative one, got "-0.10"`),
      run.stderr.slice(-3000),
    );
    assert.doesNotMatch(run.stderr, /\n\s+at /, 'a message, not a stack trace');
    assert.deepEqual(snapshotDir(out), before, 'the previous output is byte-identical');
  });
});
