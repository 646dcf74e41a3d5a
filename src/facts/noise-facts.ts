/**
 * The page's one noise rule as facts: a comparison between two sets of run figures gets a companion
 * fact "<ratio name>.noise" that every word about it reads (hop-bench/noise differBeyondNoise: the runs'
 * intervals overlap → no measurable difference).
 */
import { differBeyondNoise, pairedRatioTest } from '@split-on-evidence/hop-bench/facts';

/** The suffix of a comparison's noise fact: "H.ratio.CvethOverC.p50" → "H.ratio.CvethOverC.p50.noise". */
export const NOISE_SUFFIX = '.noise';

/** What a noise fact's value means. */
export const NOISE = {
  /** The runs' intervals do not overlap: a measurable difference. */
  differ: 1,
  /** They overlap: no measurable difference. */
  same: 0,
  /** A side has one run: no spread to judge by. */
  unjudged: -1,
} as const;

/**
 * The noise fact's value for one figure per run on each side (same unit on both sides).
 * @returns NOISE.differ, NOISE.same or NOISE.unjudged.
 * @throws RangeError when a side has no runs.
 */
export function noiseVerdict(a: readonly number[], b: readonly number[]): number {
  const differ = differBeyondNoise(a, b);
  return differ === null ? NOISE.unjudged : differ ? NOISE.differ : NOISE.same;
}

/**
 * The noise fact's value under the paired permutation test (hop-bench/facts pairedRatioTest, alpha
 * NOISE_ALPHA): per-round ratios Y ÷ X, each round timing both sides side by side (unitless, > 0).
 * The test's false-positive rate is at most alpha by construction, and the A/A check (case G's
 * noiseCheck) measures it on the machine. Fewer than minPairsFor() rounds can never show a difference,
 * so they give NOISE.unjudged, never NOISE.same.
 * @returns NOISE.differ, NOISE.same or NOISE.unjudged.
 * @throws RangeError when `ratios` is empty or holds a value that is not a positive finite number.
 */
export function pairedNoiseVerdict(ratios: readonly number[]): number {
  const differs = pairedRatioTest(ratios).differs;
  return differs === null ? NOISE.unjudged : differs ? NOISE.differ : NOISE.same;
}
