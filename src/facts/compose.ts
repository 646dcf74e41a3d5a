/**
 * Every fact the article can use, from every source, merged into one record. This is the one place
 * where fact sources are joined: bench results (this build's run), published prices, the availability
 * arithmetic, cited sources, the labelled reference run, the word tolerances, and case E against the
 * reference run (src/cases/e-failure/reference-match.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BeyondResults } from '@split-on-evidence/hop-bench/beyond-schema';
import type { Results } from '@split-on-evidence/hop-bench/schema';
import { availabilityFacts } from './availability.ts';
import { beyondFacts } from './beyond-facts.ts';
import { priceFacts } from '../prices/costs.ts';
import { mergeFacts, resultFacts, type Facts } from './facts.ts';
import type { Prices } from '../prices/prices.ts';
import { REFERENCE_REPORT_PATH, referenceFacts } from './reference-facts.ts';
import { referenceMatchFacts } from '../cases/e-failure/reference-match.ts';
import { sourceFacts } from './source-facts.ts';
import { wordFacts } from '../claims/words.ts';
import { crossSuiteFacts, networkModelFacts } from '../cases/h-network/network-model.ts';

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

/**
 * All facts of the page.
 * @throws FactError when a needed case is missing or two sources define the same name.
 */
export function composeFacts(inputs: FactInputs): Facts {
  const facts = mergeFacts(
    resultFacts(inputs.results),
    priceFacts(inputs.prices, inputs.now),
    availabilityFacts(inputs.prices.hoursPerMonth),
    sourceFacts(),
    referenceFacts(inputs.referenceText),
    wordFacts(),
    ...(inputs.beyond ? [beyondFacts(inputs.beyond), crossSuiteFacts(inputs.results, inputs.beyond)] : []),
    networkModelFacts(),
    ...(inputs.extra ?? []),
  );
  // Facts that compare this build with the reference need both merged first.
  return mergeFacts(facts, referenceMatchFacts(facts));
}

/** Reads the labelled reference report under the project root. */
export function readReferenceText(rootDir: string): string {
  return readFileSync(path.join(rootDir, REFERENCE_REPORT_PATH), 'utf8');
}
