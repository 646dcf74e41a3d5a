import assert from 'node:assert/strict';
import { test } from 'node:test';
import { logHistogramNs, median, percentileNearestRank, spread, summarizeNs } from '../src/harness/stats.ts';

const oneTo100 = Array.from({ length: 100 }, (_, i) => i + 1);

test('nearest-rank percentiles of 1..100 are the ranks themselves', () => {
  assert.equal(percentileNearestRank(oneTo100, 50), 50);
  assert.equal(percentileNearestRank(oneTo100, 95), 95);
  assert.equal(percentileNearestRank(oneTo100, 99), 99);
  assert.equal(percentileNearestRank(oneTo100, 100), 100);
});

test('nearest-rank percentiles of tiny arrays', () => {
  assert.equal(percentileNearestRank([10, 20, 30], 99), 30);
  assert.equal(percentileNearestRank([10, 20, 30], 50), 20);
  assert.equal(percentileNearestRank([10, 20, 30], 33), 10);
  assert.equal(percentileNearestRank([10, 20, 30], 34), 20);
  assert.equal(percentileNearestRank([42], 50), 42);
  assert.equal(percentileNearestRank([42], 99), 42);
  assert.equal(percentileNearestRank([1, 2], 50), 1);
});

test('percentiles reject empty samples and out-of-range p', () => {
  assert.throws(() => percentileNearestRank([], 50), RangeError);
  assert.throws(() => percentileNearestRank([1], 0), RangeError);
  assert.throws(() => percentileNearestRank([1], 101), RangeError);
});

test('median of odd and even counts', () => {
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([4, 1, 3, 2]), 2.5);
  assert.equal(median([7]), 7);
  assert.throws(() => median([]), RangeError);
});

test('summarizeNs converts ns to µs and sorts', () => {
  const s = summarizeNs(Float64Array.from([3000, 1000, 2000, 4000]));
  assert.deepEqual(s, { samples: 4, p50Us: 2, p95Us: 4, p99Us: 4, minUs: 1, maxUs: 4, meanUs: 2.5 });
});

test('log histogram puts each sample in its decade bin and keeps every sample', () => {
  // 1 µs, 2 µs, 10 µs, 100 µs with one bin per decade: bins [1,10) [10,100) [100,1000)
  const h = logHistogramNs([1000, 2000, 10_000, 100_000], 1);
  assert.deepEqual(h.edgesUs, [1, 10, 100, 1000]);
  assert.deepEqual(h.counts, [2, 1, 1]);
  const many = logHistogramNs(Array.from({ length: 1000 }, (_, i) => 50 + i * 997));
  assert.equal(many.counts.reduce((a, b) => a + b, 0), 1000);
  assert.equal(many.edgesUs.length, many.counts.length + 1);
});

test('spread gives the coefficient of variation in percent', () => {
  assert.deepEqual(spread([10, 10, 10]), { cvPercent: 0, min: 10, max: 10 });
  const s = spread([9, 11]);
  assert.equal(s.cvPercent, 10);
  assert.equal(s.min, 9);
  assert.equal(s.max, 11);
});
