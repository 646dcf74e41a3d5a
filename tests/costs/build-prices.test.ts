/**
 * The price file drives the built page: a changed price changes every derived figure, and bad price
 * data fails the build with a message naming the file, the entry and the field. The component test
 * page (tests/charts/fixture-site) stands in for the article here.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'node-html-parser';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { buildComponentPage } from '../charts/page-under-test.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'bad-prices-'));
const good = JSON.parse(readFileSync('tests/costs/fixtures/prices-2026-10-19.json', 'utf8'));

describe('a build with a changed price', () => {
  it('changes the unit price, the cost table, the chart data and its table twin', () => {
    const changed = structuredClone(good);
    changed.items[0].price = '8.25'; // render.small
    changed.items[2].price = '0.0416'; // eks.standard, a price that does not divide evenly
    const file = path.join(dir, 'changed.json');
    writeFileSync(file, JSON.stringify(changed));
    const out = path.join(dir, 'dist-changed');
    const { status, output } = buildComponentPage(out, { HOP_PRICES_FILE: file });
    assert.equal(status, 0, output.slice(-3000));
    const html = parse(readFileSync(path.join(out, 'index.html'), 'utf8'));
    const cents = (selector: string) => html.querySelectorAll(selector).map((el) => Number(el.getAttribute('data-cents')));
    assert.deepEqual(cents('[data-price-id="render.small"] td[data-cents]'), [825]);
    assert.deepEqual(cents('[data-cost-table="services"] tr[data-services="20"] td[data-cents]'), [40 * 825, 40 * 2500]);
    // 0.0416 × 730 = 30.368 USD → 3,037 cents per cluster-month, 6,074 for two clusters.
    assert.deepEqual(cents('[data-cost-table="control-plane"] tr[data-price-id="eks.standard"] td[data-cents]'), [3037, 6074]);
    assert.match(html.querySelector('[data-cost-table="control-plane"] tr[data-price-id="eks.standard"]')!.text, /30\.368 → 30\.37/);
    const chart = html.querySelector('#chart-cost-growth')!;
    const spec = JSON.parse(chart.querySelector('script[data-chart-spec]')!.text);
    assert.deepEqual(spec.series[0].data.at(-1), { x: 20, y: 330 });
    assert.deepEqual(spec.series[2].data[0], { x: 1, y: 60.74 });
    const twin = chart.querySelectorAll('details tbody tr').at(-1)!.querySelectorAll('th, td').map((c) => c.text.trim());
    assert.deepEqual(twin, ['20', '40', '330.00', '1,000.00', '60.74', '876.00']);
  });
});

describe('a build with bad price data', () => {
  it('fails and names the file, the entry, the field and what was expected', () => {
    const bad = structuredClone(good);
    bad.items[2].price = '-0.10';
    const file = path.join(dir, 'prices.json');
    writeFileSync(file, JSON.stringify(bad));
    const { status, output } = buildComponentPage(path.join(dir, 'dist'), { HOP_PRICES_FILE: file });
    assert.notEqual(status, 0, 'the build succeeded with a negative price');
    assert.ok(
      output.includes(`${file}: items[2] (id "eks.standard"), field "price": expected a price of zero or more, not a negative one, got "-0.10"`),
      output.slice(-3000),
    );
  });
});
