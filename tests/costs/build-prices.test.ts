/**
 * The price file drives the built article: a changed price changes every derived figure, in tables,
 * chart data and prose alike; bad price data fails the build with a message naming the file, the
 * entry and the field, and leaves the previous output exactly as it was.
 */
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { parse } from 'node-html-parser';
import { FIXTURE, runBuild, snapshotDir, tempDir } from '../support/site-build.ts';
import { fixturePage } from '../support/pages.ts';
import { copySite } from '../support/shared-site.ts';

const dir = tempDir('prices');
after(() => rmSync(dir, { recursive: true, force: true }));
const good = JSON.parse(readFileSync('tests/costs/fixtures/prices-2026-10-19.json', 'utf8'));

describe('a build with a changed price', () => {
  it('changes the unit price, the cost tables, the chart data, its table twin and the prose', async () => {
    const changed = structuredClone(good);
    changed.items[0].price = '8.25'; // render.small
    changed.items[2].price = '0.0416'; // eks.standard, a price that does not divide evenly
    const file = path.join(dir, 'changed.json');
    writeFileSync(file, JSON.stringify(changed));
    const out = path.join(dir, 'dist-changed');
    const run = await runBuild(FIXTURE, out, [], { HOP_PRICES_FILE: file });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`.slice(-3000));
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
    // The prose follows the file too.
    const prose = (name: string) => html.querySelectorAll(`article [data-fact="${name}"]`).map((el) => el.text.trim());
    assert.deepEqual(prose('cost.render.small.prodStaging.services1Cents'), ['$16.50']);
    assert.deepEqual(prose('cost.render.small.prodStaging.services20Cents'), ['$330.00']);
    assert.deepEqual(prose('cost.eks.standard.monthCents'), ['$30.37']);
  });
});

describe('a build with bad price data', () => {
  it('fails, names the file, the entry, the field and what was expected, and leaves the output as it was', async () => {
    const out = path.join(dir, 'dist');
    // A previous build to leave untouched: a copy of the shared fixture page.
    const first = await fixturePage();
    assert.equal(first.code, 0, first.stderr);
    copySite(first, out);
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
