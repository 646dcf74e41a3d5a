/**
 * The bench's source files, read from disk: the same set the bench fingerprints
 * (bench/src/**\/*.ts and bench/package.json, sorted by path). The page lists these files and the
 * build compares their hash with the one stored in the results, so both use this one definition.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One source file of the bench. */
export interface BenchSourceFile {
  /** Path relative to bench/, with "/" separators, e.g. "src/cases/b-keep-alive.ts". */
  relativePath: string;
  /** Absolute path on disk. */
  absolutePath: string;
}

/**
 * The bench's source files under `rootDir` (the project root), sorted by absolute path like the
 * bench's own fingerprint.
 * @throws Error when bench/src cannot be read.
 */
export function benchSourceFiles(rootDir: string): BenchSourceFile[] {
  const benchRoot = path.join(rootDir, 'bench');
  const src = path.join(benchRoot, 'src');
  const files = readdirSync(src, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && d.name.endsWith('.ts'))
    .map((d) => path.join(d.parentPath, d.name));
  return [...files, path.join(benchRoot, 'package.json')]
    .sort()
    .map((absolutePath) => ({ absolutePath, relativePath: path.relative(benchRoot, absolutePath).split(path.sep).join('/') }));
}

/**
 * SHA-256 (hex) over each bench source file's relative path and content, computed exactly as the
 * bench computes results.environment.benchSourceSha256, so a mismatch means the bench changed.
 */
export function benchSourceSha256(rootDir: string): string {
  const hash = createHash('sha256');
  for (const file of benchSourceFiles(rootDir)) {
    hash.update(file.relativePath);
    hash.update('\0');
    hash.update(readFileSync(file.absolutePath));
    hash.update('\0');
  }
  return hash.digest('hex');
}
