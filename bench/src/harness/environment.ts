/** What machine and software ran the bench, and a fingerprint of the bench's own source. */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { BENCH_ROOT, lockfileSha256 } from './fingerprint.ts';
import type { Environment } from './schema.ts';

// The source fingerprint lives in its own light module (no child_process) for the cache key.
export { BENCH_ROOT, LOCKFILE, lockfileSha256 } from './fingerprint.ts';

function git(args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd: BENCH_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

/**
 * Collects the environment of this process.
 * @param startedAt the suite's start.
 * @param sourceSha256 the suite's source hash (Suite.sourceSha256), stored as benchSourceSha256.
 */
export function collectEnvironment(startedAt: Date, sourceSha256: string): Environment {
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
    benchSourceSha256: sourceSha256,
    lockfileSha256: lockfileSha256(),
    hostname: os.hostname(),
  };
}
