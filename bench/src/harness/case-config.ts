/**
 * The configuration of a run of either suite, as data, built from its cases' specs (cases/<x>/spec.ts,
 * data only), so it loads no case module. Both suites choose their cases, runs and size one way
 * (`chooseCases`); each stores the chosen cases' parameters in its own results layout: the reference
 * suite's (schema.ts: by kind, with its seeds) and the beyond suite's (beyond-schema.ts: by case id).
 */
import type { BeyondCaseSpec, CaseSpec, ReferenceCaseSpec } from './case.ts';
import type { BenchConfig } from './schema.ts';

/** Settings of the reference suite shared by every mode (hop-bench spec, "Runs, seeds and report"). */
export const SUITE_DEFAULTS = {
  runs: 3,
  pauseBetweenRunsMs: 2_000,
  serverSeedBase: 20261019,
  clientSeed: 7,
  serverKeepAliveMs: 60_000,
  serviceStartTimeoutMs: 15_000,
} as const;

/** Default repetitions of the beyond suite (as the reference suite). */
export const BEYOND_DEFAULT_RUNS = SUITE_DEFAULTS.runs;

/** Choices a user can make on the command line. */
export interface ConfigChoice {
  quick: boolean;
  /** Runs; defaults to 3 (full) or 1 (quick). */
  runs?: number;
  /** Case ids in any order; defaults to all. Run in registry order. */
  caseIds?: readonly string[];
  /** CPUs to pin the client and the services to (--pin); unpinned when absent (the beyond suite ignores it). */
  pin?: { clientCpu: number; serviceCpu: number };
}

/** What the user chose on the command line for the beyond suite (it does not pin). */
export type BeyondChoice = Omit<ConfigChoice, 'pin'>;

/** The configuration of one beyond run; stored in the results file and part of its cache key. */
export interface BeyondConfig {
  /** "full": every case at default size and runs; "quick": smoke size; "custom": a subset or other runs. */
  mode: 'full' | 'quick' | 'custom';
  /** Repetitions asked for (a case that repeats its measurement uses it). */
  runs: number;
  /** Case ids run, in order. */
  cases: string[];
  /** Each selected case's parameters, by id (validated by that case's configSchema). */
  caseConfigs: Record<string, unknown>;
}

/** The cases, runs, size and mode a choice makes of a registry. */
export interface CaseChoice<Spec> {
  readonly mode: 'full' | 'quick' | 'custom';
  readonly runs: number;
  /** The chosen specs, in registry order. */
  readonly selected: readonly Spec[];
  /** Which of each case's sizes the run uses. */
  readonly size: 'full' | 'quick';
}

/**
 * The cases, runs and size of a run: "full" is every case at default size and runs, "quick" the smoke
 * size (1 run unless asked), anything else "custom".
 * @param catalog the suite's case specs, in registry order.
 * @param noun how messages name the suite's cases, e.g. "case" or "beyond case".
 * @throws Error naming any unknown case id and the known ones.
 */
export function chooseCases<Spec extends CaseSpec>(catalog: readonly Spec[], choice: ConfigChoice, noun: string): CaseChoice<Spec> {
  const all = catalog.map((c) => c.id);
  const wanted = choice.caseIds ?? all;
  const unknown = wanted.filter((id) => !all.includes(id));
  if (unknown.length > 0) throw new Error(`unknown ${noun} ${unknown.join(', ')}; known ${noun}s: ${all.join(', ') || 'none'}`);
  const selected = catalog.filter((c) => wanted.includes(c.id));
  const runs = choice.runs ?? (choice.quick ? 1 : SUITE_DEFAULTS.runs);
  const full = runs === SUITE_DEFAULTS.runs && selected.length === catalog.length;
  return { mode: choice.quick ? 'quick' : full ? 'full' : 'custom', runs, selected, size: choice.quick ? 'quick' : 'full' };
}

/**
 * Builds the configuration of a reference-suite run: the full suite reproduces the reference's counts
 * and seeds (hop-bench spec); --quick shrinks every count for smoke tests.
 * @param catalog the suite's case specs, in registry order.
 * @throws Error naming any unknown case id.
 */
export function buildReferenceConfig(catalog: readonly ReferenceCaseSpec[], choice: ConfigChoice): BenchConfig {
  const { mode, runs, selected, size } = chooseCases(catalog, choice, 'case');
  return {
    mode,
    ...SUITE_DEFAULTS,
    runs,
    pauseBetweenRunsMs: choice.quick ? 200 : SUITE_DEFAULTS.pauseBetweenRunsMs,
    cases: selected.map((c) => c.id),
    pinning: choice.pin ? { pinned: true, ...choice.pin } : { pinned: false, clientCpu: null, serviceCpu: null },
    latency: Object.fromEntries(selected.flatMap((c) => (c.kind === 'latency' ? [[c.id, c.config[size]]] : []))),
    failure: Object.fromEntries(selected.flatMap((c) => (c.kind === 'failure' ? [[c.id, c.config[size]]] : []))),
  };
}

/**
 * Builds the configuration of a beyond run.
 * @param specs the suite's case specs, in registry order.
 * @throws Error naming any unknown case id.
 */
export function buildBeyondConfig(specs: readonly BeyondCaseSpec[], choice: BeyondChoice): BeyondConfig {
  const { mode, runs, selected, size } = chooseCases(specs, choice, 'beyond case');
  return { mode, runs, cases: selected.map((c) => c.id), caseConfigs: Object.fromEntries(selected.map((c) => [c.id, c.config[size]])) };
}
