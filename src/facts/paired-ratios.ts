/**
 * Comparisons through paired per-run figures: each run's figure of one case ÷ the same run's figure of
 * another. A ratio of the two cases' medians over runs divides figures that can come from different
 * runs; the paired ratios do not, and their spread across runs is the noise of the comparison, read by
 * the one noise rule (hop-bench/noise departsBeyondNoise against 1). Used for a fresh connection per call
 * (case C) against a reused one (case B, paired-facts.ts), and for a full TLS handshake (G2) against a
 * resumed one (G3, cases/g-tls/facts.ts).
 */
import { departsBeyondNoise, runsInterval, runsMedian } from '@split-on-evidence/hop-bench/facts';
import type { Facts } from './facts.ts';
import { NOISE, NOISE_SUFFIX } from './noise-facts.ts';

/**
 * Per run: `over`'s p50 ÷ the p50 of the run of `under` with the same run number, unitless, for the runs
 * both made (a run without its pair, or with a p50 of 0 under it, is left out).
 */
export function pairRunsP50(over: readonly { run: number; p50Us: number }[], under: readonly { run: number; p50Us: number }[]): number[] {
  return over.flatMap((o) => {
    const u = under.find((r) => r.run === o.run);
    return u && u.p50Us > 0 ? [o.p50Us / u.p50Us] : [];
  });
}

/**
 * Facts of paired per-run ratios under `name` (unitless): `name` (the median of the ratios), .low/.high
 * (the interval the noise rule judges by, around that median), .runs (runs paired) and .noise
 * (NOISE.differ when the interval excludes 1, NOISE.same when it holds 1, NOISE.unjudged with one run).
 * One run gives that run's ratio.
 * @throws RangeError when `ratios` is empty.
 */
export function pairedRatioFacts(name: string, ratios: readonly number[]): Facts {
  const interval = runsInterval(ratios);
  const departs = departsBeyondNoise(ratios, 1);
  return {
    [name]: runsMedian(ratios),
    [`${name}.low`]: interval.low,
    [`${name}.high`]: interval.high,
    [`${name}.runs`]: ratios.length,
    [name + NOISE_SUFFIX]: departs === null ? NOISE.unjudged : departs ? NOISE.differ : NOISE.same,
  };
}
