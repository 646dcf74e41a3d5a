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

test('compare gives exact ratios and ratios of ratios; 3 runs a side are too few for a noise verdict', () => {
  const baseline = comparableFromResults(withP50s({ A: [0.1, 0.1, 0.1], B: [90, 100, 110], C: [190, 200, 210], D: [290, 300, 310] }));
  const current = comparableFromResults(withP50s({ A: [0.1, 0.1, 0.1], B: [105, 200, 300], C: [590, 600, 610], D: [580, 600, 620] }));
  const c = compareSides(baseline, current);
  const row = (id: string) => c.rows.find((r) => r.id === id)!;
  assert.equal(row('B').ratio, 2);
  assert.equal(row('B').ratioOfRatios, null, 'the base case has no ratio to itself');
  assert.equal(row('C').ratio, 3);
  assert.equal(row('C').baselineRatioToBase, 2);
  assert.equal(row('C').currentRatioToBase, 3);
  assert.equal(row('C').ratioOfRatios, 1.5);
  assert.equal(row('D').ratio, 2);
  assert.equal(row('D').ratioOfRatios, 1);
  assert.equal(row('A').ratio, 1);
  // 3 + 3 runs split 20 ways: even C's ranges 190–210 and 590–610, wholly apart, give p = 2/20 = 0.1.
  assert.equal(row('C').beyondNoise, null);
  assert.equal(row('C').ratioBeyondNoise, null);
  assert.equal(row('C').ratioTest!.minPValue, 0.1);
  const text = formatComparison(c);
  assert.match(text, /^C\. HTTP, new connection per call\s+200\.00 \(190\.0–210\.0\)\s+600\.00 \(590\.0–610\.0\)\s+3\.00×\s+2\.00 → 3\.00\s+1\.50×$/m);
  assert.doesNotMatch(text, /\*/);
  assert.match(text, /Noise not judged: 3 and 3 runs \(baseline and current\) are too few for a permutation test ever to reach p ≤ 0\.05/);
});

test('four runs a side: the permutation test marks runs wholly apart, and not runs that interleave', () => {
  const side = (b: number[], cc: number[]) => {
    const s = comparableFromResults(load());
    const m = (xs: number[]) => [...xs].sort((x, y) => x - y)[1]!;
    s.cases = [
      { id: 'B', title: 'HTTP, keep-alive', p50Us: m(b), runP50Us: b, timedCalls: 10_000 },
      { id: 'C', title: 'HTTP, new connection per call', p50Us: m(cc), runP50Us: cc, timedCalls: 2_000 },
    ];
    return s;
  };
  const c = compareSides(side([90, 100, 110, 95], [190, 200, 210, 205]), side([105, 200, 300, 150], [590, 600, 610, 605]));
  const row = (id: string) => c.rows.find((r) => r.id === id)!;
  // C: the current runs are the top 4 of 8; only that split and its mirror are as extreme: p = 2/70.
  assert.equal(row('C').beyondNoise, true);
  // B: pooled 90 95 100 105 110 150 200 300; the observed split {105, 150, 200, 300} and the top four
  // {110, 150, 200, 300} are as extreme, with their mirrors: p = 4/70 = 0.057.
  assert.equal(row('B').beyondNoise, false);
  const text = formatComparison(c);
  assert.match(text, /^C\. .*3\.00× \*/m);
  assert.match(text, /^\* a permutation test on the two sides' runs calls the difference beyond the noise between runs \(p ≤ 0\.05\)\.$/m);
  assert.doesNotMatch(text, /Noise not judged/);
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
  assert.match(text, /Noise not judged: 1 and 3 runs \(baseline and current\) are too few/);
});

test('formatRatio keeps two significant digits for small ratios', () => {
  assert.equal(formatRatio(3.2049), '3.20');
  assert.equal(formatRatio(0.0018123), '0.0018');
});
