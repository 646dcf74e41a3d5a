/**
 * The noise rule's own check (issue 30 item 1): how often a rule calls a difference where there is
 * none (A/A), and how often it finds one that is really there (an injected slowdown), measured on the
 * machine that ran the bench.
 *
 * One trial is `rounds` paired rounds. Each round times the same call twice in a row, as two arms of
 * `callsPerArm` timed calls, and keeps both arms' p50 (their ratio, arm 2 ÷ arm 1, is what paired rules read). The arms
 * swap order every round, so a machine that drifts within a trial moves both. In an A/A trial both
 * arms are the same call, so any difference a rule calls is a false positive. In an injected trial
 * the second arm spins for (injectedRatio − 1) × the call's p50 inside every timed call, so its p50 is
 * injectedRatio times the first arm's: a real difference of known size.
 *
 * This module judges (pure): the site and the tests read the stored ratios (noise-check-schema.ts)
 * through the same rules the page uses. noise-check-run.ts only measures.
 */
import { departsBeyondNoise, differBeyondNoise } from './noise.ts';
import type { NoiseCheck } from './noise-check-schema.ts';
import { NOISE_ALPHA, pairedRatioTest } from './permutation-test.ts';

/** One rule's record over the check's trials. */
export interface RuleRecord {
  /** Trials judged. */
  trials: number;
  /** A/A trials in which the rule called a difference: false positives. */
  falsePositives: number;
  /** falsePositives ÷ trials, percent. */
  falsePositivePercent: number;
  /** One-sided 95% upper bound of the false-positive rate (exact binomial, Clopper–Pearson), percent. */
  falsePositiveUpperPercent: number;
  /**
   * One-sided 95% lower bound of the same, percent: above MAX_FALSE_POSITIVE_PERCENT, the rule called
   * more A/A differences than chance gives a rule at that level in this many trials.
   */
  falsePositiveLowerPercent: number;
  /** Injected trials in which the rule called a difference in the right direction (ratio above 1). */
  detections: number;
  /** detections ÷ trials, percent: the rule's power against the injected difference. */
  powerPercent: number;
}

/** The check judged by the rules it compares. */
export interface NoiseCheckVerdict {
  /** The paired permutation test (permutation-test.ts pairedRatioTest) on all of a trial's round ratios, at NOISE_ALPHA. */
  permutation: RuleRecord;
  /** The overlap rule for paired figures (noise.ts departsBeyondNoise against 1) on a trial's first overlapRuns round ratios. */
  pairedOverlap: RuleRecord;
  /** The overlap rule for two sets of runs (noise.ts differBeyondNoise) on each arm's first overlapRuns p50s. */
  unpairedOverlap: RuleRecord;
}

/** A trial as a rule reads it: each round's [arm 1, arm 2] p50s. */
type Trial = readonly (readonly [number, number])[];

/**
 * Judges the stored rounds by the three rules.
 * @throws RangeError when a trial holds fewer rounds than config.overlapRuns.
 */
export function judgeNoiseCheck(check: NoiseCheck): NoiseCheckVerdict {
  const n = check.config.overlapRuns;
  for (const t of [...check.aa, ...check.injected]) {
    if (t.length < n) throw new RangeError(`a noise-check trial has ${t.length} rounds, fewer than overlapRuns (${n})`);
  }
  const ratios = (t: Trial) => t.map(([a, b]) => b / a);
  const first = (t: Trial) => t.slice(0, n);
  return {
    permutation: record(check, (t) => pairedRatioTest(ratios(t), NOISE_ALPHA).differs === true, ratios),
    pairedOverlap: record(check, (t) => departsBeyondNoise(ratios(first(t)), 1) === true, (t) => ratios(first(t))),
    unpairedOverlap: record(check, (t) => differBeyondNoise(first(t).map((r) => r[0]), first(t).map((r) => r[1])) === true, (t) => ratios(first(t))),
  };
}

/**
 * A rule's record: `differs` its verdict on a trial; `seen` the round ratios it judged, whose geometric
 * mean must be above 1 for an injected trial's difference to count as found (the slowed arm is arm 2).
 */
