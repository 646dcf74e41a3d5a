/**
 * The labelled reference run (bench/reference/reference-output-2026-10-19.txt) as data.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseReport, type ParsedReport } from './report-parse.ts';

export { parseReport, type ParsedReport, type ReportFailureBracket, type ReportLatencyRow } from './report-parse.ts';

/** The published reference run's report (Apple M1 Max, Node v24.20.0, 2026-10-19). */
export const REFERENCE_REPORT_FILE = fileURLToPath(new URL('../../reference/reference-output-2026-10-19.txt', import.meta.url));

/** Reads and parses the labelled reference run. */
export function readReferenceReport(): ParsedReport {
  return parseReport(readFileSync(REFERENCE_REPORT_FILE, 'utf8'));
}
