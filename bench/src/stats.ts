/**
 * Statistics for the bench: pure functions over arrays of numbers, tested with exact values.
 * Percentiles are nearest-rank (hop-bench spec): index = min(n − 1, ceil(p/100 × n) − 1) on sorted samples.
 */

/**
 * Nearest-rank percentile of ascending-sorted samples.
 * @param sorted samples sorted ascending (any unit; the result has the same unit).
 * @param p percentile in (0, 100].
 * @throws RangeError when `sorted` is empty or `p` is outside (0, 100].
 */
export function percentileNearestRank(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) throw new RangeError('percentile of an empty sample');
  if (!(p > 0 && p <= 100)) throw new RangeError(`percentile must be in (0, 100], got ${p}`);
  const index = Math.min(n - 1, Math.ceil((p / 100) * n) - 1);
  return sorted[Math.max(0, index)]!;
}

/**
 * Median of unsorted values, for figures taken across runs: the middle value, or the mean of
 * the two middle values when the count is even.
 * @throws RangeError when `values` is empty.
 */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError('median of no values');
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Summary of one run's timed samples, all in microseconds. */
export interface LatencySummaryUs {
  samples: number;
  p50Us: number;
  p95Us: number;
  p99Us: number;
  minUs: number;
  maxUs: number;
  meanUs: number;
}

/**
 * Summarises samples given in nanoseconds into µs figures.
 * @param samplesNs one slot per timed call, in ns; sorted in place (callers pass a buffer they own).
 * @throws RangeError when there are no samples.
 */
export function summarizeNs(samplesNs: Float64Array): LatencySummaryUs {
  samplesNs.sort();
  let total = 0;
  for (let i = 0; i < samplesNs.length; i++) total += samplesNs[i]!;
  const us = (ns: number) => ns / 1000;
  return {
    samples: samplesNs.length,
    p50Us: us(percentileNearestRank(samplesNs, 50)),
    p95Us: us(percentileNearestRank(samplesNs, 95)),
    p99Us: us(percentileNearestRank(samplesNs, 99)),
    minUs: us(samplesNs[0] ?? Number.NaN),
    maxUs: us(samplesNs[samplesNs.length - 1] ?? Number.NaN),
    meanUs: us(total / samplesNs.length),
  };
}

/**
 * A log-spaced histogram: bin k covers [edgesUs[k], edgesUs[k + 1]) µs; trimmed to the first and last
 * non-empty bins. Edges are 10^(j / binsPerDecade) µs for whole j, so histograms of any case line up.
 */
export interface LogHistogram {
  binsPerDecade: number;
  edgesUs: number[];
  counts: number[];
}

/**
 * Builds a log-spaced histogram of samples given in ns.
 * @param samplesNs samples in ns (any order); values ≤ 0 are counted in the lowest bin.
 * @param binsPerDecade bins per factor of ten, ≥ 1.
 * @throws RangeError when there are no samples or binsPerDecade < 1.
 */
export function logHistogramNs(samplesNs: ArrayLike<number>, binsPerDecade = 20): LogHistogram {
  if (samplesNs.length === 0) throw new RangeError('histogram of an empty sample');
  if (!(binsPerDecade >= 1)) throw new RangeError(`binsPerDecade must be ≥ 1, got ${binsPerDecade}`);
  const binOf = (ns: number) => Math.floor(Math.log10(Math.max(ns, 1e-3) / 1000) * binsPerDecade + 1e-9);
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < samplesNs.length; i++) {
    const b = binOf(samplesNs[i]!);
    if (b < lo) lo = b;
    if (b > hi) hi = b;
  }
  const counts = new Array<number>(hi - lo + 1).fill(0);
  for (let i = 0; i < samplesNs.length; i++) counts[binOf(samplesNs[i]!) - lo]! += 1;
  const edgesUs = Array.from({ length: counts.length + 1 }, (_, k) => roundSig(10 ** ((lo + k) / binsPerDecade), 6));
  return { binsPerDecade, edgesUs, counts };
}

/** Rounds to `digits` significant digits (for stored edges, so JSON stays short and stable). */
export function roundSig(value: number, digits: number): number {
  return value === 0 ? 0 : Number(value.toPrecision(digits));
}

/**
 * Spread of per-run figures: coefficient of variation (population standard deviation / mean) in
 * percent, and the min–max range. Returns cv 0 for a single value.
 * @throws RangeError when `values` is empty.
 */
export function spread(values: readonly number[]): { cvPercent: number; min: number; max: number } {
  if (values.length === 0) throw new RangeError('spread of no values');
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const variance = values.reduce((a, v) => a + (v - mean) ** 2, 0) / values.length;
  return {
    cvPercent: mean === 0 ? 0 : (Math.sqrt(variance) / mean) * 100,
    min: Math.min(...values),
    max: Math.max(...values),
  };
}
