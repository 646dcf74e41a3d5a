/**
 * The suite contract: what the bench, its command line and the site's build need of a suite. A suite
 * is one module (bench/src/suites/<name>.ts) whose value is made by `defineSuite`; reference and beyond
 * are its two values. The light part (paths, configuration, results parsing, cache key) loads no case
 * module, no service and no child_process; the heavy part (the cases, running them, re-run checks) is
 * loaded lazily.
 */
import { BENCH_ROOT } from './fingerprint.ts';
import type { Service } from './service.ts';
import type { Environment } from './schema.ts';
import type { EntitlementServiceOptions, RelayServiceOptions } from './services/protocol.ts';
import {
  cacheInputsOf,
  currentCacheInputs,
  keySourceFiles,
  keySourceSha256,
  staleReasons,
  type CacheInputs,
  type KeyedResults,
  type KeyedSuite,
  type StaleWords,
} from './cache-key.ts';

/** The fields every suite's configuration has. */
export interface SuiteConfigBase {
  /** "full": the default run; "quick": smoke size; "custom": other runs or a subset of the cases. */
  readonly mode: 'full' | 'quick' | 'custom';
  /** Runs (repetitions) asked for. */
  readonly runs: number;
  /** Case ids run, in registry order. */
  readonly cases: readonly string[];
}

/**
 * A case's line in its suite's registry (cases/<letter>-<name>/entry.ts): its spec (light data) and
 * its code, loaded only when the suite runs.
 */
export interface CaseEntry<Spec, Case> {
  readonly spec: Spec;
  /** Loads the case's code (heavy: its services, its helpers). */
  load(): Promise<Case>;
}

/** The specs of a registry, in run order. */
export const specsOf = <Spec, Case>(registry: readonly CaseEntry<Spec, Case>[]): Spec[] => registry.map((e) => e.spec);

/** Loads every case of a registry, in run order (heavy). */
export const loadCases = <Spec, Case>(registry: readonly CaseEntry<Spec, Case>[]): Promise<Case[]> => Promise.all(registry.map((e) => e.load()));

/** What the user chose on the command line, for any suite. */
export interface SuiteChoice {
  /** Smoke size: every case at its quick size, 1 run unless `runs` says otherwise. */
  readonly quick: boolean;
  /** Runs; default the suite's (3), quick 1. */
  readonly runs?: number;
  /** Case ids to run; default all, run in registry order. */
  readonly caseIds?: readonly string[];
  /** CPUs to pin the client and the services to (--pin); a suite that does not pin ignores it. */
  readonly pin?: { readonly clientCpu: number; readonly serviceCpu: number };
}

/** What every suite's results file has: the cache key's fields and the report as printed. */
export interface SuiteResultsBase<Config> extends KeyedResults<Config> {
  /** The text report exactly as printed (the page shows it "as printed"); never checked against a re-rendering. */
  readonly report: string;
  /** Wall time of the whole suite, ms. */
  readonly durationMs: number;
}

/** Where a run's shared services come from: forked on this machine (the default) or remote ones (target mode). */
export interface SuiteServices {
  startEntitlement(label: string, options: EntitlementServiceOptions, timeoutMs: number): Promise<Service>;
  startRelay(label: string, options: RelayServiceOptions, timeoutMs: number): Promise<Service>;
}

/** What the runner hands a suite's hooks. */
export interface RunEnv {
  /** Progress sink: one line per call, to stderr. Never called inside a timed loop. */
  readonly log: (line: string) => void;
  /** Aborted on SIGINT or SIGTERM: no further case starts. */
  readonly signal: AbortSignal;
  /** Where shared services come from; default: forked on this machine. */
  readonly services?: SuiteServices;
}

/** What a round opened for its cases (reference: the run's entitlement service); closed after them. */
export interface RoundScope {
  /** For progress lines and errors, e.g. "run 1/3"; empty when the suite has one round. */
  readonly tag: string;
  /** Stops what the round started. */
  close(): Promise<void>;
}

/**
 * How a suite runs its cases (heavy; the one runner, runner.ts, drives it): rounds, each opening what
 * its cases share, every selected case once per round in registry order, then the results collected.
 * Case, Scope and CaseRun are the suite's own types.
 */
export interface RunPlan<Config, Case extends { readonly id: string }, Scope extends RoundScope, CaseRun, Outcome> {
  /** How many rounds (reference: config.runs, each with a fresh seeded service; beyond: 1, each case repeats itself). */
  rounds(config: Config): number;
  /** Pause before every round but the first, ms. */
  pauseBetweenRoundsMs(config: Config): number;
  /** Opens round `round` (0-based). @throws when a shared service does not start. */
  openRound(config: Config, round: number, env: RunEnv): Promise<Scope>;
  /** Runs one case in one round. @throws Error naming the case and the round when it fails. */
  runCase(c: Case, scope: Scope, config: Config, env: RunEnv): Promise<CaseRun>;
  /** The outcomes per case, in registry order, from each case's runs (one per round). */
  collect(config: Config, cases: readonly Case[], runs: ReadonlyMap<string, readonly CaseRun[]>): Outcome[];
}

/** How the command line speaks of a suite's run (stderr). */
export interface SuiteMessages<Config> {
  /** The line before a run, e.g. "hop-bench: full suite, 3 run(s) of A, B on Node v24.20.0". */
  start(config: Config): string;
  /** "done" or "beyond suite done": "hop-bench: <done> in 12.3 s; results written to FILE". */
  readonly done: string;
  /** "the run failed" or "the beyond suite failed". */
  readonly failed: string;
  /** "The results file was not changed." (or the beyond one). */
  readonly unchanged: string;
}

