/**
 * The reference suite's configurations as data: the full suite reproduces the reference's counts and
 * seeds (hop-bench spec); --quick shrinks every count for smoke tests. Built from the cases' specs
 * (cases/<x>/spec.ts, data only), so it loads no case module.
 */
import type { CaseSpec } from './reference-case.ts';
import type { BenchConfig } from './schema.ts';

/** Settings shared by every mode (hop-bench spec, "Runs, seeds and report"). */
export const SUITE_DEFAULTS = {
  runs: 3,
  pauseBetweenRunsMs: 2_000,
  serverSeedBase: 20261019,
  clientSeed: 7,
  serverKeepAliveMs: 60_000,
  serviceStartTimeoutMs: 15_000,
} as const;

/** Choices a user can make on the command line. */
export interface ConfigChoice {
  quick: boolean;
  /** Runs; defaults to 3 (full) or 1 (quick). */
  runs?: number;
  /** Case ids in any order; defaults to all. Run in registry order. */
  caseIds?: readonly string[];
  /** CPUs to pin the client and the services to (--pin); unpinned when absent. */
  pin?: { clientCpu: number; serviceCpu: number };
}

/**
 * Builds the configuration of a reference-suite run.
 * @param catalog the suite's case specs, in registry order.
 * @throws Error naming any unknown case id.
 */
export function buildReferenceConfig(catalog: readonly CaseSpec[], choice: ConfigChoice): BenchConfig {
  const all = catalog.map((c) => c.id);
  const wanted = choice.caseIds ?? all;
  const unknown = wanted.filter((id) => !all.includes(id));
  if (unknown.length > 0) throw new Error(`unknown case ${unknown.join(', ')}; known cases: ${all.join(', ')}`);
  const selected = catalog.filter((c) => wanted.includes(c.id));
  const runs = choice.runs ?? (choice.quick ? 1 : SUITE_DEFAULTS.runs);
  const size = choice.quick ? 'quick' : 'full';
  const isReferenceShape = runs === SUITE_DEFAULTS.runs && selected.length === catalog.length;
  return {
    mode: choice.quick ? 'quick' : isReferenceShape ? 'full' : 'custom',
    ...SUITE_DEFAULTS,
    runs,
    pauseBetweenRunsMs: choice.quick ? 200 : SUITE_DEFAULTS.pauseBetweenRunsMs,
    cases: selected.map((c) => c.id),
    pinning: choice.pin ? { pinned: true, ...choice.pin } : { pinned: false, clientCpu: null, serviceCpu: null },
    latency: Object.fromEntries(selected.flatMap((c) => (c.kind === 'latency' ? [[c.id, c.counts[size]]] : []))),
    failure: Object.fromEntries(selected.flatMap((c) => (c.kind === 'failure' ? [[c.id, c.counts[size]]] : []))),
  };
}
