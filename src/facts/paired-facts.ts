/**
 * A fresh connection per call (case C) and the three-hop chain (case D) against a reused connection
 * (case B), paired run by run (paired-ratios.ts: each run's median ÷ the same run's B median, read by the
 * one noise rule), for this build's results and for a printed report such as the reference run's.
 * Source: the per-run `p50Us` of cases B, C and D in the results file (bench/src/harness/schema.ts), or
 * each run's printed p50 in a report (bench/src/harness/report-parse.ts, one decimal).
 */
import type { Results } from '@split-on-evidence/hop-bench/schema';
import type { ParsedReport } from '@split-on-evidence/hop-bench/facts';
import { latencyCase, type Facts } from './facts.ts';
import { pairedRatioFacts, pairRunsP50 } from './paired-ratios.ts';

/** The name of the paired C ÷ B fact; its companions add `.low`, `.high`, `.min`, `.max`, `.runs` and `.noise`. */
export const C_OVER_B_PAIRED = 'ratio.CoverB.pairedP50';

/** The name of a case's paired ratio to B (e.g. "ratio.DoverB.pairedP50"). */
export const pairedOverB = (id: string): string => `ratio.${id}overB.pairedP50`;

/** The cases paired against B: C (a new connection per call) and D (the chain). */
export const PAIRED_OVER_B_IDS = ['C', 'D'] as const;

/**
 * Per run k: C.run{k}.p50Us / B.run{k}.p50Us, unitless, for the runs both cases made.
 * @throws FactError when case B or C is missing; RangeError when they share no run.
 */
export function connectionOverReusedPerRun(results: Results): number[] {
  return overReusedPerRun(results, 'C');
}

function overReusedPerRun(results: Results, id: string): number[] {
  const ratios = pairRunsP50(latencyCase(results, id).runs, latencyCase(results, 'B').runs);
  if (ratios.length === 0) throw new RangeError(`cases B and ${id} share no run with a median: they cannot be paired`);
  return ratios;
}

/**
 * Facts of C ÷ B and D ÷ B paired run by run, under pairedOverB(id) (pairedRatioFacts, with .min and
 * .max: the lowest and highest run's ratio).
 * @throws as connectionOverReusedPerRun.
 */
export function pairedFacts(results: Results): Facts {
  return Object.assign({}, ...PAIRED_OVER_B_IDS.map((id) => withRange(pairedOverB(id), overReusedPerRun(results, id))));
}

/**
 * The same facts from a printed report's per-run p50s (runs paired by their order in the report).
 * @throws RangeError when the report has no run of B, C or D to pair.
 */
export function reportPairedFacts(report: ParsedReport): Facts {
  const runsOf = (id: string) => (report.latency.find((r) => r.id === id)?.runs ?? []).map((r, k) => ({ run: k, p50Us: r[0] }));
  return Object.assign(
    {},
    ...PAIRED_OVER_B_IDS.map((id) => {
      const ratios = pairRunsP50(runsOf(id), runsOf('B'));
      if (ratios.length === 0) throw new RangeError(`report: cases B and ${id} share no run: they cannot be paired`);
      return withRange(pairedOverB(id), ratios);
    }),
  );
}

function withRange(name: string, ratios: number[]): Facts {
  return { ...pairedRatioFacts(name, ratios), [`${name}.min`]: Math.min(...ratios), [`${name}.max`]: Math.max(...ratios) };
}
