/** Case G as data (light: no code of the case): id, title, schemas (harness/tls-schema.ts) and sizes. */
import type { BeyondCaseSpec } from '../../harness/case.ts';
import { GConfigSchema, GResultSchema, type GConfig, type GResult } from '../../harness/tls-schema.ts';
import type { LatencyCaseConfig } from '../../harness/schema.ts';

const quickCalls = (warmupCalls: number, timedCalls: number): LatencyCaseConfig => ({ warmupCalls, timedCalls, throughputCalls: 0 });

const BASE = { minReuseRatePercent: 99, serverKeepAliveMs: 60_000, serviceStartTimeoutMs: 15_000 };

// The noise rule's check (harness/noise-check.ts) on case B's plain hop, about 60 µs a call: 8 rounds
// let the permutation test reach alpha 0.05 (6 is the least), and 40 trials of each kind put a false-
// positive rate near 5% within a few trials of its count. Full: about 77,000 calls, some 6 s on a quiet 2-core machine.
// overlapRuns is the runs a side the page's comparisons have (3).
const NOISE_CHECK = { rounds: 8, injectedRatio: 1.25, overlapRuns: 3 };

/** Case G as data. */
export const specG: BeyondCaseSpec<GConfig, GResult> = {
  id: 'G',
  title: 'With TLS: the hop over HTTPS',
  configSchema: GConfigSchema,
  resultSchema: GResultSchema,
  config: {
    // 40% of B's (G1) and C's (G2, G3) counts, so the beyond suite keeps to 5 minutes on a 2-core
    // machine: a new TLS connection costs about 4 ms, so G2 and G3 at 2,000 calls each took about 55 s
    // of a 357 s suite (three runs). 800 calls still leave eight above the p99. The pause between runs
    // is shorter than the reference suite's 2 s for the same reason.
    full: { ...BASE, pauseBetweenRunsMs: 200, noiseCheck: { ...NOISE_CHECK, trials: 40, warmupCalls: 10, callsPerArm: 50 }, calls: { G1: quickCalls(400, 4_000), G2: quickCalls(80, 800), G3: quickCalls(80, 800) } },
    quick: { ...BASE, pauseBetweenRunsMs: 200, noiseCheck: { ...NOISE_CHECK, trials: 10, warmupCalls: 5, callsPerArm: 30 }, calls: { G1: quickCalls(100, 1_000), G2: quickCalls(20, 200), G3: quickCalls(20, 200) } },
  },
};
