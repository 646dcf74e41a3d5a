/**
 * The Node version matrix (npm run bench:matrix): this machine's newest matrix in bench/results/matrix/
 * (or the folder named by $HOP_BENCH_MATRIX), read for the page's "Across Node versions". A matrix from
 * another machine is found but reported as such, never as this machine's.
 */
import path from 'node:path';
import { currentMachine, findMatrix, type MatrixLookup } from '@split-on-evidence/hop-bench/suites';

/** Environment variable that points the page at another matrix folder. */
export const MATRIX_ENV = 'HOP_BENCH_MATRIX';

/** The bench's matrix folder, relative to the project root. */
export const DEFAULT_MATRIX_DIR = 'bench/results/matrix';

/** The matrix folder to read: $HOP_BENCH_MATRIX (relative to the working directory) or the default under `rootDir`. */
export function matrixDir(rootDir: string, env: NodeJS.ProcessEnv): string {
  // From the project root, not the bench module's own location (it moves when Astro bundles it).
  const fromEnv = env[MATRIX_ENV]?.trim();
  return fromEnv ? path.resolve(fromEnv) : path.join(rootDir, DEFAULT_MATRIX_DIR);
}

/**
 * This machine's newest matrix in `dir`: found, none, or only another machine's (the bench's lookup).
 * @param warn receives "[matrix] skipped …" for each matrix file that cannot be used.
 */
export function loadNodeMatrix(dir: string, warn: (line: string) => void): MatrixLookup {
  return findMatrix(dir, currentMachine(), (line) => warn(`[matrix] skipped ${line}`));
}
