/**
 * The facts of each run on its own, so that a claim can be checked on every run as well as on the
 * medians. Run r's view of a results file keeps run r of every case and variant, with the medians set
 * to that run's figures: "B.p50Us" is run r's p50, "E.retry.duplicates.total" is run r's duplicates.
 * Facts that do not come from the bench (prices, sources, the reference run) are the same in every run.
 */
import type { CaseResult, Results } from '@split-on-evidence/hop-bench/schema';
import type { Facts } from './facts.ts';
import { composeFacts, type FactInputs } from './compose.ts';

/**
 * Results as if only run `run` (0-based) had been made.
 * @throws RangeError when a case has no such run.
 */
export function runView(results: Results, run: number): Results {
  const cases = results.cases.map((c): CaseResult => {
    if (c.kind === 'latency') {
      const r = c.runs.find((x) => x.run === run);
      if (!r) throw new RangeError(`case ${c.id} has no run ${run + 1}`);
      return {
        ...c,
        runs: [r],
        median: { p50Us: r.p50Us, p95Us: r.p95Us, p99Us: r.p99Us, callsPerSec: r.callsPerSec, p50CvPercent: 0 },
        intervals: { confidencePercent: 0, p50Us: { lowUs: r.p50Us, highUs: r.p50Us }, p95Us: { lowUs: r.p95Us, highUs: r.p95Us }, p99Us: { lowUs: r.p99Us, highUs: r.p99Us } },
      };
    }
    return {
      ...c,
      variants: c.variants.map((v) => {
        const r = v.runs.find((x) => x.run === run);
        if (!r) throw new RangeError(`case ${c.id}, variant ${v.id} has no run ${run + 1}`);
        return { ...v, runs: [r] };
      }),
    };
  });
  return { ...results, config: { ...results.config, runs: 1 }, cases };
}

/**
 * The page's facts computed from each run alone, index k = run k (0-based), for `config.runs` runs.
 * @throws FactError as composeFacts does.
 */
export function composeRunFacts(inputs: FactInputs): Facts[] {
  return Array.from({ length: inputs.results.config.runs }, (_, run) => composeFacts({ ...inputs, results: runView(inputs.results, run) }));
}
