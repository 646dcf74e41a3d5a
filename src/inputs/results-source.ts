/**
 * The one loader of the bench's results files, for every suite the bench defines (its "./suites"
 * export: reference and beyond). Where each suite's file is ($HOP_BENCH_RESULTS / $HOP_BEYOND_RESULTS,
 * or the suite's default under the project root), how it is read and validated (the suite's own
 * parser), and what the page needs of it beyond the schema. The build (Node) and the Astro pages both
 * use it, so they agree on the file and on what makes it unusable.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Results } from '@split-on-evidence/hop-bench/schema';
import { ResultsValidationError, SUITES, type beyondSuite, type Suite } from '@split-on-evidence/hop-bench/suites';
import { FactError } from '../facts/facts.ts';

/** A beyond-suite results file, as the bench's beyond suite validates it. */
export type BeyondResults = ReturnType<typeof beyondSuite.parseResultsText>;
/** One beyond case's outcome in a results file: measured, or not measured with the reason. */
export type BeyondCaseOutcome = BeyondResults['cases'][number];
/** A beyond case that was measured: its result. */
export type MeasuredCase = Extract<BeyondCaseOutcome, { status: 'measured' }>;
/** A beyond case that was not measured: why. */
export type NotMeasuredCase = Extract<BeyondCaseOutcome, { status: 'not-measured' }>;

/** A results file that cannot be used; the message names the file, the field and the fix. */
export class ResultsFileError extends Error {
  /** The file that failed. */
  readonly file: string;
  constructor(file: string, message: string) {
    super(message);
    this.name = 'ResultsFileError';
    this.file = file;
  }
}

/** What the site reads of any suite's results itself (the rest through the suite's own functions). */
export interface SuiteResults {
  environment: {
    /** When the run started, ISO 8601 UTC. */
    startedAt: string;
    /** SHA-256 (hex) of the suite's source files the run was made from. */
    benchSourceSha256: string;
  };
}

/** A read and validated results file, with its exact text (the page publishes these bytes). */
export interface LoadedResults<R = Results> {
  file: string;
  text: string;
  results: R;
}

/** How the build's messages name a suite and its results (each suite's wording, as the build has always printed it). */
export interface SuiteWords {
  /** The results: "results" / "beyond results". */
  results: string;
  /** What runs the suite: "the bench" / "the beyond suite". */
  runner: string;
  /** What a full run is called when the build starts one: "the full bench" / "the beyond suite". */
  fullRun: string;
  /** The source its cache key covers: "bench source" / "beyond source". */
  source: string;
  /** Prefix of the build's log lines about this suite: "" / "beyond suite: ". */
  logPrefix: string;
  /** The fix when the file cannot be read. */
  readFix: string;
  /** Added to a schema error's message ('' for nothing). */
  invalidHint: string;
  /** The fix when the file named by the suite's environment variable does not exist. */
  namedMissingFix: string;
}

/** The site's side of one bench suite: the bench's suite, what the page needs of its results, and its words. */
export interface SiteSuite<R extends SuiteResults = SuiteResults> {
  // The configuration type stays open: the site reads it only through the suite's own functions.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  suite: Suite<any, any> & { parseResultsText(text: string, file: string): R };
  words: SuiteWords;
  /**
   * Checks that the page can be built from these results beyond their schema.
   * @throws FactError naming what is missing (a case the page describes, a fact that cannot be built).
   */
  pageCheck(results: R): void;
  /** What makes these results less than a full run, one phrase each; the build refuses them unless --allow-partial. Empty when full or not checked. */
  partialReasons(results: R): string[];
}

/** Where a suite's results file is: the environment variable's file (relative to the working directory) or the suite's default under `rootDir`. */
export function suiteResultsPath(site: SiteSuite, rootDir: string, env: NodeJS.ProcessEnv = process.env): { file: string; explicit: boolean } {
  const fromEnv = env[site.suite.resultsEnvVar]?.trim();
  if (fromEnv) return { file: path.resolve(fromEnv), explicit: true };
  return { file: path.join(rootDir, ...site.suite.resultsPath.split('/')), explicit: false };
}

/**
 * The text of a results file.
 * @param fix the line that tells the reader what to do when the file cannot be read.
 * @throws ResultsFileError naming the file, "no such file" or the read error, and the fix.
 */
function readResultsText(file: string, fix: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ResultsFileError(file, `${file}: ${code === 'ENOENT' ? 'no such file' : `cannot be read (${(error as Error).message})`}.\n${fix}`);
  }
}

/**
 * Reads a suite's results file, validates it with the suite's parser, and checks what the page needs of it.
 * @throws ResultsFileError naming the file, the bad field and the fix, when the file is missing, not
 *   JSON, fails the schema or lacks what the page needs.
 */
export function loadSuiteResults<R extends SuiteResults>(site: SiteSuite<R>, file: string): LoadedResults<R> {
  const text = readResultsText(file, site.words.readFix);
  let results: R;
  try {
    results = site.suite.parseResultsText(text, file);
  } catch (error) {
    if (!(error instanceof ResultsValidationError)) throw error;
    const owner = otherSuiteOf(site, text, file);
    if (owner) {
      throw new ResultsFileError(
        file,
        `${file}: this is a ${owner.title} results file, but ${site.suite.resultsEnvVar} names the ${site.suite.title}'s results.\n` +
          `Fix: point ${owner.resultsEnvVar} at it, and ${site.suite.resultsEnvVar} at a ${site.suite.title} results file (were the two swapped?).`,
      );
    }
    throw new ResultsFileError(file, `${error.message}${site.words.invalidHint}`);
  }
  try {
    site.pageCheck(results);
  } catch (error) {
    if (error instanceof FactError) throw new ResultsFileError(file, `${file}: ${error.message}`);
    throw error;
  }
  return { file, text, results };
}

/** The other suite whose parser accepts `text`, when one does: a results file given for the wrong suite. */
function otherSuiteOf(site: SiteSuite, text: string, file: string): (typeof SUITES)[number] | undefined {
  return SUITES.find((other) => {
    if (other.id === site.suite.id) return false;
    try {
      other.parseResultsText(text, file);
      return true;
    } catch {
      return false;
    }
  });
}
