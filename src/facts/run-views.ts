/**
 * The facts of each run on its own, so that a claim can be checked on every run as well as on the
 * medians. Run r's view of a results file keeps run r of every case and variant, with the medians set
 * to that run's figures: "B.p50Us" is run r's p50, "E.retry.duplicates.total" is run r's duplicates.
 * Facts that do not come from the bench (prices, sources, the reference run) are the same in every run.
 */
import type { CaseResult, Results } from '@split-on-evidence/hop-bench/schema';
import type { Facts } from './facts.ts';
import { sharedFacts, viewFacts, type FactInputs } from './compose.ts';

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

/** The facts of every view of one build: the medians and each run alone. */
export interface ComposedFacts {
  /** The facts at the medians: what the page shows. */
  facts: Facts;
  /** Each run's own facts, index k = run k (0-based), for `config.runs` runs: claims are checked on them too. */
  runFacts: Facts[];
}

/**
 * Composes the facts once per view: the shared facts (prices, sources, reference run, beyond suite, …)
 * once, then each view's own (the medians, then each run of the reference suite).
 * @throws FactError as composeFacts does.
 */
export function composeViews(inputs: FactInputs): ComposedFacts {
  const shared = sharedFacts(inputs);
  return {
    facts: viewFacts(inputs.results, inputs.beyond, shared),
    runFacts: Array.from({ length: inputs.results.config.runs }, (_, run) => viewFacts(runView(inputs.results, run), inputs.beyond, shared)),
  };
}
