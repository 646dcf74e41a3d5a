/**
 * Compatibility only (export "./beyond-freshness"): the beyond suite's cache key under its old names.
 * The one cache key is harness/cache-key.ts, reached through "./suites" (beyondSuite); this module
 * goes once the site uses that.
 */
import type { CacheInputs } from '../harness/cache-key.ts';
import { beyondSuite } from '../suites/beyond.ts';
import type { BeyondConfig } from '../harness/beyond-config.ts';
import type { BeyondResults } from '../harness/beyond-schema.ts';

/** What a beyond results file's figures depend on. */
export type BeyondCacheInputs = CacheInputs<BeyondConfig>;

/** The files the beyond key covers (beyondSuite.sourceFiles). */
export const beyondSourceFiles = (benchRoot?: string): string[] => beyondSuite.sourceFiles(benchRoot);
/** SHA-256 over them (beyondSuite.sourceSha256). */
export const beyondSourceSha256 = (benchRoot?: string): string => beyondSuite.sourceSha256(benchRoot);
/** The inputs now (beyondSuite.currentCacheInputs). */
export const currentBeyondCacheInputs = (): BeyondCacheInputs => beyondSuite.currentCacheInputs();
/** The inputs a results file recorded (beyondSuite.cacheInputsOf). */
export const beyondCacheInputsOf = (results: BeyondResults): BeyondCacheInputs => beyondSuite.cacheInputsOf(results);
/** Why stored results cannot stand for now (beyondSuite.staleReasons). */
export const beyondStaleReasons = (stored: BeyondCacheInputs, now: BeyondCacheInputs): string[] => beyondSuite.staleReasons(stored, now);
