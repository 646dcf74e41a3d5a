/**
 * The one cache key of every suite: whether a results file still describes what this machine would
 * measure now. The inputs that change the numbers: the suite's source files, the lockfile, the Node
 * version, the CPU model and core count, and the suite's configuration. Light on purpose (file reads
 * and a hash; no case module, no service, no child_process): the site's build computes it on every
 * build (checked by .dependency-cruiser.cjs and bench/test/freshness-light.test.ts).
 */
import { readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BENCH_ROOT, filesSha256, lockfileSha256 } from './fingerprint.ts';

/** What a results file's figures depend on. `Config` is the suite's configuration type. */
export interface CacheInputs<Config = unknown> {
  /** SHA-256 (hex) over the suite's source files (keySourceFiles), stored as environment.benchSourceSha256. */
  sourceSha256: string;
  /** SHA-256 (hex) of package-lock.json; null when there is none. */
  lockfileSha256: string | null;
  /** e.g. "v24.20.0". */
  nodeVersion: string;
  /** os.cpus()[0].model, trimmed. */
  cpuModel: string;
  /** os.availableParallelism(). */
  cores: number;
  /** The suite's configuration (its `mode` tells full, quick and custom runs apart). */
  config: Config;
}

/** How a suite names its parts in stale reasons, e.g. "the bench source changed (…)". */
export interface StaleWords {
  /** What the source hash covers: "the bench source" (reference), "the beyond cases or shared harness". */
  readonly source: string;
  /** The results: "the results", "the beyond results". */
  readonly results: string;
  /** The configuration: "the bench configuration", "the beyond configuration". */
  readonly configuration: string;
}

/** What the cache key needs of a suite: the files it covers and its full configuration. */
export interface KeyedSuite<Config> {
  /**
   * Paths under bench/src ("/"-separated) the key leaves out: a folder ends in "/", e.g.
   * "cases/f-load/"; anything else is one file. Everything else under bench/src (*.ts) is covered.
   */
  readonly keyExcludes: readonly string[];
  /**
   * The cases whose folders (cases/<letter>-<name>/, letter = the case id in lower case) the key covers;
   * every other case folder is left out, so a new case of another suite needs no edit here. Undefined:
   * every case folder.
   */
  readonly keyCaseIds?: readonly string[];
  /** The suite's full configuration (its default run), as compared with a stored one. */
  fullConfig(): Config;
  /** Wording of the stale reasons. */
  readonly staleWords: StaleWords;
}

/**
 * The files a suite's key covers: bench/src/**.ts except `excludes` (see KeyedSuite.keyExcludes) and the
 * folders of cases not in `caseIds` (KeyedSuite.keyCaseIds; undefined: all cases), and
 * bench/package.json, sorted.
 * @param benchRoot the bench folder; pass it when this module is bundled elsewhere (import.meta.url moves).
 * @throws Error when bench/src cannot be read.
 */
export function keySourceFiles(excludes: readonly string[], benchRoot: string = BENCH_ROOT, caseIds?: readonly string[]): string[] {
  const src = path.join(benchRoot, 'src');
  const files = readdirSync(src, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && d.name.endsWith('.ts'))
    .map((d) => path.join(d.parentPath, d.name))
    .filter((f) => {
      const rel = path.relative(src, f).split(path.sep).join('/');
      if (caseIds && rel.startsWith('cases/') && !caseIds.includes(rel.split('/')[1]!.split('-')[0]!.toUpperCase())) return false;
      return !excludes.some((x) => (x.endsWith('/') ? rel.startsWith(x) : rel === x));
    });
  return [...files, path.join(benchRoot, 'package.json')].sort();
}

/** SHA-256 (hex) over the files of keySourceFiles(excludes): each path relative to bench/ and its content. */
export function keySourceSha256(excludes: readonly string[], benchRoot: string = BENCH_ROOT, caseIds?: readonly string[]): string {
  return filesSha256(keySourceFiles(excludes, benchRoot, caseIds), benchRoot);
}

/** The inputs as they are now, for `suite`'s full configuration on this machine with this process's Node. */
export function currentCacheInputs<Config>(suite: KeyedSuite<Config>): CacheInputs<Config> {
  return {
    sourceSha256: keySourceSha256(suite.keyExcludes, BENCH_ROOT, suite.keyCaseIds),
    lockfileSha256: lockfileSha256(),
    nodeVersion: process.version,
    cpuModel: os.cpus()[0]?.model.trim() || 'unknown CPU',
    cores: os.availableParallelism(),
    config: suite.fullConfig(),
  };
}

/** What a results file records of its inputs (both suites' files have these fields). */
export interface KeyedResults<Config> {
  readonly environment: {
    readonly benchSourceSha256: string;
    readonly lockfileSha256: string | null;
    readonly nodeVersion: string;
    readonly cpuModel: string;
    readonly cores: number;
  };
  readonly config: Config;
}

/** The inputs recorded in a results file. */
export function cacheInputsOf<Config>(results: KeyedResults<Config>): CacheInputs<Config> {
  const e = results.environment;
  return {
    sourceSha256: e.benchSourceSha256,
    lockfileSha256: e.lockfileSha256,
    nodeVersion: e.nodeVersion,
    cpuModel: e.cpuModel,
    cores: e.cores,
    config: results.config,
  };
}

/**
 * Why results recorded with `stored` inputs cannot stand for `now`.
 * @param words the suite's wording (KeyedSuite.staleWords).
 * @returns one plain reason per changed input; empty when the results are fresh.
 */
export function staleReasons(
  stored: CacheInputs<{ mode: string }>,
  now: CacheInputs<{ mode: string }>,
  words: StaleWords,
): string[] {
  const reasons: string[] = [];
  const short = (h: string | null) => (h === null ? 'none' : h.slice(0, 12));
  if (stored.sourceSha256 !== now.sourceSha256) {
    reasons.push(`${words.source} changed (${short(stored.sourceSha256)} → ${short(now.sourceSha256)})`);
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
        ? `${words.configuration} changed`
        : `${words.results} are from a ${stored.config.mode} run; the page needs the ${now.config.mode} suite`,
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
