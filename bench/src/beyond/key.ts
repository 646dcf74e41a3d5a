/**
 * The beyond suite's cache key: what its figures depend on. Its cases' source and the shared harness
 * (all of bench/src: cases G and H run reference code), bench/package.json, the lockfile, Node, the CPU
 * model and core count, and the suite configuration. The reference key (environment.ts) covers
 * bench/src minus beyond/, so a change to a beyond case re-runs only the beyond suite; a change to
 * a reference case re-runs both. Public (for the site's build, "./beyond-freshness").
 */
import { readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BENCH_ROOT, filesSha256, lockfileSha256 } from '../fingerprint.ts';
import { canonicalJson } from '../freshness.ts';
import { buildBeyondConfig, type BeyondConfig } from './config.ts';
import type { BeyondResults } from './results-schema.ts';

/**
 * Folders under bench/src that belong to the reference suite only (not in the beyond key). None: case G
 * times its calls with cases/measure.ts and case H runs B, C and D across a veth pair, so a change to a
 * reference case changes their figures too.
 */
const REFERENCE_ONLY_DIRS: readonly string[] = [];

/**
 * Files the beyond key covers: bench/src/**.ts except the reference cases, and bench/package.json, sorted.
 * @param benchRoot the bench folder; pass it when this module is bundled elsewhere.
 */
export function beyondSourceFiles(benchRoot: string = BENCH_ROOT): string[] {
  const src = path.join(benchRoot, 'src');
  const files = readdirSync(src, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && d.name.endsWith('.ts'))
    .map((d) => path.join(d.parentPath, d.name))
    .filter((f) => !REFERENCE_ONLY_DIRS.includes(path.relative(src, f).split(path.sep)[0]!));
  return [...files, path.join(benchRoot, 'package.json')].sort();
}

/** SHA-256 (hex) over each beyond-key file's path (relative to bench/) and content (fingerprint.ts's scheme). */
export function beyondSourceSha256(benchRoot: string = BENCH_ROOT): string {
  return filesSha256(beyondSourceFiles(benchRoot), benchRoot);
}

/** What a beyond results file's figures depend on. */
export interface BeyondCacheInputs {
  sourceSha256: string;
  lockfileSha256: string | null;
  nodeVersion: string;
  cpuModel: string;
  cores: number;
  config: BeyondConfig;
}

/** The inputs as they are now, for the full beyond suite on this machine with this process's Node. */
export function currentBeyondCacheInputs(): BeyondCacheInputs {
  return {
    sourceSha256: beyondSourceSha256(),
    lockfileSha256: lockfileSha256(),
    nodeVersion: process.version,
    cpuModel: os.cpus()[0]?.model.trim() || 'unknown CPU',
    cores: os.availableParallelism(),
    config: buildBeyondConfig({ quick: false }),
  };
}

/** The inputs recorded in a beyond results file. */
export function beyondCacheInputsOf(results: BeyondResults): BeyondCacheInputs {
  const e = results.environment;
  return {
    sourceSha256: e.benchSourceSha256,
    lockfileSha256: e.lockfileSha256,
    nodeVersion: e.nodeVersion,
    cpuModel: e.cpuModel,
    cores: e.cores,
    config: results.config as BeyondConfig,
  };
}

/**
 * Why beyond results recorded with `stored` inputs cannot stand for `now`.
 * @returns one plain reason per changed input; empty when fresh.
 */
export function beyondStaleReasons(stored: BeyondCacheInputs, now: BeyondCacheInputs): string[] {
  const reasons: string[] = [];
  const short = (h: string | null) => (h === null ? 'none' : h.slice(0, 12));
  if (stored.sourceSha256 !== now.sourceSha256) {
    reasons.push(`the beyond cases or shared harness changed (${short(stored.sourceSha256)} → ${short(now.sourceSha256)})`);
  }
  if (stored.lockfileSha256 !== now.lockfileSha256) reasons.push(`the lockfile changed (${short(stored.lockfileSha256)} → ${short(now.lockfileSha256)})`);
  if (stored.nodeVersion !== now.nodeVersion) reasons.push(`the Node version changed (${stored.nodeVersion} → ${now.nodeVersion})`);
  if (stored.cpuModel !== now.cpuModel) reasons.push(`the CPU changed (${stored.cpuModel} → ${now.cpuModel})`);
  if (stored.cores !== now.cores) reasons.push(`the core count changed (${stored.cores} → ${now.cores})`);
  if (canonicalJson(stored.config) !== canonicalJson(now.config)) {
    reasons.push(
      stored.config.mode === now.config.mode
        ? 'the beyond configuration changed'
        : `the beyond results are from a ${stored.config.mode} run; the page needs the ${now.config.mode} suite`,
    );
  }
  return reasons;
}
