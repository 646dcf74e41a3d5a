/**
 * The noise rule's test: exact (or, for many runs, seeded Monte Carlo) permutation tests on the logs
 * of run figures. Pure.
 *
 * Why a permutation test: with a handful of runs a normal approximation has no ground to stand on,
 * while a permutation test only assumes that, with no real difference, the labels are exchangeable
 * (which of a pair is "X" and which "Y", or which runs belong to which side). Its false-positive rate
 * is then at most `alpha` by construction, whatever the noise's shape; an A/A comparison measures
 * whether a machine's runs really are exchangeable. Logs, because latency noise is multiplicative and
 * the figures the page states are ratios.
 *
 * The price of exactness: with n pairs the smallest two-sided p-value is 2 / 2^n, so fewer than 6
 * pairs (or 4 + 4 unpaired runs) can never show a difference at alpha = 0.05. Such a comparison
 * gets no verdict (null), never "no difference".
 */
import { mulberry32 } from './prng.ts';

/** The significance level of every "beyond the noise" verdict: the false-positive rate it allows. */
export const NOISE_ALPHA = 0.05;

/** Above this many paired runs the 2^n sign patterns are sampled (seeded) instead of enumerated. */
const EXACT_PAIRS_MAX = 16;
/** Above this many relabellings of two samples, sampled instead of enumerated. */
const EXACT_SPLITS_MAX = 70_000;
/** Draws of a sampled test: its p-value is within about ±0.005 of the exact one at p ≈ 0.05. */
const SAMPLED_DRAWS = 20_000;
/** Fixed, so one results file always gives one verdict. */
const SAMPLING_SEED = 0x5eed;
// Sums equal up to rounding count as ties (a pattern as extreme as the one observed).
const TIE_EPSILON = 1e-12;

/** A test's outcome. */
export interface NoiseTest {
  /** Pairs (paired test) or runs on the smaller side (two samples). */
  n: number;
  /** Geometric-mean ratio Y ÷ X (paired: of the per-run ratios; two samples: of the two sides). */
  ratio: number;
  /** Two-sided p-value: the share of relabellings at least as far from "no difference" as the data. */
  pValue: number;
  /** The smallest p-value these run counts can give at all. */
  minPValue: number;
  /**
   * true: a difference beyond the noise (pValue ≤ alpha); false: none measurable; null: too few runs
   * for this test ever to show one (minPValue > alpha).
   */
  differs: boolean | null;
}

/**
 * Paired test: are per-run ratios Y_k ÷ X_k (each run's two figures timed side by side) centred on 1?
 * A sign-flip test on ln(ratio): under no difference each ratio is as likely to be r as 1/r.
 * @param ratios per-run ratios, each > 0 (unitless).
 * @param alpha significance level (default NOISE_ALPHA).
 * @throws RangeError when `ratios` is empty or holds a value that is not a positive finite number.
 */
export function pairedRatioTest(ratios: readonly number[], alpha = NOISE_ALPHA): NoiseTest {
  const d = logs(ratios, 'ratios');
  const n = d.length;
  const observed = Math.abs(sum(d));
  let extreme = 0;
  let total = 0;
  if (n <= EXACT_PAIRS_MAX) {
    for (let mask = 0; mask < 2 ** n; mask++) {
      let s = 0;
      for (let i = 0; i < n; i++) s += mask & (1 << i) ? -d[i]! : d[i]!;
      if (Math.abs(s) >= observed - TIE_EPSILON) extreme++;
      total++;
    }
  } else {
    const random = mulberry32(SAMPLING_SEED);
    // The observed pattern counts as one draw, so a sampled p-value is never 0.
    extreme = 1;
    total = 1;
    for (let draw = 0; draw < SAMPLED_DRAWS; draw++) {
      let s = 0;
      for (const x of d) s += random() < 0.5 ? -x : x;
      if (Math.abs(s) >= observed - TIE_EPSILON) extreme++;
      total++;
    }
  }
  const minPValue = Math.min(1, 2 / 2 ** n);
  return verdict(n, Math.exp(sum(d) / n), extreme / total, minPValue, alpha);
}

