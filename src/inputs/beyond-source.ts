/**
 * Where the page's beyond-suite results come from and how they are read (build and Astro pages alike).
 * The beyond results are a second file beside the reference results (bench/results/beyond-latest.json),
 * with their own schema (the bench's "./beyond-schema" export) and their own cache key.
 */
import path from 'node:path';
import { parseBeyondResultsText, type BeyondResults } from '@split-on-evidence/hop-bench/beyond-schema';
import { ResultsValidationError } from '@split-on-evidence/hop-bench/schema';
import { beyondFacts } from '../facts/beyond-facts.ts';
import { FactError } from '../facts/facts.ts';
import { readResultsText, ResultsFileError } from './results-source.ts';

/** The beyond suite's default results file, relative to the project root. */
export const DEFAULT_BEYOND_RESULTS_PATH = 'bench/results/beyond-latest.json';

/** Environment variable that points the build (and dev server) at another beyond results file. */
export const BEYOND_RESULTS_ENV = 'HOP_BEYOND_RESULTS';

/** The beyond results file to use: $HOP_BEYOND_RESULTS (relative to the working directory) or the default under `rootDir`. */
export function beyondResultsPath(rootDir: string, env: NodeJS.ProcessEnv = process.env): { file: string; explicit: boolean } {
  const fromEnv = env[BEYOND_RESULTS_ENV]?.trim();
  if (fromEnv) return { file: path.resolve(fromEnv), explicit: true };
  return { file: path.join(rootDir, DEFAULT_BEYOND_RESULTS_PATH), explicit: false };
}

/** A read and validated beyond results file, with its exact text. */
export interface LoadedBeyondResults {
  file: string;
  text: string;
  results: BeyondResults;
}

/**
 * Reads and validates a beyond results file, and checks that its facts can be built.
 * @throws ResultsFileError naming the file, the bad field and the fix.
 */
export function loadBeyondResults(file: string): LoadedBeyondResults {
  const text = readResultsText(
    file,
    `Fix: run "npm run build" (it runs the beyond suite when its results are missing), or point ${BEYOND_RESULTS_ENV} at a beyond results file.`,
  );
  let results: BeyondResults;
  try {
    results = parseBeyondResultsText(text, file);
  } catch (error) {
    if (error instanceof ResultsValidationError) throw new ResultsFileError(file, error.message);
    throw error;
  }
  try {
    beyondFacts(results);
  } catch (error) {
    if (error instanceof FactError) throw new ResultsFileError(file, `${file}: ${error.message}`);
    throw error;
  }
  return { file, text, results };
}
