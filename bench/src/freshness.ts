/**
 * Whether a results file still describes what this machine would measure now. The inputs that change
 * the numbers: the bench source, the lockfile, the Node version, the CPU model and core count, and the
 * suite configuration. Public (for the site's build), and light: computing a key reads files and
 * hashes them, and loads no case module, no service and no child_process (checked by the
 * dependency rules in .dependency-cruiser.cjs and by bench/test/freshness-light.test.ts).
 */
import os from 'node:os';
import { buildConfig } from './config.ts';
import { benchSourceSha256, lockfileSha256 } from './fingerprint.ts';

/** The bench's folder and the files its source hash covers (for listings that must match the hash). */
export { BENCH_ROOT, benchSourceFiles, benchSourceSha256 } from './fingerprint.ts';
import type { BenchConfig, Results } from './schema.ts';

/** What a results file's figures depend on. */
export interface CacheInputs {
  benchSourceSha256: string;
  lockfileSha256: string | null;
  nodeVersion: string;
  cpuModel: string;
  cores: number;
  config: BenchConfig;
}

/** The inputs as they are now, for the full suite on this machine with this process's Node. */
export function currentCacheInputs(): CacheInputs {
  return {
    benchSourceSha256: benchSourceSha256(),
    lockfileSha256: lockfileSha256(),
    nodeVersion: process.version,
    cpuModel: os.cpus()[0]?.model.trim() || 'unknown CPU',
    cores: os.availableParallelism(),
    config: buildConfig({ quick: false }),
  };
}

/** The inputs recorded in a results file. */
export function cacheInputsOf(results: Results): CacheInputs {
  const e = results.environment;
  return {
    benchSourceSha256: e.benchSourceSha256,
    lockfileSha256: e.lockfileSha256,
    nodeVersion: e.nodeVersion,
    cpuModel: e.cpuModel,
    cores: e.cores,
    config: results.config,
  };
}

/**
 * Why results recorded with `stored` inputs cannot stand for `now`.
 * @returns one plain reason per changed input; empty when the results are fresh.
 */
export function staleReasons(stored: CacheInputs, now: CacheInputs): string[] {
  const reasons: string[] = [];
  const short = (h: string | null) => (h === null ? 'none' : h.slice(0, 12));
  if (stored.benchSourceSha256 !== now.benchSourceSha256) {
    reasons.push(`the bench source changed (${short(stored.benchSourceSha256)} → ${short(now.benchSourceSha256)})`);
  }
  if (stored.lockfileSha256 !== now.lockfileSha256) {
    reasons.push(`the lockfile changed (${short(stored.lockfileSha256)} → ${short(now.lockfileSha256)})`);
  }
  if (stored.nodeVersion !== now.nodeVersion) reasons.push(`the Node version changed (${stored.nodeVersion} → ${now.nodeVersion})`);
  if (stored.cpuModel !== now.cpuModel) reasons.push(`the CPU changed (${stored.cpuModel} → ${now.cpuModel})`);
  if (stored.cores !== now.cores) reasons.push(`the core count changed (${stored.cores} → ${now.cores})`);
  if (canonicalJson(stored.config) !== canonicalJson(now.config)) {
    reasons.push(
      stored.config.mode === now.config.mode
        ? 'the bench configuration changed'
        : `the results are from a ${stored.config.mode} run; the page needs the ${now.config.mode} suite`,
    );
  }
  return reasons;
}

/** JSON with object keys sorted at every level, so equal values compare equal whatever their key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** The full suite's configuration (the reference's runs and counts), to tell a partial run from a full one. */
export function fullSuiteConfig(): BenchConfig {
  return buildConfig({ quick: false });
}
