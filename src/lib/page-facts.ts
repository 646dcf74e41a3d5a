/**
 * Every fact the article can use, from every source, merged into one record. This is the one place
 * where fact sources are joined: bench results (this build's run), the availability example, cited
 * sources and the labelled reference run. Published prices join here too (priceFacts) when they land.
 */
import type { Results } from '@split-on-evidence/hop-bench/schema';
import { chainAvailabilityFacts, mergeFacts, resultFacts, type Facts } from './facts.ts';
import { referenceFacts } from './reference-facts.ts';
import { sourceFacts } from './source-facts.ts';

/** What the facts are computed from. */
export interface FactInputs {
  /** This build's validated results. */
  results: Results;
  /** Text of the labelled reference report (bench/reference/reference-output-2026-10-19.txt). */
  referenceText: string;
  /** More fact records to merge, e.g. priceFacts(prices). Names must not collide. */
  extra?: Facts[];
}

/**
 * All facts of the page.
 * @throws FactError when a needed case is missing or two sources define the same name.
 */
export function composeFacts(inputs: FactInputs): Facts {
  return mergeFacts(
    resultFacts(inputs.results),
    chainAvailabilityFacts(),
    sourceFacts(),
    referenceFacts(inputs.referenceText),
    ...(inputs.extra ?? []),
  );
}
