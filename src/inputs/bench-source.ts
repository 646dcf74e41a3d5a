/**
 * The bench's source files, read from disk: exactly the files its suites fingerprint (each suite's
 * results.environment.benchSourceSha256, from the suites' own lists in the bench's "./suites"), so the
 * page lists what the hashes cover.
 */
import path from 'node:path';
import { SUITES } from '@split-on-evidence/hop-bench/suites';

/** One source file of the bench. */
export interface BenchSourceFile {
  /** Path relative to bench/, with "/" separators, e.g. "src/cases/b-keep-alive/case.ts". */
  relativePath: string;
  /** Absolute path on disk. */
  absolutePath: string;
}

/**
 * The bench's source files (bench/src/**\/*.ts and bench/package.json) under the project root
 * `rootDir`, sorted by path. (The root is passed in: inside Astro's bundle the bench's own
 * import.meta.url no longer points at bench/.)
 * @throws Error when bench/src cannot be read.
 */
export function benchSourceFiles(rootDir: string): BenchSourceFile[] {
  const benchRoot = path.join(rootDir, 'bench');
  const files = [...new Set(SUITES.flatMap((suite) => suite.sourceFiles(benchRoot)))].sort();
  return files.map((absolutePath) => ({
    absolutePath,
    relativePath: path.relative(benchRoot, absolutePath).split(path.sep).join('/'),
  }));
}
