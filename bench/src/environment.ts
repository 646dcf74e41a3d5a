/** What machine and software ran the bench, and a fingerprint of the bench's own source. */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Environment } from './schema.ts';

/** The bench package's root folder (bench/). */
export const BENCH_ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Files whose content defines what the reference suite measures: bench/src/** except the beyond
 * suite (bench/src/beyond/, which has its own key in beyond/key.ts), and bench/package.json, sorted.
 * @param benchRoot the bench folder; pass it when this module is bundled elsewhere (import.meta.url moves).
 */
export function benchSourceFiles(benchRoot: string = BENCH_ROOT): string[] {
  const src = path.join(benchRoot, 'src');
  const files = readdirSync(src, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && d.name.endsWith('.ts'))
    .map((d) => path.join(d.parentPath, d.name))
    .filter((f) => path.relative(src, f).split(path.sep)[0] !== 'beyond');
  return [...files, path.join(benchRoot, 'package.json')].sort();
}

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

/** SHA-256 (hex) over each bench source file's path (relative to bench/) and content; `benchRoot` as in benchSourceFiles. */
export function benchSourceSha256(benchRoot: string = BENCH_ROOT): string {
  const hash = createHash('sha256');
  for (const file of benchSourceFiles(benchRoot)) {
    hash.update(path.relative(benchRoot, file).split(path.sep).join('/'));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function git(args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd: BENCH_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

/** Collects the environment of this process, `startedAt` being the suite's start. */
export function collectEnvironment(startedAt: Date): Environment {
  const commit = git(['rev-parse', 'HEAD']);
  const status = commit === null ? null : git(['status', '--porcelain', '--', '.']);
  return {
    cpuModel: os.cpus()[0]?.model.trim() || 'unknown CPU',
    cores: os.availableParallelism(),
    ramBytes: os.totalmem(),
    osType: os.type(),
    osRelease: os.release(),
    platform: process.platform,
    arch: process.arch,
    nodeVersion: process.version,
    v8Version: process.versions.v8,
    startedAt: startedAt.toISOString(),
    gitCommit: commit !== null && /^[0-9a-f]{40}$/.test(commit) ? commit : null,
    gitDirty: status === null ? null : status.length > 0,
    benchSourceSha256: benchSourceSha256(),
    lockfileSha256: lockfileSha256(),
    hostname: os.hostname(),
  };
}
