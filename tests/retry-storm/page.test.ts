/**
 * The page's "When failures cluster" section, built from the labelled quick run of the beyond suite
 * (tests/fixtures/beyond-results-quick.json, which includes case I): the chart's embedded data and its table twin hold
 * the fixture's goodput per 500 ms with the window as a band, four narrow tables hold each run's
 * figures, and the idempotency semantics table is there.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { before, test } from 'node:test';
import { parse, type HTMLElement } from 'node-html-parser';
import { beyondSuite } from '@split-on-evidence/hop-bench/suites';
import { RetryStormResultSchema, type RetryStormResult } from '@split-on-evidence/hop-bench/schema';
import type { ChartSpec } from '../../src/components/charts/chart-spec.ts';
import { BEYOND_FIXTURE } from '../support/site-build.ts';
import { retryStormOf } from '../../src/cases/i-retry-storm/facts.ts';
import { fixturePage, variantBeyondText, variantPage } from '../support/pages.ts';

const beyondText = readFileSync(BEYOND_FIXTURE, 'utf8');
const beyond = beyondSuite.parseResultsText(beyondText, BEYOND_FIXTURE);
const stored = beyond.cases.find((c) => c.id === 'I');
assert.ok(stored && stored.status === 'measured', 'the fixture holds a measured case I');
const result: RetryStormResult = RetryStormResultSchema.parse(stored.result);
const storm = retryStormOf(beyond)!;

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

test('the chart embeds one goodput line per policy (successes per 500 ms, in calls/s), and the window as a band', () => {
  const figure = section.querySelector('#chart-retry-storm');
  assert.ok(figure, 'the chart figure');
  const spec = JSON.parse(figure.querySelector('script[data-chart-spec]')!.textContent) as ChartSpec;
  const mainRuns = result.runs.filter((r) => r.id === r.policyId);
  // Five stored 100 ms buckets per drawn point, only whole ones, × 2 for calls/s; summed here independently of the page's code.
  const points = (xs: readonly number[]) => Array.from({ length: Math.floor(xs.length / 5) }, (_, k) => 2 * xs.slice(5 * k, 5 * k + 5).reduce((a, b) => a + b, 0));
  assert.equal(spec.series.length, 5);
  spec.series.forEach((s, i) => {
    assert.deepEqual((s.data as { x: number; y: number }[]).map((p) => p.y), points(mainRuns[i]!.measured.series.successes), `series ${s.label}`);
    assert.equal((s.data as { x: number }[])[1]!.x, (1.5 * 5 * result.bucketMs) / 1000, 'x is the middle of the drawn bucket, in seconds');
  });
  assert.deepEqual(spec.bands, [{ from: result.window.startMs / 1000, to: result.window.endMs / 1000, label: 'brownout' }]);
  // The arrival rate is the schedule, not what a caller that fell behind achieved.
  assert.match(figure.text.replace(/\s+/g, ' '), /130 new calls\/s due throughout \(the load table shows how late/);
  // Table twin, inside a collapsed <details>: one row per drawn bucket, rows touching the window marked, the same values.
  assert.ok(figure.querySelector('details.chart-table tbody'), 'the table twin sits in a <details>');
  const rows = figure.querySelectorAll('tbody tr');
  assert.equal(rows.length, points(mainRuns[0]!.measured.series.successes).length);
  const width = 5 * result.bucketMs;
  const touching = rows.filter((_, b) => b * width < result.window.endMs && (b + 1) * width > result.window.startMs).length;
  assert.equal(rows.filter((r) => r.querySelector('th')!.text.includes('(brownout')).length, touching);
  // Each row names its span; a bucket the window only partly covers says where the window starts or ends.
  const seconds = (ms: number) => String(Number((ms / 1000).toFixed(1)));
  rows.forEach((r, b) => assert.ok(r.querySelector('th')!.text.startsWith(`${seconds(b * width)}–${seconds((b + 1) * width)}`), r.querySelector('th')!.text));
  const partStart = Math.floor(result.window.startMs / width);
  if (result.window.startMs % width !== 0) assert.ok(rows[partStart]!.querySelector('th')!.text.includes(`from ${seconds(result.window.startMs)} s`), rows[partStart]!.querySelector('th')!.text);
  const first = Math.floor(result.window.startMs / width);
  const cells = rows[first]!.querySelectorAll('td').map((td) => Number(td.text));
  assert.deepEqual(cells, mainRuns.map((r) => points(r.measured.series.successes)[first]));
});

test('four narrow tables with a row per run: goodput and recovery, load and failures, what reached the server, duplicates; each policy cites its source', () => {
  const cell = (table: string, run: string, column: number) => section.querySelector(`table[data-table="${table}"] tr[data-run="${run}"]`)!.querySelectorAll('td')[column]!.text;
  const span = storm.config.recovery.windowMs;
  // Every run has a row in each table, the short-TTL run included (it may be the one that never recovers).
  for (const r of result.runs) {
    const ms = r.measured.recoveryMs;
    assert.equal(cell('retry-storm-goodput', r.id, 0), String(Math.round(r.measured.goodputPerSec.before)));
    // The prose's unit and format (ms, thousands separated, a narrow no-break space): "within 1,000 ms", "1,900 ms".
    const ms_ = (v: number) => `${v.toLocaleString('en-US')}\u202fms`;
    assert.equal(cell('retry-storm-goodput', r.id, 3), ms === null ? 'not within the run' : ms <= span ? `within ${ms_(span)}` : ms_(ms));
    assert.equal(cell('retry-storm-load', r.id, 0), r.measured.amplification.overall.toFixed(2));
    assert.equal(cell('retry-storm-load', r.id, 1), String(r.measured.failed));
    assert.equal(cell('retry-storm-load', r.id, 2), String(r.measured.invoicesForFailedCalls));
    const lag = r.measured.schedulerLagMaxMs;
    assert.equal(cell('retry-storm-load', r.id, 3), `${Math.round(lag)} ms${lag > storm.config.clientTimeoutMs / 4 ? ' (behind)' : ''}`, `${r.id}: how late the caller started, marked where it fell behind`);
    // Every figure the prose uses has a cell: retries through and refused, served late, dropped.
    assert.equal(cell('retry-storm-server', r.id, 0), String(Math.max(0, r.measured.attempts.total - r.seeded.calls)));
    assert.equal(cell('retry-storm-server', r.id, 1), String(r.measured.failures.budgetRefused));
    assert.equal(cell('retry-storm-server', r.id, 2), String(r.measured.servedAfterCallerLeft));
    assert.equal(cell('retry-storm-server', r.id, 3), String(r.measured.server.dropped));
  }
  for (const r of result.runs.filter((x) => x.id === x.policyId)) {
    const line = section.querySelector(`li[data-policy="${r.id}"]`)!.text;
    const source = storm.config.policies.find((p) => p.id === r.id)!.source;
    assert.ok(line.includes(`${source.charAt(0).toUpperCase()}${source.slice(1)}.`), `${r.id}: the policy cites its source as a sentence`);
    assert.doesNotMatch(line, /Source: [^.]*:/, `${r.id}: no "Source: x: y"`);
  }
  for (const r of result.runs) {
    assert.equal(cell('retry-storm-duplicates', r.id, 0), String(r.measured.duplicates.unkeyed));
    assert.equal(cell('retry-storm-duplicates', r.id, 1), String(r.measured.duplicates.keyed));
  }
  for (const t of ['retry-storm-goodput', 'retry-storm-load', 'retry-storm-server', 'retry-storm-duplicates']) {
    assert.ok(section.querySelector(`table[data-table="${t}"] thead tr`)!.querySelectorAll('th').length <= 5, `${t}: at most five columns`);
  }
});

test('the claim and the derived words are on the page; the semantics table lists 409, 422 and 400', () => {
  assert.ok(section.querySelector('.claim'), 'the day-long-key claim is marked');
  for (const word of ['noneRecovery', 'budgetVerdict', 'firstToRecover', 'callerSchedule', 'unkeyedDuplicatesByPolicy']) assert.ok(section.querySelector(`[data-word="${word}"]`), word);
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

test('the words fit this quick run: recovery ties read as ties, zero drops earn no credit, the SRE advice is given once', () => {
  const text = section.text.replace(/\s+/g, ' ');
  const byId = (id: string) => result.runs.find((r) => r.id === id)!.measured;
  // In quick mode a single recovery span fits after the window, so every recovery reads "within" it.
  const span = storm.config.recovery.windowMs;
  const recovered = ['none', 'immediate', 'backoff', 'budget', 'deadline'].filter((id) => byId(id).recoveryMs !== null);
  if (recovered.length === 5 && recovered.every((id) => byId(id).recoveryMs! <= span)) {
    assert.match(text, /Every policy recovered within the first span after the brownout, the earliest the measure can show, so this run cannot rank them\./);
    // No policy is credited with recovering first (the rule sentence names the phrase only to define it).
    assert.doesNotMatch(text, /recovered first(?! only when)/);
  }
  if (byId('deadline').server.dropped === 0) {
    assert.match(text, /With deadline-drop no queued request outlived its deadline in this run, so the server dropped none/);
    assert.doesNotMatch(text, /kept goodput/);
  }
  // The recovery time is defined as what the figure is: the end of the first span that meets the rule.
  assert.match(text, /The time to recover runs from the brownout.s end to the end of the first 1,000\s?ms span/);
  assert.match(text, /Half the calls, alternately, send an idempotency key/);
  assert.match(text, /Each policy ran once in this run/);
  const advice = 'advises against retrying when most backends are overloaded';
  assert.equal(page.querySelector('main')!.text.split(advice).length - 1, 1, 'the SRE book sentence appears once');
  assert.doesNotMatch(page.querySelector('main')!.text, /Source: baseline:/);
});