/** What a suite module declares; `defineSuite` adds what follows from it. */
export interface SuiteSpec<Config extends SuiteConfigBase, Results extends SuiteResultsBase<Config>, Outcome = unknown>
  extends KeyedSuite<Config> {
  /** "reference" or "beyond": the value of --suite. */
  readonly id: string;
  /** For messages: "reference suite", "beyond suite". */
  readonly title: string;
  /** The registry: one entry per case (cases/<letter>-<name>/entry.ts), in run order. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly registry: readonly CaseEntry<{ readonly id: string }, any>[];
  /** Where its results go, relative to the project root ("/"-separated), and the outside file's variable. */
  readonly results: { readonly path: string; readonly partialPath: string; readonly envVar: string };
  /**
   * Builds the configuration of a run.
   * @throws Error naming any unknown case id.
   */
  buildConfig(choice: SuiteChoice): Config;
  /**
   * Validates parsed JSON as this suite's results file: every field's shape, and the figures
   * recomputed from the runs (medians, intervals, counts, socket checks); the stored report text is not compared.
   * @throws ResultsValidationError naming each bad field.
   */
  parseResults(data: unknown, file: string): Results;
  /**
   * Heavy, loaded lazily: why stored results should be re-run although their key is fresh, e.g. a case
   * recorded as not measured that can run on this machine now. One sentence each; empty when none.
   */
  rerunReasons(results: Results): Promise<string[]>;
  /** Heavy: how the runner runs this suite's cases. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly plan: RunPlan<Config, any, any, any, Outcome>;
  /**
   * The exporter: a run's results file, its printed report included (the report is for reading;
   * the file is valid by its numbers).
   */
  exportResults(environment: Environment, config: Config, outcomes: readonly Outcome[], durationMs: number): Promise<Results>;
  /** The results file's text, as the suite has always written it. */
  serialize(results: Results): string;
  /** Lines for stderr after a successful run (intervals, warnings with remedies). */
  notes(results: Results): string[];
  /** Archives a full run's results; returns the file written. Absent when the suite keeps no archive. */
  archive?(results: Results): string;
  /** How the command line speaks of a run. */
  readonly messages: SuiteMessages<Config>;
}

/** A suite: its declaration and what follows from it (one source: the cache key module). */
export interface Suite<
  Config extends SuiteConfigBase = SuiteConfigBase,
  Results extends SuiteResultsBase<Config> = SuiteResultsBase<Config>,
  Outcome = unknown,
> extends SuiteSpec<Config, Results, Outcome> {
  /** The registry's case ids, in run order (light: no case module is loaded for them). */
  readonly caseIds: readonly string[];
  /** A full run's results file without --out, relative to the project root, "/"-separated. */
  readonly resultsPath: string;
  /** A quick or partial run's results file without --out, relative to the project root. */
  readonly partialResultsPath: string;
  /** Environment variable naming an outside results file for the site's build (never re-run for it). */
  readonly resultsEnvVar: string;
  /** Heavy: the registry's case modules, in run order. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  loadCases(): Promise<any[]>;
  /**
   * Reads a results file's text: JSON, then parseResults.
   * @throws ResultsValidationError when the text is not JSON or not a valid results file of this suite.
   */
  parseResultsText(text: string, file: string): Results;
  /** Files the cache key covers (absolute paths, sorted); `benchRoot` defaults to this bench's folder. */
  sourceFiles(benchRoot?: string): string[];
  /** SHA-256 (hex) over sourceFiles: what environment.benchSourceSha256 records for this suite. */
  sourceSha256(benchRoot?: string): string;
  /** The cache inputs now: this source, lockfile, Node, CPU, cores and the full configuration. */
  currentCacheInputs(): CacheInputs<Config>;
  /** The cache inputs a results file recorded. */
  cacheInputsOf(results: Results): CacheInputs<Config>;
  /** Why `stored` results cannot stand for `now` (cache-key.ts staleReasons, in this suite's words). */
  staleReasons(stored: CacheInputs<Config>, now: CacheInputs<Config>): string[];
}

/** Turns a suite module's declaration into a Suite. */
export function defineSuite<Config extends SuiteConfigBase, Results extends SuiteResultsBase<Config>, Outcome>(
  spec: SuiteSpec<Config, Results, Outcome> & { parseResultsText(text: string, file: string): Results },
): Suite<Config, Results, Outcome> {
  const words: StaleWords = spec.staleWords;
  return {
    ...spec,
    caseIds: spec.registry.map((e) => e.spec.id),
    resultsPath: spec.results.path,
    partialResultsPath: spec.results.partialPath,
    resultsEnvVar: spec.results.envVar,
    loadCases: () => loadCases(spec.registry),
    sourceFiles: (benchRoot = BENCH_ROOT) => keySourceFiles(spec.keyExcludes, benchRoot, spec.keyCaseIds),
    sourceSha256: (benchRoot = BENCH_ROOT) => keySourceSha256(spec.keyExcludes, benchRoot, spec.keyCaseIds),
    currentCacheInputs: () => currentCacheInputs(spec),
    cacheInputsOf: (results) => cacheInputsOf(results),
    staleReasons: (stored, now) => staleReasons(stored, now, words),
  };
}
