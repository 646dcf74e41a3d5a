/**
 * The key of a site build: a SHA-256 over everything that can change what the build script writes.
 * Two builds with the same key produce the same site, so a test may reuse one for the other.
 *
 * Covered: the build script and its arguments; every environment variable the build reads (HOP_*,
 * ASTRO_*, TZ, NODE_OPTIONS) with, for each whose value names a file or folder, that file's or
 * folder's bytes; the results file's bytes; the bytes of every file the build can read by default
 * (src/, content/, public/, bench/ except its tests and results, the Astro, TypeScript and npm
 * configuration and the lockfile, and the run archive and Node matrix under bench/results/ unless the
 * environment names others); the Node version; and the UTC date (the page states ages of prices and
 * runs). The rest of bench/results/ is left out: the tests' builds always name their results files
 * (HOP_BENCH_RESULTS, HOP_BEYOND_RESULTS), and bench runs of other tests write there meanwhile.
 */
import { createHash, type Hash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** What one build is made from. */
export interface BuildInputs {
  /** The results file (HOP_BENCH_RESULTS). */
  resultsFile: string;
  /** Arguments after the script, e.g. ['--allow-partial']. */
  args: readonly string[];
  /** The build's whole environment. */
  env: NodeJS.ProcessEnv;
}

/** Files and folders of the checkout the build reads without being told to (relative to the root). */
export const SOURCE_PATHS = ['src', 'content', 'public', 'bench', 'astro.config.mjs', 'tsconfig.json', 'package.json', 'package-lock.json'] as const;
/** Never part of the key: the bench's tests and results, and generated or installed folders. */
const SKIP = new Set(['node_modules', '.git', '.astro', '.cache', 'dist', 'test-artifacts', path.join('bench', 'test'), path.join('bench', 'results'), path.join('bench', 'node_modules')]);
/** Folders of bench/results/ the page reads unless the environment names others. */
const DEFAULT_FOLDERS: Readonly<Record<string, string>> = {
  HOP_BENCH_ARCHIVE: path.join('bench', 'results', 'archive'),
  HOP_BENCH_MATRIX: path.join('bench', 'results', 'matrix'),
};

/** Environment variables the build (and Astro, and Node) reads. */
export const isBuildEnv = (name: string): boolean => /^(HOP_|ASTRO_)/.test(name) || name === 'TZ' || name === 'NODE_OPTIONS';

/** Adds `target` (a file, or a folder recursively in name order) to `hash`, names relative to `base`. */
function addTree(hash: Hash, base: string, target: string, skip = true): void {
  const rel = path.relative(base, target);
  if (skip && SKIP.has(rel)) return;
  if (!existsSync(target)) {
    hash.update(`missing ${rel}\0`);
    return;
  }
  const stat = statSync(target);
  if (stat.isDirectory()) {
    hash.update(`dir ${rel}\0`);
    for (const name of readdirSync(target).sort()) addTree(hash, base, path.join(target, name));
  } else {
    hash.update(`file ${rel} ${stat.size}\0`);
    hash.update(readFileSync(target));
  }
}

/** The key of a build of `root` from `inputs` (hex). */
export function buildKey(root: string, script: string, inputs: BuildInputs): string {
  const hash = createHash('sha256');
  hash.update(`script ${path.relative(root, script)}\0args ${JSON.stringify(inputs.args)}\0node ${process.version}\0`);
  hash.update(`day ${new Date().toISOString().slice(0, 10)}\0`);
  hash.update('results\0');
  addTree(hash, root, path.resolve(root, inputs.resultsFile));
  for (const name of Object.keys(inputs.env).filter(isBuildEnv).sort()) {
    const value = inputs.env[name] ?? '';
    hash.update(`env ${name}=${value}\0`);
    // A value that names a file or folder: its content counts, wherever it lives.
    const file = value.trim() && !value.includes('\n') ? path.resolve(root, value) : '';
    if (file && existsSync(file)) addTree(hash, path.dirname(file), file);
  }
  hash.update('sources\0');
  for (const p of SOURCE_PATHS) addTree(hash, root, path.join(root, p));
  for (const [name, folder] of Object.entries(DEFAULT_FOLDERS)) {
    if (!inputs.env[name]?.trim()) addTree(hash, root, path.join(root, folder), false);
  }
  return hash.digest('hex');
}
