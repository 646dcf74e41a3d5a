/**
 * The run archive: full bench runs archived on the build machine (bench/results/archive/, or the folder
 * named by $HOP_BENCH_ARCHIVE), read for the page's run history. An unreadable archive file is skipped
 * with a warning: the archive is a record, not this page's data.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { listArchive } from '@split-on-evidence/hop-bench/suites';
import { parseResultsText, type Results } from '@split-on-evidence/hop-bench/schema';

/** Environment variable that points the page at another archive folder. */
export const ARCHIVE_ENV = 'HOP_BENCH_ARCHIVE';

/** The bench's archive folder, relative to the project root. */
export const DEFAULT_ARCHIVE_DIR = 'bench/results/archive';

/** The archive folder to read: $HOP_BENCH_ARCHIVE (relative to the working directory) or the default under `rootDir`. */
export function archiveDir(rootDir: string, env: NodeJS.ProcessEnv): string {
  // From the project root, not the bench module's own location (it moves when Astro bundles it).
  const fromEnv = env[ARCHIVE_ENV]?.trim();
  return fromEnv ? path.resolve(fromEnv) : path.join(rootDir, DEFAULT_ARCHIVE_DIR);
}

/**
 * Every readable archived run in `dir`, oldest first (a missing folder is an empty archive).
 * @param warn receives "[history] skipped FILE: REASON" for each file that cannot be read or validated.
 */
export function loadRunArchive(dir: string, warn: (line: string) => void): Results[] {
  const runs: Results[] = [];
  for (const file of listArchive(dir)) {
    try {
      runs.push(parseResultsText(readFileSync(file, 'utf8'), file));
    } catch (error) {
      warn(`[history] skipped ${file}: ${(error as Error).message.split('\n')[0]}`);
    }
  }
  return runs;
}
