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

/** A distribution-free confidence interval for a median, in the unit of the values. */
export interface MedianInterval {
  low: number;
  high: number;
  /** The interval's exact coverage, percent: what the order statistics give, which is below 95 for fewer than 6 values. */
  confidencePercent: number;
}

/** The confidence the bench aims for; with fewer than 6 runs the exact coverage is lower and is stated. */
export const TARGET_CONFIDENCE_PERCENT = 95;

/**
 * P(X ≤ k) for X ~ Binomial(n, 1/2), exactly (sums of binomial coefficients over 2^n).
 * @throws RangeError when n is not a whole number ≥ 0.
 */
export function binomialHalfCdf(k: number, n: number): number {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`n must be a whole number ≥ 0, got ${n}`);
  if (k < 0) return 0;
  let term = 1;
  let sum = 0;
  for (let i = 0; i <= Math.min(k, n); i++) {
    sum += term;
    term = (term * (n - i)) / (i + 1);
  }
  return sum / 2 ** n;
}

/**
 * Confidence interval for the median of the distribution the values come from (here: one figure,
 * e.g. p50, of each run), from order statistics, with no assumption about that distribution.
 *
 * Method (Conover, "Practical Nonparametric Statistics", 3rd ed., Wiley 1999, §3.2, confidence interval
 * for a quantile; also Hahn & Meeker, "Statistical Intervals", Wiley 1991, §5.2): for n values sorted
 * x(1) ≤ … ≤ x(n), [x(k), x(n+1−k)] covers the population median with probability
 * 1 − 2·P(Binomial(n, ½) ≤ k − 1). We take the largest k whose coverage is at least 95%. Below 6 values
 * no k reaches 95% and the interval is the min–max, whose exact coverage is 1 − 2^(1−n): 75% for the
 * default 3 runs, 87.5% for 4, 93.75% for 5, 96.9% for 6. That coverage is returned and printed with the
 * interval; we do not call a 75% interval a 95% one. Why not a bootstrap or Student's t over 3 runs:
 * a bootstrap of 3 values can only return their min–max with an unknown, optimistic coverage, and t
 * assumes normal run figures, which one slow run on a shared machine breaks. The interval reflects
 * run-to-run variation only (each run's own percentile is a single figure of 1,000s of samples).
 *
 * @param values one figure per run (any unit); order does not matter.
 * @returns low/high in the values' unit and the exact coverage in percent (0 for one value).
 * @throws RangeError when `values` is empty.
 */
export function medianInterval(values: readonly number[]): MedianInterval {
  const n = values.length;
  if (n === 0) throw new RangeError('interval of no values');
  const s = [...values].sort((a, b) => a - b);
  const coverage = (k: number) => 1 - 2 * binomialHalfCdf(k - 1, n);
  let k = 1;
  while (k + 1 <= Math.floor(n / 2) && coverage(k + 1) >= TARGET_CONFIDENCE_PERCENT / 100) k++;
  return { low: s[k - 1]!, high: s[n - k]!, confidencePercent: n === 1 ? 0 : coverage(k) * 100 };
}

/**
 * Modified z-scores, 0.6745 × (x − median) / MAD (Iglewicz & Hoaglin, "How to Detect and Handle
 * Outliers", ASQC 1993; hyperfine flags outliers the same way). |score| > 3.5 marks an outlier.
 * When the MAD is 0 (half the values equal), the scale is 1.253314 × the mean absolute deviation from
 * the median instead (the usual fallback, e.g. IBM SPSS Statistics' modified z-score), so a tiny
 * difference does not score infinity; all values equal score 0.
 * @param minMad the smallest MAD to divide by (same unit as the values; default 0): with three runs the
 *   MAD is one run's distance to the median, often near 0, and would make a sub-percent difference an outlier.
 * @throws RangeError when `values` is empty.
 */
export function modifiedZScores(values: readonly number[], minMad = 0): number[] {
  const m = median(values);
  const deviations = values.map((v) => Math.abs(v - m));
  const mad = Math.max(median(deviations), minMad);
  const meanAd = deviations.reduce((a, b) => a + b, 0) / values.length;
  if (mad > 0) return values.map((v) => (0.6745 * (v - m)) / mad);
  return values.map((v) => (meanAd === 0 ? 0 : (v - m) / (1.253314 * meanAd)));
}

/** Modified z-score beyond which a run is an outlier (Iglewicz & Hoaglin 1993). */
export const OUTLIER_Z = 3.5;

/**
 * Smallest MAD the run-outlier check divides by, as a fraction of the median: 5%, so a run is an
 * outlier only when it also lies more than 3.5 / 0.6745 × 5% ≈ 26% from the median (our choice for a
 * noisy shared machine, where runs routinely differ by 10%).
 */
export const OUTLIER_MIN_MAD_FRACTION = 0.05;

/** Interval of one figure across runs, µs. */
export interface IntervalUs {
  lowUs: number;
  highUs: number;
}

/** Intervals of a latency case's median p50, p95 and p99 across its runs (see `medianInterval`). */
export interface LatencyIntervals {
  /** Exact coverage of every interval of the case, percent (they share the run count). */
  confidencePercent: number;
  p50Us: IntervalUs;
  p95Us: IntervalUs;
  p99Us: IntervalUs;
}

/**
 * Intervals for the medians of each run's p50, p95 and p99, µs.
 * @throws RangeError when `runs` is empty.
 */
export function latencyIntervals(runs: readonly { p50Us: number; p95Us: number; p99Us: number }[]): LatencyIntervals {
  const of = (field: 'p50Us' | 'p95Us' | 'p99Us') => {
    const i = medianInterval(runs.map((r) => r[field]));
    return { lowUs: i.low, highUs: i.high };
  };
  return { confidencePercent: medianInterval(runs.map((r) => r.p50Us)).confidencePercent, p50Us: of('p50Us'), p95Us: of('p95Us'), p99Us: of('p99Us') };
}

/** Medians across runs of a latency case's figures (µs, calls/s), and the spread of the runs' p50. */
export interface LatencyMedians {
  p50Us: number;
  p95Us: number;
  p99Us: number;
  callsPerSec: number;
  /** Coefficient of variation of the runs' p50, percent (0 for one run). */
  p50CvPercent: number;
}

/** The medians a latency case stores for its runs (reference cases A–D, case G's variants). */
export function latencyMedians(runs: readonly { p50Us: number; p95Us: number; p99Us: number; callsPerSec: number }[]): LatencyMedians {
  return {
    p50Us: median(runs.map((r) => r.p50Us)),
    p95Us: median(runs.map((r) => r.p95Us)),
    p99Us: median(runs.map((r) => r.p99Us)),
    callsPerSec: median(runs.map((r) => r.callsPerSec)),
    p50CvPercent: spread(runs.map((r) => r.p50Us)).cvPercent,
  };
}
