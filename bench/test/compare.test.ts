import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { comparableFromReport, comparableFromResults, compareSides, formatComparison, formatRatio } from '../src/harness/compare.ts';
import { readReferenceReport } from '../src/harness/reference-run.ts';
import { parseResultsText, type Results } from '../src/harness/schema.ts';

const FIXTURE = new URL('../../tests/fixtures/results-2026-11-30-full.json', import.meta.url);
const load = (): Results => parseResultsText(readFileSync(FIXTURE, 'utf8'), 'fixture');

/** The fixture with each latency case's run p50s replaced (µs); medians follow. */
function withP50s(p50s: Record<string, number[]>): Results {
  const r = load();
  for (const c of r.cases) {
    if (c.kind !== 'latency' || !p50s[c.id]) continue;
    c.runs.forEach((run, k) => (run.p50Us = p50s[c.id]![k]!));
    c.median.p50Us = [...p50s[c.id]!].sort((a, b) => a - b)[1]!;
  }
  return r;
}

test('compare gives exact ratios, ratios of ratios and noise flags', () => {
  const baseline = comparableFromResults(withP50s({ A: [0.1, 0.1, 0.1], B: [90, 100, 110], C: [190, 200, 210], D: [290, 300, 310] }));
  const current = comparableFromResults(withP50s({ A: [0.1, 0.1, 0.1], B: [105, 200, 300], C: [590, 600, 610], D: [580, 600, 620] }));
  const c = compareSides(baseline, current);
  const row = (id: string) => c.rows.find((r) => r.id === id)!;
  assert.equal(row('B').ratio, 2);
  assert.equal(row('B').beyondNoise, false, 'B ranges 90–110 and 105–300 overlap');
  assert.equal(row('B').ratioOfRatios, null, 'the base case has no ratio to itself');
  assert.equal(row('C').ratio, 3);
  assert.equal(row('C').beyondNoise, true, 'C ranges 190–210 and 590–610 are apart');
  assert.equal(row('C').baselineRatioToBase, 2);
  assert.equal(row('C').currentRatioToBase, 3);
  assert.equal(row('C').ratioOfRatios, 1.5);
  // per-run C/B: baseline 2.11, 2, 1.91; current 5.62, 3, 2.03 → overlap
  assert.equal(row('C').ratioBeyondNoise, false);
  assert.equal(row('D').ratio, 2);
  assert.equal(row('D').ratioOfRatios, 1);
  assert.equal(row('A').ratio, 1);
  assert.equal(row('A').beyondNoise, false);
  const text = formatComparison(c);
  assert.match(text, /^C\. HTTP, new connection per call\s+200\.00 \(190\.0–210\.0\)\s+600\.00 \(590\.0–610\.0\)\s+3\.00× \*\s+2\.00 → 3\.00\s+1\.50×$/m);
});

test('the reference report compares against a results file', () => {
  const c = compareSides(comparableFromReport(readReferenceReport()), comparableFromResults(load()));
  assert.deepEqual(c.rows.map((r) => r.id), ['A', 'B', 'C', 'D']);
  const b = c.rows.find((r) => r.id === 'B')!;
  assert.equal(b.baselineP50Us, 71.71);
  const fixtureB = load().cases.find((x) => x.id === 'B');
  assert.ok(fixtureB?.kind === 'latency');
  assert.equal(b.currentP50Us, fixtureB.median.p50Us);
  assert.match(c.baseline, /^Apple M1 Max, Node v24\.20\.0, 2026-10-19$/);
});

test('with a single run on a side, noise is not judged and the table says so', () => {
  const one = comparableFromResults(load());
  one.cases.forEach((c) => (c.runP50Us = [c.p50Us]));
  const c = compareSides(one, comparableFromResults(load()));
  assert.ok(c.rows.every((r) => r.beyondNoise === null && (r.ratioBeyondNoise === null)));
  const text = formatComparison(c);
  assert.doesNotMatch(text, /\*/);
  assert.match(text, /Noise not judged: a side has a single run/);
});

test('formatRatio keeps two significant digits for small ratios', () => {
  assert.equal(formatRatio(3.2049), '3.20');
  assert.equal(formatRatio(0.0018123), '0.0018');
});
