/**
 * Where the page's results come from and how they are read. Both the build (Node) and the Astro
 * pages use this, so they agree on the file and on what makes it unusable.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseResultsText, ResultsValidationError, type Results } from '@split-on-evidence/hop-bench/schema';
import { FactError, requirePageCases } from '../facts/facts.ts';

/** The bench's default results file, relative to the project root. */
export const DEFAULT_RESULTS_PATH = 'bench/results/latest.json';

/** Environment variable that points the build (and dev server) at another results file. */
export const RESULTS_ENV = 'HOP_BENCH_RESULTS';

/**
 * The results file to use: $HOP_BENCH_RESULTS (relative to the working directory) or the bench's
 * default under `rootDir`.
 */
export function resultsPath(rootDir: string, env: NodeJS.ProcessEnv = process.env): { file: string; explicit: boolean } {
  const fromEnv = env[RESULTS_ENV]?.trim();
  if (fromEnv) return { file: path.resolve(fromEnv), explicit: true };
  return { file: path.join(rootDir, DEFAULT_RESULTS_PATH), explicit: false };
}

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

/**
 * The text of a results file (either suite's).
 * @param fix the line that tells the reader what to do when the file cannot be read.
 * @throws ResultsFileError naming the file, "no such file" or the read error, and the fix.
 */
export function readResultsText(file: string, fix: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ResultsFileError(file, `${file}: ${code === 'ENOENT' ? 'no such file' : `cannot be read (${(error as Error).message})`}.\n${fix}`);
  }
}

/** A read and validated results file, with its exact text (the page publishes these bytes). */
export interface LoadedResults {
  file: string;
  text: string;
  results: Results;
}

/**
 * Reads a results file, validates it with the bench's schema, and checks that it has every case
 * the page describes.
 * @throws ResultsFileError naming the file, the bad field and the fix, when the file is missing,
 *   not JSON, fails the schema or lacks a case or variant.
 */
export function loadResults(file: string): LoadedResults {
  const text = readResultsText(file, `Fix: run "npm run build" (it runs the bench when results are missing), or point ${RESULTS_ENV} at a results file.`);
  let results: Results;
  try {
    results = parseResultsText(text, file);
  } catch (error) {
    if (error instanceof ResultsValidationError) {
      throw new ResultsFileError(
        file,
        `${error.message}\nOr rebuild it from scratch: npm run build -- --fresh (runs the full bench, about three minutes).`,
      );
    }
    throw error;
  }
  try {
    requirePageCases(results);
  } catch (error) {
    if (error instanceof FactError) throw new ResultsFileError(file, `${file}: ${error.message}`);
    throw error;
  }
  return { file, text, results };
}
