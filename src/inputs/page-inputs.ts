/**
 * The one pipeline that loads the page's inputs: this build's results, the price file, the labelled
 * reference run and every fact computed from them. `npm run build`, `npm run claims` and the Astro
 * page all go through `loadPageInputs`, so they read the same files, validate them the same way and
 * compute each fact once.
 *
 * Within one `npm run build` the inputs are loaded once: the build loads them before `astro build`
 * and hands them to the page with `sharePageInputs` (Astro prerenders in the same process, but from
 * its own bundled copy of this module, so the hand-over goes through a global symbol, not a module
 * variable).
 */
import path from 'node:path';
import type { Facts } from '../facts/facts.ts';
import { composeFacts, readReferenceText } from '../facts/compose.ts';
import { composeRunFacts } from '../facts/run-views.ts';
import { loadPriceHistory, type PriceHistory } from '../prices/price-history.ts';
import { pricesPath, type Prices } from '../prices/prices.ts';
import { referenceSetup, type ReferenceSetup } from '../facts/reference-facts.ts';
import { loadResults, resultsPath, type LoadedResults } from './results-source.ts';
import { beyondResultsPath, loadBeyondResults, type LoadedBeyondResults } from './beyond-source.ts';

/** Everything the page is built from. */
export interface PageInputs {
  /** Project root on disk. */
  rootDir: string;
  /** This build's results file: its path, exact text and validated contents. */
  loaded: LoadedResults;
  /** This build's beyond-suite results file ($HOP_BEYOND_RESULTS or bench/results/beyond-latest.json). */
  beyond: LoadedBeyondResults;
  /** The newest snapshot of the validated price file ($HOP_PRICES_FILE or content/prices.json). */
  prices: Prices;
  /** Every snapshot of that file, for the table of what changed since the previous one. */
  priceHistory: PriceHistory;
  /** The labelled reference run's report text, as kept in the repo. */
  referenceText: string;
  /** The labelled reference run's machine, OS and date. */
  reference: ReferenceSetup;
  /** Every fact of the page, from every source, merged once. */
  facts: Facts;
  /** Each run's own facts (run-facts.ts), index k = run k + 1: claims are checked on them too. */
  runFacts: Facts[];
  /** Build time: the age of the prices is counted to it. */
  now: Date;
}

/** How to load the inputs. */
export interface PageInputOptions {
  /** Project root. */
  rootDir: string;
  /** Where $HOP_BENCH_RESULTS and $HOP_PRICES_FILE are read (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** Build time (default: the clock). */
  now?: Date;
  /** Where the price-age warning goes (default console.warn, once per file). */
  warn?: (message: string) => void;
  /** Results already read and validated (the build's stage 1); otherwise read from resultsPath(). */
  loaded?: LoadedResults;
  /** Beyond results already read and validated (the build's stage 1b); otherwise read from beyondResultsPath(). */
  beyond?: LoadedBeyondResults;
}

/**
 * Loads and validates every input and computes the facts.
 * @throws ResultsFileError when the results file is missing, invalid or lacks a case the page needs;
 *   PriceDataError when the price file is; FactError when two fact sources define one name.
 */
export function loadPageInputs(options: PageInputOptions): PageInputs {
  const { rootDir, env = process.env, now = new Date() } = options;
  const loaded = options.loaded ?? loadResults(resultsPath(rootDir, env).file);
  const beyond = options.beyond ?? loadBeyondResults(beyondResultsPath(rootDir, env).file);
  const priceHistory = loadPriceHistory(pricesPath(rootDir, env), now, options.warn ? { warn: options.warn } : {});
  const prices = priceHistory.current;
  const referenceText = readReferenceText(rootDir);
  const factInputs = { results: loaded.results, referenceText, prices, now, beyond: beyond.results };
  return {
    rootDir,
    loaded,
    beyond,
    prices,
    priceHistory,
    referenceText,
    reference: referenceSetup(referenceText),
    facts: composeFacts(factInputs),
    runFacts: composeRunFacts(factInputs),
    now,
  };
}

const SHARED = Symbol.for('split-on-evidence.page-inputs');
type WithShared = typeof globalThis & { [SHARED]?: PageInputs };

/** Hands loaded inputs to the page rendered next in this process (the build calls it before `astro build`). */
export function sharePageInputs(inputs: PageInputs | undefined): void {
  (globalThis as WithShared)[SHARED] = inputs;
}

/** The inputs the build handed over, when they are for this results file and root; else undefined. */
export function sharedPageInputs(rootDir: string, resultsFile: string): PageInputs | undefined {
  const shared = (globalThis as WithShared)[SHARED];
  if (!shared) return undefined;
  return path.resolve(shared.rootDir) === path.resolve(rootDir) && shared.loaded.file === resultsFile ? shared : undefined;
}
