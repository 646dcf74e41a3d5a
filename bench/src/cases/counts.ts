/**
 * The counts of every reference-suite case, full (the reference's) and --quick, as plain data. The
 * case modules take their counts from here, and so does the suite configuration (config.ts), so that
 * computing a configuration or a cache key (freshness.ts) loads no case module, no service and no
 * child_process. Order is the registry's (cases/index.ts); a test checks the two agree.
 */
import type { FailureCaseConfig, LatencyCaseConfig } from '../schema.ts';

/** A case's id, kind and counts, without its code. */
export type CaseCounts =
  | { readonly kind: 'latency'; readonly full: LatencyCaseConfig; readonly quick: LatencyCaseConfig }
  | { readonly kind: 'failure'; readonly full: FailureCaseConfig; readonly quick: FailureCaseConfig };

/** Case E's parameters for a number of calls per variant (the rest is the hop-bench spec's). */
function failureConfig(callsPerVariant: number): FailureCaseConfig {
  return {
    callsPerVariant,
    delayProbability: 0.01,
    delayMs: 1_000,
    clientTimeoutMs: 500,
    maxRetries: 2,
    backoffBaseMs: 50,
    backoffJitterMs: 50,
    settleMs: 1_200,
    slowCallMs: 400,
    invoiceAmountCents: 4_900,
  };
}

/** Counts by case id, in registry order. */
export const CASE_COUNTS = {
  A: {
    kind: 'latency',
    full: { warmupCalls: 10_000, timedCalls: 100_000, throughputCalls: 1_000_000 },
    quick: { warmupCalls: 1_000, timedCalls: 10_000, throughputCalls: 100_000 },
  },
  B: {
    kind: 'latency',
    full: { warmupCalls: 1_000, timedCalls: 10_000, throughputCalls: 0 },
    quick: { warmupCalls: 100, timedCalls: 1_000, throughputCalls: 0 },
  },
  C: {
    kind: 'latency',
    full: { warmupCalls: 200, timedCalls: 2_000, throughputCalls: 0 },
    quick: { warmupCalls: 20, timedCalls: 200, throughputCalls: 0 },
  },
  D: {
    kind: 'latency',
    full: { warmupCalls: 500, timedCalls: 5_000, throughputCalls: 0 },
    quick: { warmupCalls: 50, timedCalls: 500, throughputCalls: 0 },
  },
  E: { kind: 'failure', full: failureConfig(2_000), quick: failureConfig(200) },
} as const satisfies Record<string, CaseCounts>;

/** A case as data: what the configuration needs of it (the BenchCase fields id, kind and counts). */
export type CatalogCase =
  | { readonly id: string; readonly kind: 'latency'; readonly counts: { readonly full: LatencyCaseConfig; readonly quick: LatencyCaseConfig } }
  | { readonly id: string; readonly kind: 'failure'; readonly counts: { readonly full: FailureCaseConfig; readonly quick: FailureCaseConfig } };

/** The cases as data, in registry order. */
export const CASE_CATALOG: readonly CatalogCase[] = Object.entries(CASE_COUNTS).map(([id, c]) =>
  c.kind === 'latency' ? { id, kind: c.kind, counts: { full: c.full, quick: c.quick } } : { id, kind: c.kind, counts: { full: c.full, quick: c.quick } },
);
