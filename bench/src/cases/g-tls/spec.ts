/** Case G as data (light: no code of the case): id, title, schemas (harness/tls-schema.ts) and sizes. */
import type { BeyondCaseSpec } from '../../harness/beyond-case.ts';
import { GConfigSchema, GResultSchema, type GConfig, type GResult } from '../../harness/tls-schema.ts';
import type { LatencyCaseConfig } from '../../harness/schema.ts';

const quickCalls = (warmupCalls: number, timedCalls: number): LatencyCaseConfig => ({ warmupCalls, timedCalls, throughputCalls: 0 });

const BASE = { minReuseRatePercent: 99, serverKeepAliveMs: 60_000, serviceStartTimeoutMs: 15_000 };

/** Case G as data. */
export const specG: BeyondCaseSpec<GConfig, GResult> = {
  id: 'G',
  title: 'With TLS: the hop over HTTPS',
  configSchema: GConfigSchema,
  resultSchema: GResultSchema,
  config: {
    // Counts of B (G1) and C (G2, G3), so each variant sits beside its plain-HTTP counterpart. The pause
    // between runs is shorter than the reference suite's 2 s: the beyond suite keeps to about 5 minutes.
    full: { ...BASE, pauseBetweenRunsMs: 500, calls: { G1: quickCalls(1_000, 10_000), G2: quickCalls(200, 2_000), G3: quickCalls(200, 2_000) } },
    quick: { ...BASE, pauseBetweenRunsMs: 200, calls: { G1: quickCalls(100, 1_000), G2: quickCalls(20, 200), G3: quickCalls(20, 200) } },
  },
};
