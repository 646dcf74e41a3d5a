/**
 * A fresh connection per call (case C) against a reused one (case B), paired run by run
 * (paired-ratios.ts: each run's C median ÷ the same run's B median, read by the one noise rule).
 * Source: the per-run `p50Us` of cases B and C in the results file (bench/src/harness/schema.ts).
 */
import type { Results } from '@split-on-evidence/hop-bench/schema';
import { latencyCase, type Facts } from './facts.ts';
import { pairedRatioFacts, pairRunsP50 } from './paired-ratios.ts';

/** The name of the paired C ÷ B fact; its companions add `.low`, `.high`, `.runs` and `.noise`. */
export const C_OVER_B_PAIRED = 'ratio.CoverB.pairedP50';

/**
 * Per run k: C.run{k}.p50Us / B.run{k}.p50Us, unitless, for the runs both cases made.
 * @throws FactError when case B or C is missing; RangeError when they share no run.
 */
export function connectionOverReusedPerRun(results: Results): number[] {
  const ratios = pairRunsP50(latencyCase(results, 'C').runs, latencyCase(results, 'B').runs);
  if (ratios.length === 0) throw new RangeError('cases B and C share no run with a median: they cannot be paired');
  return ratios;
}

/**
 * Facts of C ÷ B paired run by run, under C_OVER_B_PAIRED (pairedRatioFacts).
 * @throws as connectionOverReusedPerRun.
 */
export function pairedFacts(results: Results): Facts {
  return pairedRatioFacts(C_OVER_B_PAIRED, connectionOverReusedPerRun(results));
}
