// compare gives the runs' intervals, judges noise by the permutation test, says when the current side is a quick run, and compares case E's counts.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { referenceSuite } from '../src/suites/reference.ts';
import { comparableFromReport, comparableFromResults, compareSides, formatComparison } from '../src/harness/compare.ts';
import { readReferenceReport } from '../src/harness/reference-run.ts';
import { parseResultsText, type FailureCaseResult, type LatencyCaseResult, type Results } from '../src/harness/schema.ts';

const load = (): Results =>
  parseResultsText(readFileSync(new URL('../../tests/fixtures/results-2026-11-30-full.json', import.meta.url), 'utf8'), 'fixture');

test('five runs a side: the intervals are the min–max (93.75%), and the permutation test decides noise', () => {
  const side = (p50s: number[]) => {
    const s = comparableFromResults(load());
    s.cases = [{ id: 'B', title: 'HTTP, keep-alive', p50Us: [...p50s].sort((a, b) => a - b)[2]!, runP50Us: p50s, timedCalls: 10_000 }];
    return s;
  };
  const apart = compareSides(side([10, 11, 12, 13, 14]), side([15, 16, 17, 18, 19])).rows[0]!;
  assert.deepEqual(apart.baselineInterval, { low: 10, high: 14, confidencePercent: 93.75 });
  assert.equal(apart.beyondNoise, true);
  const touching = compareSides(side([10, 11, 12, 13, 15]), side([15, 16, 17, 18, 19])).rows[0]!;
  // Ranges that touch no longer decide: swapping the two 15s ties the observed split, so with the
  // mirrors 4 of the 252 splits are as extreme, p = 0.016.
  assert.equal(touching.beyondNoise, true);
  // 12 and 13 on the other side: {13, 15, 16, 17, 18} pulls the means together, p well above 0.05.
  assert.equal(compareSides(side([10, 11, 16, 17, 19]), side([12, 13, 15, 18, 19])).rows[0]!.beyondNoise, false);
  assert.match(formatComparison(compareSides(side([10, 11, 12, 13, 14]), side([15, 16, 17, 18, 19]))), /exact coverage 93\.75%/);
});

test('against the reference, the fixture (same seeds, full counts) has equal case E counts', () => {
  const c = compareSides(comparableFromReport(readReferenceReport()), comparableFromResults(load()));
  assert.equal(c.failureCaseId, 'E');
  assert.deepEqual(c.failureRows.map((r) => [r.label, r.equal]), [
    ['no retry', true],
    ['retry, no idempotency key', true],
    ['retry + idempotency key', true],
  ]);
  // the reference prints 17, 21, 20 failed calls for "no retry"
  assert.deepEqual(c.failureRows[0]!.baseline.map((r) => r.failed), [17, 21, 20]);
  assert.deepEqual(c.notes, []);
  assert.equal(c.failureNote, "Case E's counts are equal on both sides in every run (the case is seeded; it should reproduce them exactly).");
  assert.match(formatComparison(c), /^ {2}no retry: equal in all 3 runs: 17\/2000, 2000, 0, 17; 21\/2000/m);
});

test('one changed count of E is reported as a difference', () => {
  const r = load();
  const e = r.cases.find((x) => x.kind === 'failure') as FailureCaseResult;
  e.variants[1]!.runs[2]!.invoicesWritten += 1;
  const c = compareSides(comparableFromReport(readReferenceReport()), comparableFromResults(r));
  assert.deepEqual(c.failureRows.map((x) => x.equal), [true, false, true]);
  assert.match(c.failureNote!, /^Case E's counts differ from the baseline in "retry, no idempotency key"/);
  assert.match(formatComparison(c), /retry, no idempotency key: DIFFERENT: .*run 3 0\/2000, 2016, 16, 16 → 0\/2000, 2017, 16, 16/);
});

test('a quick current side is named, with a tenth of the counts, and E is not called equal', () => {
  const r = load();
  r.config = referenceSuite.buildConfig({ quick: true });
  for (const c of r.cases) {
    if (c.kind === 'failure') c.variants.forEach((v) => (v.runs = v.runs.slice(0, 1).map((x) => ({ ...x, calls: 200, invoicesWritten: x.invoicesWritten - 1800 }))));
    else (c as LatencyCaseResult).runs = c.runs.slice(0, 1);
  }
  const c = compareSides(comparableFromReport(readReferenceReport()), comparableFromResults(r));
  assert.equal(c.notes.length, 1);
  assert.equal(
    c.notes[0],
    "The current side is a quick run with a tenth of the baseline's counts (timed calls per run: A 10,000 vs 100,000, B 1,000 vs 10,000, C 200 vs 2,000, D 500 vs 5,000): " +
      'its figures are a smoke test, not a measurement to set against the baseline. Compare a full run (npm run bench).',
  );
  assert.equal(c.failureNote, "Case E ran 200 calls a variant against the baseline's 2,000: its counts cannot be equal; compare a full run.");
  assert.match(formatComparison(c), /^Warning: The current side is a quick run/m);
});

test('a full run against itself has no notes about counts', () => {
  const c = compareSides(comparableFromResults(load()), comparableFromResults(load()));
  assert.deepEqual(c.notes, []);
  assert.match(c.failureNote!, /^Case E's counts are equal/);
});