function record(check: NoiseCheck, differs: (trial: Trial) => boolean, seen: (trial: Trial) => readonly number[]): RuleRecord {
  const falsePositives = check.aa.filter((t) => differs(t)).length;
  const detections = check.injected.filter((t) => differs(t) && geometricMean(seen(t)) > 1).length;
  return {
    trials: check.aa.length,
    falsePositives,
    falsePositivePercent: (falsePositives / check.aa.length) * 100,
    falsePositiveUpperPercent: binomialUpperBound(falsePositives, check.aa.length, 0.95) * 100,
    falsePositiveLowerPercent: binomialLowerBound(falsePositives, check.aa.length, 0.95) * 100,
    detections,
    powerPercent: (detections / check.injected.length) * 100,
  };
}

function geometricMean(values: readonly number[]): number {
  return Math.exp(values.reduce((s, v) => s + Math.log(v), 0) / values.length);
}

/**
 * The exact one-sided upper confidence bound of a binomial proportion (Clopper–Pearson): the largest p
 * with P(X ≤ k | n, p) ≥ 1 − confidence. For k = n it is 1.
 * @param k successes, 0 ≤ k ≤ n.
 * @param n trials, ≥ 1.
 * @param confidence e.g. 0.95.
 * @throws RangeError for k or n out of range.
 */
export function binomialUpperBound(k: number, n: number, confidence: number): number {
  if (!(Number.isInteger(n) && n >= 1 && Number.isInteger(k) && k >= 0 && k <= n)) throw new RangeError(`no binomial bound for ${k} of ${n}`);
  if (k === n) return 1;
  const tail = 1 - confidence;
  let lo = k / n;
  let hi = 1;
  // P(X ≤ k) falls as p rises: bisect to 1e-9.
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (binomialCdf(k, n, mid) >= tail) lo = mid;
    else hi = mid;
  }
  return lo;
}

/**
 * The exact one-sided lower confidence bound of a binomial proportion (Clopper–Pearson): the smallest p
 * with P(X ≥ k | n, p) ≥ 1 − confidence, that is 1 − the upper bound of the n − k failures. 0 for k = 0.
 * @throws RangeError for k or n out of range.
 */
export function binomialLowerBound(k: number, n: number, confidence: number): number {
  if (!(Number.isInteger(n) && n >= 1 && Number.isInteger(k) && k >= 0 && k <= n)) throw new RangeError(`no binomial bound for ${k} of ${n}`);
  return k === 0 ? 0 : 1 - binomialUpperBound(n - k, n, confidence);
}

function binomialCdf(k: number, n: number, p: number): number {
  let term = (1 - p) ** n;
  let sum = term;
  for (let i = 1; i <= k; i++) {
    term *= ((n - i + 1) / i) * (p / (1 - p));
    sum += term;
  }
  return sum;
}

/** The false-positive rate the page's rule may have, percent: its significance level. */
export const MAX_FALSE_POSITIVE_PERCENT = NOISE_ALPHA * 100;
/** The power the check asks of the page's rule against the injected difference, percent. */
export const MIN_POWER_PERCENT = 90;

/**
 * Warnings when the permutation test, judged on this machine, called more A/A differences than its
 * significance level allows by more than chance explains (the lower bound above the level: a count
 * just above 5% of 40 trials is what a 5% rule often gives), or missed the injected difference too
 * often, each with what to do.
 */
export function noiseCheckWarnings(check: NoiseCheck): string[] {
  const r = judgeNoiseCheck(check).permutation;
  const out: string[] = [];
  if (r.falsePositiveLowerPercent > MAX_FALSE_POSITIVE_PERCENT) {
    out.push(
      `the noise check's permutation test called a difference in ${r.falsePositives} of ${r.trials} A/A trials (${r.falsePositivePercent.toFixed(1)}%, at least ${r.falsePositiveLowerPercent.toFixed(1)}% at 95% confidence, above ${MAX_FALSE_POSITIVE_PERCENT}%): ` +
        'rounds on this machine were not alike; close other programs and re-run before trusting a "beyond the noise".',
    );
  }
  if (r.powerPercent < MIN_POWER_PERCENT) {
    out.push(
      `the noise check's permutation test found the injected ${check.config.injectedRatio}× slowdown in only ${r.detections} of ${r.trials} trials (${r.powerPercent.toFixed(0)}%, below ${MIN_POWER_PERCENT}%): ` +
        'the noise between rounds is too large here to see a difference of that size; re-run on a quieter machine.',
    );
  }
  return out;
}
