/**
 * The data behind the page, for Astro components: this build's results (from $HOP_BENCH_RESULTS or
 * bench/results/latest.json), the exact text of that file, and every fact. Read once per build; in
 * `astro dev` it is read again on each request so a new bench run shows up on reload.
 */
import { root } from 'astro:config/server';
import { fileURLToPath } from 'node:url';
import type { Facts } from './facts.ts';
import { composeFacts, readReferenceText } from './page-facts.ts';
import { loadPriceHistory, type PriceHistory } from './price-history.ts';
import { pricesPath, type Prices } from './prices.ts';
import { referenceSetup, type ReferenceSetup } from './reference-facts.ts';
import { loadResults, resultsPath, type LoadedResults } from './results-source.ts';

/** Results, facts and where they came from. */
export interface PageData extends LoadedResults {
  facts: Facts;
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
  const priceHistory = loadPriceHistory(pricesPath(rootDir), now);
  const prices = priceHistory.current;
  cached = {
    ...loaded,
    rootDir,
    reference: referenceSetup(referenceText),
    referenceText,
    prices,
    priceHistory,
    now,
    facts: composeFacts({ results: loaded.results, referenceText, prices, now }),
  };
  return cached;
}
