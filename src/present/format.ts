/**
 * Kept only so that files other branches are rewriting at the same time (content/words.ts,
 * src/components/bench/LatencyTable.astro, src/components/provenance/RunHistory.astro) still resolve:
 * the number formatter lives in src/format/number.ts. Delete this file once they import it from there.
 */
export * from '../format/number.ts';
