/**
 * The page's one noise rule as facts: a comparison between two sets of run figures gets a companion
 * fact "<ratio name>.noise" that every word about it reads (hop-bench/noise differBeyondNoise: the runs'
 * intervals overlap → no measurable difference).
 */
import { differBeyondNoise } from '@split-on-evidence/hop-bench/facts';

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