/**
 * Two-sample test: do unpaired run figures `x` and `y` (e.g. one case on two machines) differ? A
 * permutation test on the difference of the mean logs, over every split of the pooled runs.
 * @param x figures of one side, each > 0 (any one unit, the same on both sides).
 * @param y figures of the other side.
 * @param alpha significance level (default NOISE_ALPHA).
 * @throws RangeError when a side is empty or holds a value that is not a positive finite number.
 */
export function twoSampleTest(x: readonly number[], y: readonly number[], alpha = NOISE_ALPHA): NoiseTest {
  const lx = logs(x, 'x');
  const ly = logs(y, 'y');
  const pooled = [...lx, ...ly];
  const total = sum(pooled);
  const m = ly.length;
  const diff = (ySum: number) => ySum / m - (total - ySum) / lx.length;
  const observed = Math.abs(diff(sum(ly)));
  const splits = binomial(pooled.length, m);
  let extreme = 0;
  let count = 0;
  if (splits <= EXACT_SPLITS_MAX) {
    forEachSubsetSum(pooled, m, (ySum) => {
      if (Math.abs(diff(ySum)) >= observed - TIE_EPSILON) extreme++;
      count++;
    });
  } else {
    const random = mulberry32(SAMPLING_SEED);
    extreme = 1;
    count = 1;
    const idx = pooled.map((_, i) => i);
    for (let draw = 0; draw < SAMPLED_DRAWS; draw++) {
      // Partial Fisher–Yates: the first m indices are a uniform random subset.
      for (let i = 0; i < m; i++) {
        const j = i + Math.floor(random() * (idx.length - i));
        [idx[i], idx[j]] = [idx[j]!, idx[i]!];
      }
      let ySum = 0;
      for (let i = 0; i < m; i++) ySum += pooled[idx[i]!]!;
      if (Math.abs(diff(ySum)) >= observed - TIE_EPSILON) extreme++;
      count++;
    }
  }
  const ratio = Math.exp(sum(ly) / m - sum(lx) / lx.length);
  return verdict(Math.min(lx.length, m), ratio, extreme / count, Math.min(1, 2 / splits), alpha);
}

/**
 * The fewest pairs for which pairedRatioTest can show a difference at `alpha` (6 at 0.05), for
 * "re-run with more runs" advice.
 */
export function minPairsFor(alpha = NOISE_ALPHA): number {
  let n = 1;
  while (2 / 2 ** n > alpha) n++;
  return n;
}

function verdict(n: number, ratio: number, pValue: number, minPValue: number, alpha: number): NoiseTest {
  return { n, ratio, pValue, minPValue, differs: minPValue > alpha ? null : pValue <= alpha };
}

function logs(values: readonly number[], name: string): number[] {
  if (values.length === 0) throw new RangeError(`${name}: a noise test needs at least one run`);
  return values.map((v, i) => {
    if (!(Number.isFinite(v) && v > 0)) throw new RangeError(`${name}[${i}] is ${v}: a noise test needs positive finite figures`);
    return Math.log(v);
  });
}

function sum(values: readonly number[]): number {
  let s = 0;
  for (const v of values) s += v;
  return s;
}

function binomial(n: number, k: number): number {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return Math.round(c);
}

/** Calls `visit` with the sum of each k-element subset of `values`. */
function forEachSubsetSum(values: readonly number[], k: number, visit: (subsetSum: number) => void): void {
  const walk = (start: number, left: number, acc: number): void => {
    if (left === 0) return visit(acc);
    for (let i = start; i <= values.length - left; i++) walk(i + 1, left - 1, acc + values[i]!);
  };
  walk(0, k, 0);
}
