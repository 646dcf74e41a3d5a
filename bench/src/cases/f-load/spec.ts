/** Case F as data (light: no code of the case): id, title, schemas (schema.ts) and sizes, full and --quick. */
import type { BeyondCaseSpec } from '../../harness/case.ts';
import { LoadConfigSchema, LoadResultSchema, type LoadConfig, type LoadResult } from './schema.ts';

const shared = {
  schedulerGranularityMs: 1,
  clockSpinUs: 100,
  openConnections: 64,
  inFlightCap: 512,
  arrival: 'poisson',
  arrivalSeed: 20261201,
  callTimeoutMs: 2_000,
  ceilingConcurrency: 64,
  peerConcurrency: [16, 64],
  maxClientCpuPercent: 70,
  maxFailedPercent: 1,
  generatorLimitFraction: 0.5,
  pin: true,
} as const satisfies Partial<LoadConfig>;

/**
 * Case F as data. Full size takes about 3.2 minutes on a quiet 2-core machine: each level runs ≥ 10,000
 * calls or 5 s, three times, and the chain's levels (about 1,000 calls/s) take the full 5 s each, so
 * the chain alone needs 7 levels × 5 s × 3 runs. Four open levels are the fewest that show a curve.
 */
export const specF: BeyondCaseSpec<LoadConfig, LoadResult> = {
  id: 'F',
  title: 'Under load: the hop and the chain',
  configSchema: LoadConfigSchema,
  resultSchema: LoadResultSchema,
  config: {
    full: {
      ...shared,
      peerConcurrency: [...shared.peerConcurrency],
      // c = 4 between 1 and 16: on 2 cores the generator's client CPU at c = 16 against the hop sits at
      // the 70% rule's edge (70–73% in runs of 2026-12-02), and without a level between, capacity would
      // fall back to one caller's throughput whenever c = 16 breaks it.
      concurrency: [1, 4, 16, 64],
      // Warm-ups and pauses are short because the generator and the services are warm from the peer
      // check and the ceiling run before any level: 48 level runs make each 100 ms cost 5 s.
      closed: { warmupMs: 100, minCalls: 10_000, minMeasureMs: 500, maxMeasureMs: 5_000 },
      openFractions: [0.1, 0.35, 0.6, 0.85],
      open: { warmupMs: 100, minCalls: 10_000, minMeasureMs: 500, maxMeasureMs: 5_000 },
      pauseBetweenLevelsMs: 50,
      // Five 1 s rounds: one-second throughputs swing by a third on a shared 2-core VM, and the median
      // of five paired ratios moves less than that of three.
      peerSeconds: 1,
      peerRounds: 5,
      wakeFloor: { ratePerSec: 500, warmupMs: 100, measureMs: 1_000 },
      // 10 µs: a few clock readings' worth; an interrupt or a host's preemption takes longer.
      stallProbe: { measureMs: 1_000, thresholdUs: 10 },
    },
    quick: {
      ...shared,
      peerConcurrency: [...shared.peerConcurrency],
      concurrency: [1, 16, 64],
      closed: { warmupMs: 50, minCalls: 1_000, minMeasureMs: 100, maxMeasureMs: 400 },
      openFractions: [0.1, 0.25, 0.5, 0.7],
      open: { warmupMs: 50, minCalls: 1_000, minMeasureMs: 100, maxMeasureMs: 400 },
      pauseBetweenLevelsMs: 20,
      peerSeconds: 0.5,
      peerRounds: 3,
      wakeFloor: { ratePerSec: 500, warmupMs: 50, measureMs: 300 },
      stallProbe: { measureMs: 200, thresholdUs: 10 },
    },
  },
};
