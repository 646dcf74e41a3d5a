/**
 * The page's "When failures cluster" section, built from the labelled quick run of the beyond suite
 * (tests/fixtures/beyond-results-quick.json, which includes case I): the chart's embedded data and its table twin hold
 * the fixture's per-100 ms counts with the window as a band, one table per run holds its figures,
 * the claims hold, and the idempotency semantics table is there.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { before, test } from 'node:test';
import { parse, type HTMLElement } from 'node-html-parser';
import { beyondSuite } from '@split-on-evidence/hop-bench/suites';
import { RetryStormResultSchema, type RetryStormResult } from '@split-on-evidence/hop-bench/cases/i-retry-storm';
import type { ChartSpec } from '../../src/components/charts/chart-spec.ts';
import { BEYOND_FIXTURE } from '../support/site-build.ts';
import { fixturePage, variantBeyondText, variantPage } from '../support/pages.ts';

const beyondText = readFileSync(BEYOND_FIXTURE, 'utf8');
const beyond = beyondSuite.parseResultsText(beyondText, BEYOND_FIXTURE);
const stored = beyond.cases.find((c) => c.id === 'I');
assert.ok(stored && stored.status === 'measured', 'the fixture holds a measured case I');
const result: RetryStormResult = RetryStormResultSchema.parse(stored.result);

let section: HTMLElement;
let page: HTMLElement;

before(async () => {
  const site = await fixturePage();
  assert.equal(site.code, 0, `build failed:\n${site.stderr}`);
  // Case I has a page of its own (content/retry-storms.mdx): the section is its article.
  page = parse(readFileSync(path.join(site.dir, 'retry-storms', 'index.html'), 'utf8'));
  assert.equal(page.querySelector('h1')!.text.trim(), 'When failures cluster: retry storms');
  section = page.querySelector('main article')!;
});


test('case I was measured: no "not measured here" note', () => {
  assert.equal(section.querySelector('[data-not-measured="I"]'), null);
});

test('the chart embeds one line per policy with the fixture\'s attempts summed per 200 ms, and the window as a band', () => {
  const figure = section.querySelector('#chart-retry-storm');
  assert.ok(figure, 'the chart figure');
  const spec = JSON.parse(figure.querySelector('script[data-chart-spec]')!.textContent) as ChartSpec;
  const mainRuns = result.runs.filter((r) => r.id === r.policyId);
  // Two stored 100 ms buckets per drawn point, summed here independently of the page's code.
  const pairs = (xs: readonly number[]) => Array.from({ length: Math.ceil(xs.length / 2) }, (_, k) => xs[2 * k]! + (xs[2 * k + 1] ?? 0));
  assert.equal(spec.series.length, 4);
  spec.series.forEach((s, i) => {
    const want = pairs(mainRuns[i]!.measured.series.attempts);
    assert.deepEqual((s.data as { x: number; y: number }[]).map((p) => p.y), want, `series ${s.label}`);
    assert.equal((s.data as { x: number }[])[1]!.x, (2 * result.bucketMs) / 1000, 'x is the drawn bucket start in seconds');
  });
  assert.deepEqual(spec.bands, [{ from: result.window.startMs / 1000, to: result.window.endMs / 1000, label: 'brownout' }]);
  // Table twin: one row per drawn bucket, rows touching the window marked, the same counts.
  const rows = figure.querySelectorAll('tbody tr');
  assert.equal(rows.length, pairs(mainRuns[0]!.measured.series.attempts).length);
  const width = 2 * result.bucketMs;
  const touching = rows.filter((_, b) => b * width < result.window.endMs && (b + 1) * width > result.window.startMs).length;
  assert.equal(rows.filter((r) => r.querySelector('th')!.text.includes('(brownout)')).length, touching);
  const first = Math.floor(result.window.startMs / width);
  const cells = rows[first]!.querySelectorAll('td').map((td) => Number(td.text));
  assert.deepEqual(cells, mainRuns.map((r) => pairs(r.measured.series.attempts)[first]));
});

test('one column per run in one table, with its measured figures; each policy cites its source', () => {
  const table = section.querySelector('table[data-table="retry-storm-runs"]');
  assert.ok(table, 'the runs table');
  for (const r of result.runs) {
    const value = (label: string): string =>
      table.querySelectorAll('tbody tr').find((tr) => tr.querySelector('th')!.text.startsWith(label))!.querySelector(`td[data-run="${r.id}"]`)!.text;
    assert.equal(value('Load amplification overall'), `${r.measured.amplification.overall.toFixed(2)}×`);
    assert.equal(value('Failed calls'), String(r.measured.failed));
    assert.equal(value('Duplicate invoices, calls without a key'), String(r.measured.duplicates.unkeyed));
    if (r.id === r.policyId) assert.ok(section.querySelector(`li[data-policy="${r.id}"]`)!.text.includes('Source:'), `${r.id}: the policy cites a source`);
  }
});

test('the claims of the section hold and are marked; the semantics table lists 409, 422 and 400', () => {
  assert.ok(section.querySelectorAll('.claim').length >= 3);
  assert.ok(section.querySelector('[data-word="budgetExtraShare"]'), "the budget's share is a derived word, not a bound");
  const semantics = page.querySelectorAll('table').find((t) => t.text.includes('409 Conflict'));
  assert.ok(semantics, 'the idempotency semantics table');
  for (const status of ['201 Created', '409 Conflict', '422 Unprocessable Content', '400 Bad Request']) assert.ok(semantics.text.includes(status), status);
});

test('built from beyond results without case I, the section says why, and the semantics table stays', async () => {
  // The shared variant page: case I taken out of its beyond results, as a run of the other cases would leave it.
  const variant = JSON.parse(variantBeyondText());
  assert.ok(!variant.config.cases.includes('I') && !variant.cases.some((c: { id: string }) => c.id === 'I'), 'no case I in the variant');
  const run = await variantPage();
  assert.equal(run.code, 0, `build failed:\n${run.stderr}`);
  const html = parse(readFileSync(path.join(run.dir, 'retry-storms', 'index.html'), 'utf8'));
  assert.ok(html.querySelector('[data-not-measured="I"]'), 'the "not measured here" note');
  assert.equal(html.querySelector('#chart-retry-storm'), null);
  assert.equal(html.querySelectorAll('[data-fact^="I."]').length, 0, 'no figure of case I');
  assert.ok(html.querySelectorAll('table').some((t) => t.text.includes('409 Conflict')));
});
