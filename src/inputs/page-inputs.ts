/**
 * The one pipeline that loads the page's inputs: this build's results of both suites, the price file,
 * the labelled reference run, the run archive, the Node version matrix and the bench source listing,
 * and the facts of every view computed from them. `npm run build`, `npm run claims` and the Astro page
 * all go through `loadPageInputs`, so they read the same files, validate them the same way and compute
 * each fact once; components read no files and no environment variables, only these inputs.
 *
 * Within one `npm run build` the inputs are loaded once: the build loads them before `astro build`
 * and hands them to the page in the page snapshot file (page-snapshot.ts), with the claims it evaluated.
 */
import type { MatrixLookup } from '@split-on-evidence/hop-bench/suites';
import type { Results } from '@split-on-evidence/hop-bench/schema';
import type { Facts } from '../facts/facts.ts';
import { composeViews } from '../facts/run-views.ts';
import { referenceSetup, type ReferenceSetup } from '../facts/reference-facts.ts';
import { loadPriceHistory, type PriceHistory } from '../prices/price-history.ts';
import { pricesPath, type Prices } from '../prices/prices.ts';
import { listedBenchFiles, type ListedFile } from './bench-listing.ts';
import { loadNodeMatrix, matrixDir } from './node-matrix.ts';
import { readReferenceText } from './reference-run.ts';
import { loadSuiteResults, suiteResultsPath, type BeyondResults, type LoadedResults } from './results-source.ts';
import { BEYOND_SITE, REFERENCE_SITE } from './site-suites.ts';
import { archiveDir, loadRunArchive } from './run-archive.ts';

/** Everything the page is built from. */
export interface PageInputs {
  /** Project root on disk. */
  rootDir: string;
  /** This build's results file: its path, exact text and validated contents. */
  loaded: LoadedResults;
  /** This build's beyond-suite results file ($HOP_BEYOND_RESULTS or bench/results/beyond-latest.json). */
  beyond: LoadedResults<BeyondResults>;
  /** The newest snapshot of the validated price file ($HOP_PRICES_FILE or content/prices.json). */
  prices: Prices;
  /** Every snapshot of that file, for the table of what changed since the previous one. */
  priceHistory: PriceHistory;
  /** The labelled reference run's report text, as kept in the repo. */
  referenceText: string;
  /** The labelled reference run's machine, OS and date. */
  reference: ReferenceSetup;
  /** Every readable archived full run ($HOP_BENCH_ARCHIVE or bench/results/archive/), oldest first. */
  archive: Results[];
  /** This machine's newest Node version matrix ($HOP_BENCH_MATRIX or bench/results/matrix/): found, none or another machine's. */
  matrix: MatrixLookup;
  /** Every bench source file the suites' source hashes cover, with its text, sorted by path. */
  benchListing: ListedFile[];
  /** Every fact of the page at the medians, from every source, merged once. */
  facts: Facts;
  /** Each run's own facts (facts/run-views.ts), index k = run k + 1: claims are checked on them too. */
  runFacts: Facts[];
  /** Build time: the age of the prices is counted to it. */
  now: Date;
  /** Each suite's source hash as the bench source is now (suite.sourceSha256()): results with another predate it. */
  currentSourceSha256: { reference: string; beyond: string };
}

/** How to load the inputs. */
export interface PageInputOptions {
  /** Project root. */
  rootDir: string;
  /** Where $HOP_BENCH_RESULTS, $HOP_BEYOND_RESULTS, $HOP_PRICES_FILE, $HOP_BENCH_ARCHIVE and $HOP_BENCH_MATRIX are read (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** Build time (default: the clock). */
  now?: Date;
  /** Where warnings go: the price age (once per file), skipped archive and matrix files (default console.warn). */
  warn?: (message: string) => void;
  /** Results already read and validated (the build's ensure stage); otherwise read from the suite's file (suiteResultsPath). */
  loaded?: LoadedResults;
  /** Beyond results already read and validated (the build's ensure stage); otherwise read from the suite's file. */
  beyond?: LoadedResults<BeyondResults>;
}

/**
 * Loads and validates every input and computes the facts.
 * @throws ResultsFileError when the results file is missing, invalid or lacks a case the page needs;
 *   PriceDataError when the price file is; FactError when two fact sources define one name.
 */
export function loadPageInputs(options: PageInputOptions): PageInputs {
  const { rootDir, env = process.env, now = new Date() } = options;
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const loaded = options.loaded ?? loadSuiteResults(REFERENCE_SITE, suiteResultsPath(REFERENCE_SITE, rootDir, env).file);
  const beyond = options.beyond ?? loadSuiteResults(BEYOND_SITE, suiteResultsPath(BEYOND_SITE, rootDir, env).file);
  const priceHistory = loadPriceHistory(pricesPath(rootDir, env), now, options.warn ? { warn: options.warn } : {});
  const prices = priceHistory.current;
  const referenceText = readReferenceText(rootDir);
  const { facts, runFacts } = composeViews({ results: loaded.results, referenceText, prices, now, beyond: beyond.results });
  return {
    rootDir,
    loaded,
    beyond,
    prices,
    priceHistory,
    referenceText,
    reference: referenceSetup(referenceText),
    archive: loadRunArchive(archiveDir(rootDir, env), warn),
    matrix: loadNodeMatrix(matrixDir(rootDir, env), warn),
    benchListing: listedBenchFiles(rootDir),
    facts,
    runFacts,
    now,
    currentSourceSha256: { reference: REFERENCE_SITE.suite.sourceSha256(), beyond: BEYOND_SITE.suite.sourceSha256() },
  };
}
