/**
 * The data behind the page, for Astro components: this build's results (from $HOP_BENCH_RESULTS or
 * bench/results/latest.json), the exact text of that file, and every fact. Read once per build; in
 * `astro dev` it is read again on each request so a new bench run shows up on reload.
 */
import { root } from 'astro:config/server';
import { fileURLToPath } from 'node:url';
import type { Facts } from './facts.ts';
import { composeFacts, readReferenceText } from './page-facts.ts';
import { loadPrices, pricesPath, type Prices } from './prices.ts';
import { referenceSetup, type ReferenceSetup } from './reference-facts.ts';
import { loadResults, resultsPath, type LoadedResults } from './results-source.ts';
import { beyondResultsPath, loadBeyondResults, type LoadedBeyondResults } from './beyond-source.ts';

/** Results, facts and where they came from. */
export interface PageData extends LoadedResults {
  facts: Facts;
  /** Project root on disk. */
  rootDir: string;
  /** The labelled reference run's machine, OS and date. */
  reference: ReferenceSetup;
  /** The labelled reference run's report text, as kept in the repo. */
  referenceText: string;
  /** The validated price file ($HOP_PRICES_FILE or content/prices.json). */
  prices: Prices;
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
  const loaded = loadResults(resultsPath(rootDir).file);
  const referenceText = readReferenceText(rootDir);
  const now = new Date();
  const prices = loadPrices(pricesPath(rootDir), now);
  const beyond = loadBeyondResults(beyondResultsPath(rootDir).file);
  cached = {
    ...loaded,
    rootDir,
    reference: referenceSetup(referenceText),
    referenceText,
    prices,
    now,
    beyond,
    facts: composeFacts({ results: loaded.results, referenceText, prices, now, beyond: beyond.results }),
  };
  return cached;
}
