/**
 * Every fact the article can use, from every source, merged into one record per view (the medians,
 * or one run: run-views.ts). This is the one place where fact sources are joined: bench results (this build's run), published prices, the availability
 * arithmetic, cited sources, the labelled reference run, the word tolerances, and case E against the
 * reference run (src/cases/e-failure/reference-match.ts).
 */
import type { BeyondResults } from '../inputs/results-source.ts';
import type { Results } from '@split-on-evidence/hop-bench/schema';
import { availabilityFacts } from './availability.ts';
import { beyondFacts } from './beyond-facts.ts';
import { priceFacts } from '../prices/costs.ts';
import { mergeFacts, resultFacts, type Facts } from './facts.ts';
import type { Prices } from '../prices/prices.ts';
import { referenceFacts } from './reference-facts.ts';
import { referenceMatchFacts } from '../cases/e-failure/reference-match.ts';
import { sourceFacts } from './source-facts.ts';
import { wordFacts } from '../prose/word-facts.ts';
import { networkModelFacts } from '../cases/h-network/network-model.ts';
import { crossSuiteFacts } from './cross-suite.ts';
import { chainFacts } from './chain-facts.ts';
import { pairedFacts } from './paired-facts.ts';
import { callCpuCostFacts } from './call-cpu-cost.ts';

/** What the facts are computed from. */
export interface FactInputs {
  /** This build's validated results. */
  results: Results;
  /** Text of the labelled reference report (bench/reference/reference-output-2026-10-19.txt). */
  referenceText: string;
  /** The validated price file. */
  prices: Prices;
  /** Build time, for the age of the prices. */
  now: Date;
  /** This build's validated beyond-suite results (facts named by case, e.g. "F.…"); none when absent. */
  beyond?: BeyondResults;
  /** More fact records to merge. Names must not collide. */
  extra?: Facts[];
}

/** What stays the same in every view of one build: facts that do not come from the reference suite's runs. */
export type SharedFactInputs = Omit<FactInputs, 'results'>;

/**
 * The facts that are the same in every view (medians and each run): prices, the availability
 * arithmetic, cited sources, the labelled reference run, the word tolerances, the beyond suite's cases
 * (its figures are not split by the reference suite's runs) and the price of their CPU per call
 * (call-cpu-cost.ts), the network model and `extra`.
 * Computed once per build and shared by every view.
 * @throws FactError when two of these sources define the same name.
 */
export function sharedFacts(inputs: SharedFactInputs): Facts {
  const beyond = inputs.beyond ? beyondFacts(inputs.beyond) : undefined;
  return mergeFacts(
    priceFacts(inputs.prices, inputs.now),
    availabilityFacts(inputs.prices.hoursPerMonth),
    sourceFacts(),
    referenceFacts(inputs.referenceText),
    wordFacts(),
    ...(beyond ? [beyond, callCpuCostFacts(inputs.prices, beyond)] : []),
    networkModelFacts(),
    ...(inputs.extra ?? []),
  );
}

/**
 * One view's facts: the reference suite's figures of `results` (the medians, or one run's view from
 * run-views.ts), the chain against its hops through per-run means (chain-facts.ts), the facts that join them with the beyond suite, and the shared facts.
 * @throws FactError when a needed case is missing or two sources define the same name.
 */
export function viewFacts(results: Results, beyond: BeyondResults | undefined, shared: Facts): Facts {
  const facts = mergeFacts(resultFacts(results), chainFacts(results), pairedFacts(results), shared, ...(beyond ? [crossSuiteFacts(results, beyond)] : []));
  // Facts that compare this build with the reference need both merged first.
  return mergeFacts(facts, referenceMatchFacts(facts));
}

/**
 * All facts of the page at the medians (one view; run-views.ts composes every view of a build).
 * @throws FactError when a needed case is missing or two sources define the same name.
 */
export function composeFacts(inputs: FactInputs): Facts {
  return viewFacts(inputs.results, inputs.beyond, sharedFacts(inputs));
}
