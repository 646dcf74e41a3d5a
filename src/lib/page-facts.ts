/**
 * Every fact the article can use, from every source, merged into one record. This is the one place
 * where fact sources are joined: bench results (this build's run), published prices, the availability
 * arithmetic, cited sources and the labelled reference run.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BeyondResults } from '@split-on-evidence/hop-bench/beyond-schema';
import type { Results } from '@split-on-evidence/hop-bench/schema';
import { availabilityFacts } from './availability.ts';
import { beyondFacts } from './beyond-facts.ts';
import { priceFacts } from './costs.ts';
import { mergeFacts, resultFacts, type Facts } from './facts.ts';
import type { Prices } from './prices.ts';
import { REFERENCE_REPORT_PATH, referenceFacts } from './reference-facts.ts';
import { sourceFacts } from './source-facts.ts';

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
  return mergeFacts(
    resultFacts(inputs.results),
    priceFacts(inputs.prices, inputs.now),
    availabilityFacts(),
    sourceFacts(),
    referenceFacts(inputs.referenceText),
    ...(inputs.beyond ? [beyondFacts(inputs.beyond)] : []),
    ...(inputs.extra ?? []),
  );
}

/** Reads the labelled reference report under the project root. */
export function readReferenceText(rootDir: string): string {
  return readFileSync(path.join(rootDir, REFERENCE_REPORT_PATH), 'utf8');
}
