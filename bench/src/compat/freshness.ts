/**
 * Compatibility only (export "./freshness"): the reference suite's cache key under its old names.
 * The one cache key is harness/cache-key.ts, reached through "./suites" (referenceSuite); this module
 * goes once the site uses that.
 */
import { canonicalJson } from '../harness/cache-key.ts';
import type { BenchConfig, Results } from '../harness/schema.ts';
import { referenceSuite } from '../suites/reference.ts';

export { BENCH_ROOT } from '../harness/fingerprint.ts';
export { canonicalJson };

/** What a results file's figures depend on (old field name benchSourceSha256 for the source hash). */
export interface CacheInputs {
  benchSourceSha256: string;
  lockfileSha256: string | null;
  nodeVersion: string;
  cpuModel: string;
  cores: number;
  config: BenchConfig;
}

const toOld = ({ sourceSha256, ...rest }: ReturnType<typeof referenceSuite.currentCacheInputs>): CacheInputs => ({ benchSourceSha256: sourceSha256, ...rest });
const toNew = ({ benchSourceSha256, ...rest }: CacheInputs) => ({ sourceSha256: benchSourceSha256, ...rest });

/** The files the reference key covers (referenceSuite.sourceFiles). */
export const benchSourceFiles = (benchRoot?: string): string[] => referenceSuite.sourceFiles(benchRoot);
/** SHA-256 over them (referenceSuite.sourceSha256). */
export const benchSourceSha256 = (benchRoot?: string): string => referenceSuite.sourceSha256(benchRoot);
/** The inputs now (referenceSuite.currentCacheInputs). */
export const currentCacheInputs = (): CacheInputs => toOld(referenceSuite.currentCacheInputs());
/** The inputs a results file recorded (referenceSuite.cacheInputsOf). */
export const cacheInputsOf = (results: Results): CacheInputs => toOld(referenceSuite.cacheInputsOf(results));
/** Why stored results cannot stand for now (referenceSuite.staleReasons). */
export const staleReasons = (stored: CacheInputs, now: CacheInputs): string[] => referenceSuite.staleReasons(toNew(stored), toNew(now));
/** The full suite's configuration (referenceSuite.fullConfig). */
export const fullSuiteConfig = (): BenchConfig => referenceSuite.fullConfig();
