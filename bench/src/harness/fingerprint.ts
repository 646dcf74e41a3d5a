/**
 * A fingerprint of what the bench measures with: the hash of its own source files and of the
 * repository's lockfile. Light on purpose (file reads and a hash, no child_process, no case module):
 * the site's build computes the cache key from it on every build.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The bench package's root folder (bench/). */
export const BENCH_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The repository's lockfile (package-lock.json beside the bench workspace). */
export const LOCKFILE = path.join(BENCH_ROOT, '..', 'package-lock.json');

/** SHA-256 (hex) of the lockfile, or null when there is none. */
export function lockfileSha256(): string | null {
  try {
    return createHash('sha256').update(readFileSync(LOCKFILE)).digest('hex');
  } catch {
    return null;
  }
}

/**
 * SHA-256 (hex) over `files` in the order given: each file's path relative to `benchRoot` ("/"
 * separators), NUL, its bytes, NUL. One scheme for both suites' source hashes.
 * @throws Error when a file cannot be read.
 */
export function filesSha256(files: readonly string[], benchRoot: string = BENCH_ROOT): string {
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(path.relative(benchRoot, file).split(path.sep).join('/'));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}
