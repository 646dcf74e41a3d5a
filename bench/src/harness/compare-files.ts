/** Loads either side of a comparison from a file: a results JSON, or a report text such as the reference run. */
import { readFileSync } from 'node:fs';
import { comparableFromReport, comparableFromResults, type ComparableSide } from './compare.ts';
import { parseReport } from './reference-run.ts';
import { readResultsFile } from './results-file.ts';

/**
 * @throws ResultsValidationError for an invalid results JSON; Error naming the file when a report has no latency rows.
 */
export function loadComparable(file: string): ComparableSide {
  if (file.endsWith('.json')) return comparableFromResults(readResultsFile(file));
  const side = comparableFromReport(parseReport(readFileSync(file, 'utf8')));
  if (side.cases.length === 0) throw new Error(`${file}: no latency rows in the reference layout; pass a results .json or a hop-bench report`);
  return side;
}
