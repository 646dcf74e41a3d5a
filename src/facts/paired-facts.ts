/**
 * A fresh connection per call (case C) against a reused one (case B) through paired per-run figures:
 * each run's C median ÷ the same run's B median. A ratio of the two cases' medians over runs divides
 * figures that can come from different runs; the paired ratios do not, and their spread across runs is
 * the noise of the comparison, read by the one noise rule (hop-bench/noise departsBeyondNoise against 1).
 * Source: the per-run `p50Us` of cases B and C in the results file (bench/src/harness/schema.ts).
 */
import type { Results } from '@split-on-evidence/hop-bench/schema';
import { departsBeyondNoise, runsInterval } from '@split-on-evidence/hop-bench/noise';
import { latencyCase, type Facts } from './facts.ts';
import { NOISE, NOISE_SUFFIX } from './noise-facts.ts';

/** The name of the paired C ÷ B fact; its companions add `.low`, `.high`, `.runs` and `.noise`. */
export const C_OVER_B_PAIRED = 'ratio.CoverB.pairedP50';

/**
 * Per run k: C.run{k}.p50Us / B.run{k}.p50Us, unitless, for the runs both cases made.
 * @throws FactError when case B or C is missing; RangeError when they share no run.
 */
export function connectionOverReusedPerRun(results: Results): number[] {
  const b = latencyCase(results, 'B');
  const c = latencyCase(results, 'C');
  const ratios = c.runs.flatMap((cr) => {
    const br = b.runs.find((r) => r.run === cr.run);
    return br && br.p50Us > 0 ? [cr.p50Us / br.p50Us] : [];
  });
  if (ratios.length === 0) throw new RangeError('cases B and C share no run with a median: they cannot be paired');
  return ratios;
}

/**
 * Facts (unitless): ratio.CoverB.pairedP50 (the mean over runs of each run's C p50 ÷ B p50), .low/.high
 * (the interval the noise rule judges by), .runs (runs paired) and .noise (NOISE.differ when the interval
 * excludes 1, NOISE.same when it holds 1, NOISE.unjudged with one run). A one-run view gives that run's ratio.
 * @throws as connectionOverReusedPerRun.
 */
export function pairedFacts(results: Results): Facts {
  const ratios = connectionOverReusedPerRun(results);
  const interval = runsInterval(ratios);
  const departs = departsBeyondNoise(ratios, 1);
  return {
    [C_OVER_B_PAIRED]: ratios.reduce((a, b) => a + b, 0) / ratios.length,
    [`${C_OVER_B_PAIRED}.low`]: interval.low,
    [`${C_OVER_B_PAIRED}.high`]: interval.high,
    [`${C_OVER_B_PAIRED}.runs`]: ratios.length,
    [C_OVER_B_PAIRED + NOISE_SUFFIX]: departs === null ? NOISE.unjudged : departs ? NOISE.differ : NOISE.same,
  };
}
