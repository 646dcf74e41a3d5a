/** Reading and writing results files. Writes are atomic: a temp file in the same folder, then rename. */
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseResults, parseResultsText, ResultsValidationError, type Results } from './schema.ts';

/**
 * Validates `results` and writes them to `file` atomically; the previous file stays intact on any failure.
 * @throws ResultsValidationError when the results do not pass the schema (nothing is written).
 */
export function writeResultsAtomic(file: string, results: Results): void {
  parseResults(results, file);
  writeFileAtomic(file, JSON.stringify(results, null, 2) + '\n');
}

/**
 * Writes `text` to `file` atomically (a temp file in the same folder, then rename; folders created):
 * readers see the old file or the new one, never a part. Every results writer of the bench uses it.
 * @throws Error from the file system (the previous file stays intact; the temp file is removed).
 */
export function writeFileAtomic(file: string, text: string): void {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const temp = `${file}.tmp-${process.pid}`;
  try {
    writeFileSync(temp, text);
    renameSync(temp, file);
  } finally {
    rmSync(temp, { force: true });
  }
}

/**
 * Writes `text` to `dir/<base><ext>`, never replacing a file: when that name is taken, to the first
 * free `<base>_2<ext>`, `<base>_3<ext>`, … Each name is claimed with link(2), which fails when the
 * name exists, so two processes writing at once cannot take the same one; the file appears whole.
 * @returns the path written.
 * @throws Error from the file system (the temp file is removed).
 */
export function writeFileUnique(dir: string, base: string, ext: string, text: string): string {
  mkdirSync(dir, { recursive: true });
  const temp = path.join(dir, `.${base}${ext}.tmp-${process.pid}`);
  writeFileSync(temp, text);
  try {
    for (let n = 1; ; n++) {
      const file = path.join(dir, n === 1 ? `${base}${ext}` : `${base}_${n}${ext}`);
      try {
        linkSync(temp, file);
        return file;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
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
