/**
 * The data behind the page, for Astro components: the page inputs (src/inputs/page-inputs.ts) as the
 * components read them. In `npm run build` these are the inputs the build already loaded and checked;
 * otherwise (`astro build` alone, `astro dev`) they are loaded here through the same pipeline, and in
 * `astro dev` again on each request so a new bench run shows up on reload.
 */
import { root } from 'astro:config/server';
import { fileURLToPath } from 'node:url';
import type { Facts } from '../facts/facts.ts';
import { loadPageInputs, sharedPageInputs } from './page-inputs.ts';
import type { PriceHistory } from '../prices/price-history.ts';
import type { Prices } from '../prices/prices.ts';
import type { ReferenceSetup } from '../facts/reference-facts.ts';
import { resultsPath, type LoadedResults } from './results-source.ts';
import type { LoadedBeyondResults } from './beyond-source.ts';

/** Results, facts and where they came from. */
export interface PageData extends LoadedResults {
  facts: Facts;
  /** Each run's own facts (run-facts.ts), index k = run k + 1: claims are checked on them too. */
  runFacts: Facts[];
  /** Project root on disk. */
  rootDir: string;
  /** The labelled reference run's machine, OS and date. */
  reference: ReferenceSetup;
  /** The labelled reference run's report text, as kept in the repo. */
  referenceText: string;
  /** The newest snapshot of the validated price file ($HOP_PRICES_FILE or content/prices.json). */
  prices: Prices;
  /** Every snapshot of that file, for the table of what changed since the previous one. */
  priceHistory: PriceHistory;
  /** Build time: the age of the prices is counted to it. */
  now: Date;
  /** This build's beyond-suite results ($HOP_BEYOND_RESULTS or bench/results/beyond-latest.json). */
  beyond: LoadedBeyondResults;
}

let cached: PageData | undefined;

/**
 * The page's data.
 * @throws ResultsFileError when the results file is missing or invalid (the message has the fix);
 *   PriceDataError when the price file is; FactError when fact sources collide.
 */
export function pageData(): PageData {
  if (cached && import.meta.env.PROD) return cached;
  const rootDir = fileURLToPath(root);
  const inputs = sharedPageInputs(rootDir, resultsPath(rootDir).file) ?? loadPageInputs({ rootDir });
  const { loaded, ...rest } = inputs;
  cached = { ...loaded, ...rest };
  return cached;
}
