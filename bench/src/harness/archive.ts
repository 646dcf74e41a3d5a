/** The archive of full runs: one file per run, named by date, Node version and host, never overwritten. */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { BENCH_ROOT } from './fingerprint.ts';
import { writeFileUnique } from './results-file.ts';
import { parseResults, type Results } from './schema.ts';

/** Folder of archived full runs (git-ignored with the rest of bench/results/). */
export const ARCHIVE_DIR = path.join(BENCH_ROOT, 'results', 'archive');

/** File name of an archived run, e.g. "2026-11-30T06-46-55Z_v24.20.0_build-host.json". */
export function archiveName(results: Results): string {
  const date = results.environment.startedAt.replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');
  const host = results.environment.hostname.replace(/[^A-Za-z0-9.-]+/g, '-') || 'host';
  return `${date}_${results.environment.nodeVersion}_${host}.json`;
}

/**
 * Archives a run's results under archiveName, or, when that name is taken (two runs started in the
 * same second), under the first free "<name>_2.json", "<name>_3.json", …; an archived file is never
 * replaced. Each name is claimed with link(2), which fails when the name exists, so two processes
 * archiving at once cannot take the same one.
 * @returns the path written.
 * @throws ResultsValidationError when the results do not pass the schema (nothing is written).
 */
export function archiveResults(results: Results, dir = ARCHIVE_DIR): string {
  parseResults(results, archiveName(results));
  return writeFileUnique(dir, archiveName(results).replace(/\.json$/, ''), '.json', JSON.stringify(results, null, 2) + '\n');
}

/** Archived result files, oldest first (names start with the ISO date). */
export function listArchive(dir = ARCHIVE_DIR): string[] {
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => path.join(dir, f));
  } catch {
    return [];
  }
}
