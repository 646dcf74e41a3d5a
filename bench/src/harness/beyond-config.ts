/** Configuration of a beyond-suite run, as data: which cases, what size, how many runs. */
import type { BeyondCaseSpec } from './beyond-case.ts';

/** What the user chose on the command line. */
export interface BeyondChoice {
  /** Smoke size: every case at its `config.quick`. */
  quick: boolean;
  /** Repetitions; default 3 (quick 1). */
  runs?: number;
  /** Case ids to run; default all, run in registry order. */
  caseIds?: readonly string[];
}

/** Default repetitions of the beyond suite (as the reference suite). */
export const BEYOND_DEFAULT_RUNS = 3;

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

/**
 * Builds the configuration of a beyond run.
 * @param specs the suite's case specs, in registry order.
 * @throws Error naming any unknown case id.
 */
export function buildBeyondConfig(specs: readonly BeyondCaseSpec[], choice: BeyondChoice): BeyondConfig {
  const all = specs.map((c) => c.id);
  const wanted = choice.caseIds ?? all;
  const unknown = wanted.filter((id) => !all.includes(id));
  if (unknown.length > 0) throw new Error(`unknown beyond case ${unknown.join(', ')}; known beyond cases: ${all.join(', ') || 'none'}`);
  const selected = specs.filter((c) => wanted.includes(c.id));
  const runs = choice.runs ?? (choice.quick ? 1 : BEYOND_DEFAULT_RUNS);
  const full = runs === BEYOND_DEFAULT_RUNS && selected.length === specs.length;
  return {
    mode: choice.quick ? 'quick' : full ? 'full' : 'custom',
    runs,
    cases: selected.map((c) => c.id),
    caseConfigs: Object.fromEntries(selected.map((c) => [c.id, c.config[choice.quick ? 'quick' : 'full']])),
  };
}
