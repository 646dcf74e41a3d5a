/**
 * The Node version matrix's configuration as data: which Node versions to run (bench/matrix.config.json,
 * or `--node` on the command line), and where installed Node binaries and archived results live.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The bench package's root folder (bench/). */
export const BENCH_DIR = fileURLToPath(new URL('..', import.meta.url));
/** The project root (the folder with the root package.json). */
export const PROJECT_DIR = path.join(BENCH_DIR, '..');
/** The matrix's config file: the exact Node versions to run. */
export const MATRIX_CONFIG_FILE = path.join(BENCH_DIR, 'matrix.config.json');
/** Cache of installed Node versions, one folder per version (git-ignored with the rest of .cache/). */
export const NODE_CACHE_DIR = path.join(PROJECT_DIR, '.cache', 'node-matrix');
/** Where each version's results and each matrix summary are archived (git-ignored: results belong to a machine). */
export const MATRIX_DIR = path.join(BENCH_DIR, 'results', 'matrix');

/** An exact Node release number, "MAJOR.MINOR.PATCH" without a leading "v", e.g. "22.23.5". */
export const NodeVersionSchema = z
  .string()
  .regex(/^\d+\.\d+\.\d+$/, { error: 'expected an exact Node version such as "22.23.5" (no "v", no range)' });

/** The matrix config file. */
export const MatrixConfigSchema = z.object({
  /** Free-text note for maintainers (ignored). */
  $comment: z.string().optional(),
  /** Exact Node versions, run in this order. */
  versions: z.array(NodeVersionSchema).min(1, { error: 'expected at least one Node version' }),
});

/** The versions of a config file, validated. @throws Error naming the file and the bad entry. */
export function readMatrixVersions(file: string = MATRIX_CONFIG_FILE): string[] {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: cannot be read as JSON (${(error as Error).message}). Fix: restore it from git.`);
  }
  const parsed = MatrixConfigSchema.safeParse(data);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `  - ${i.path.map(String).join('.') || '(root)'}: ${i.message}`).join('\n');
    throw new Error(`${file} is not a valid matrix config:\n${issues}\nFix: list exact versions, e.g. { "versions": ["22.23.5", "24.22.3"] }.`);
  }
  return unique(parsed.data.versions);
}

/**
 * Parses `--node 22.23.5,24.20.0` (a leading "v" is accepted and dropped).
 * @throws Error naming the entry that is not an exact version.
 */
export function parseNodeList(list: string): string[] {
  const versions = list.split(',').map((s) => s.trim().replace(/^v/, '')).filter(Boolean);
  if (versions.length === 0) throw new Error('--node needs at least one version, e.g. --node 22.23.5,24.20.0');
  for (const v of versions) {
    if (!NodeVersionSchema.safeParse(v).success) throw new Error(`--node: "${v}" is not an exact Node version such as 22.23.5`);
  }
  return unique(versions);
}

function unique(versions: string[]): string[] {
  return [...new Set(versions)];
}
