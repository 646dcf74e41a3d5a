// Intervals and outlier scores on tiny arrays, against values worked out by hand.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { binomialHalfCdf, latencyIntervals, medianInterval, modifiedZScores } from '../src/harness/stats.ts';

test('binomial(n, 1/2) CDF: exact sums of coefficients over 2^n', () => {
  assert.equal(binomialHalfCdf(0, 3), 1 / 8);
  assert.equal(binomialHalfCdf(1, 3), 4 / 8);
  assert.equal(binomialHalfCdf(3, 3), 1);
  assert.equal(binomialHalfCdf(1, 10), 11 / 1024);
  assert.equal(binomialHalfCdf(2, 10), 56 / 1024);
  assert.equal(binomialHalfCdf(-1, 4), 0);
});

test('3 runs: the interval is the min–max and covers 75%, not 95%', () => {
  assert.deepEqual(medianInterval([399.2, 344.6, 363]), { low: 344.6, high: 399.2, confidencePercent: 75 });
});

test('coverage of the min–max grows with the run count: 87.5% (4), 93.75% (5), 96.875% (6)', () => {
  assert.equal(medianInterval([4, 1, 3, 2]).confidencePercent, 87.5);
  assert.deepEqual(medianInterval([5, 1, 4, 2, 3]), { low: 1, high: 5, confidencePercent: 93.75 });
  assert.deepEqual(medianInterval([6, 1, 5, 2, 4, 3]), { low: 1, high: 6, confidencePercent: 96.875 });
});

test('10 runs: the 2nd and 9th values, covering 1 − 2·11/1024 = 97.85…%', () => {
  const i = medianInterval([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
  assert.equal(i.low, 2);
  assert.equal(i.high, 9);
  assert.equal(i.confidencePercent, (1 - 22 / 1024) * 100);
});

test('one run: a point, no stated coverage; none: an error', () => {
  assert.deepEqual(medianInterval([7]), { low: 7, high: 7, confidencePercent: 0 });
  assert.throws(() => medianInterval([]), RangeError);
});

test('latency intervals per figure', () => {
  const runs = [
    { p50Us: 10, p95Us: 30, p99Us: 50 },
    { p50Us: 12, p95Us: 20, p99Us: 90 },
    { p50Us: 11, p95Us: 25, p99Us: 70 },
  ];
  assert.deepEqual(latencyIntervals(runs), {
    confidencePercent: 75,
    p50Us: { lowUs: 10, highUs: 12 },
    p95Us: { lowUs: 20, highUs: 30 },
    p99Us: { lowUs: 50, highUs: 90 },
  });
});

test('modified z-scores: 0.6745 × (x − median) / MAD', () => {
  // median 2, deviations 1, 0, 8 → MAD 1
  assert.deepEqual(modifiedZScores([1, 2, 10]), [-0.6745, 0, 0.6745 * 8]);
  // median 5, deviations 0, 0, 6 → MAD 0: scale 1.253314 × mean deviation 2
  assert.deepEqual(modifiedZScores([5, 5, 11]), [0, 0, 6 / (1.253314 * 2)]);
  assert.deepEqual(modifiedZScores([4, 4, 4]), [0, 0, 0]);
  // median 10, deviations 1, 1, 0, 1, 40 → MAD 1: 50 is an outlier (27 > 3.5), 9 and 11 are not
  assert.deepEqual(modifiedZScores([9, 11, 10, 9, 50]).map((z) => Math.abs(z) > 3.5), [false, false, false, false, true]);
});
