/** Reading and writing results files. Writes are atomic: a temp file in the same folder, then rename. */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseResults, parseResultsText, ResultsValidationError, type Results } from './schema.ts';

/**
 * Validates `results` and writes them to `file` atomically; the previous file stays intact on any failure.
 * @throws ResultsValidationError when the results do not pass the schema (nothing is written).
 */
export function writeResultsAtomic(file: string, results: Results): void {
  parseResults(results, file);
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const temp = `${file}.tmp-${process.pid}`;
  try {
    writeFileSync(temp, JSON.stringify(results, null, 2) + '\n');
    renameSync(temp, file);
  } finally {
    rmSync(temp, { force: true });
  }
}

/**
 * Reads and validates a results file.
 * @throws ResultsValidationError when the file is missing, not JSON, or fails the schema.
 */
export function readResultsFile(file: string): Results {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ResultsValidationError(file, [{ path: '', message: `cannot be read: ${(error as Error).message}` }]);
  }
  return parseResultsText(text, file);
}
