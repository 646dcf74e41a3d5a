/**
 * Build stage 1: make sure every bench suite has a usable results file for this machine. For each of
 * the bench's suites (its "./suites": reference, then beyond), runs the suite when its results are
 * missing, when what their figures depend on changed (the suite's cache key: its source, the lockfile,
 * Node version, CPU model, core count, configuration), when the suite finds a reason to re-run although
 * the key is fresh (a case recorded as not measured that can run now), or when asked (--fresh);
 * otherwise reuses them. Says which and why, in each suite's words (src/inputs/site-suites.ts).
 * A results file named by the suite's environment variable is never re-run unasked.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SUITES, type CacheInputs } from '@split-on-evidence/hop-bench/suites';
import type { Results } from '@split-on-evidence/hop-bench/schema';
import { loadSuiteResults, ResultsFileError, suiteResultsPath, type BeyondResults, type LoadedResults, type SiteSuite, type SuiteResults } from '../inputs/results-source.ts';
import { siteSuite } from '../inputs/site-suites.ts';
import { BuildError } from './errors.ts';
import { runSuite } from './run-suite.ts';
import { lastRunEstimate } from './run-estimate.ts';

/** What a suite's results file looks like before deciding. */
export interface ResultsState<R extends SuiteResults = SuiteResults> {
  file: string;
  /** True when the file was named by the suite's environment variable (then the suite is only run on --fresh). */
  explicit: boolean;
  fresh: boolean;
  freshReason: string;
  /** The file's results when it exists and is valid. */
  loaded?: LoadedResults<R>;
  /** Why the file could not be used, when it exists but is invalid. */
  invalid?: ResultsFileError;
  /** environment.benchSourceSha256 read from the raw JSON, even when the file fails validation. */
  rawSourceSha256?: string;
  exists: boolean;
  /** What the figures would depend on if the full suite ran now, on this machine and Node. */
  current: CacheInputs<unknown>;
  /** Why to run the suite although its key is fresh (the suite's rerunReasons); asked only of a valid file the environment did not name. */
  rerun: string[];
}

/** The decision: run the suite, reuse the file, or stop. */
export type ResultsDecision =
  | { action: 'run'; reason: string }
  | { action: 'reuse'; reason: string; notes: string[] }
  | { action: 'fail'; message: string };

/** How to treat the results (from the command line and environment). */
export interface EnsureOptions {
  fresh: boolean;
  freshReason: string;
  allowPartial?: boolean;
}

/** Decides what to do with a suite's results file (pure: no files read, nothing run). */
export function decideResults<R extends SuiteResults>(site: SiteSuite<R>, s: ResultsState<R>): ResultsDecision {
  const { words, suite } = site;
  if (s.fresh) return { action: 'run', reason: `asked for fresh results (${s.freshReason})` };
  if (!s.exists) {
    if (s.explicit) return { action: 'fail', message: `${s.file}: no such file (named by ${suite.resultsEnvVar}).\n${words.namedMissingFix}` };
    return { action: 'run', reason: `no ${words.results} yet` };
  }
  if (s.invalid) {
    if (!s.explicit && s.rawSourceSha256 !== undefined && s.rawSourceSha256 !== s.current.sourceSha256) {
      return { action: 'run', reason: `the ${words.results} were made by an older bench and no longer fit its schema` };
    }
    return { action: 'fail', message: s.invalid.message };
  }
  const loaded = s.loaded!;
  const date = loaded.results.environment.startedAt;
  const stale = suite.staleReasons(suite.cacheInputsOf(loaded.results), s.current);
  if (s.explicit) {
    return {
      action: 'reuse',
      reason: `using ${s.file} (${suite.resultsEnvVar}), ${words.results} from ${date}`,
      notes: stale.map((r) => `note: ${r}; the page shows them as they are`),
    };
  }
  if (stale.length > 0) return { action: 'run', reason: `the ${words.results} from ${date} are stale: ${stale.join('; ')}` };
  if (s.rerun.length > 0) return { action: 'run', reason: s.rerun[0]! };
  return {
    action: 'reuse',
    reason: `reused ${words.results} from ${date} (${words.source}, lockfile, Node version, CPU, cores and configuration unchanged)`,
    notes: [],
  };
}

function rawSourceSha256(file: string): string | undefined {
  try {
    const value = (JSON.parse(readFileSync(file, 'utf8')) as { environment?: { benchSourceSha256?: unknown } })?.environment?.benchSourceSha256;
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads the state of a suite's results file: whether it exists, is valid, and (for a valid file the
 * environment did not name) whether the suite sees a reason to re-run it (heavy: may load its cases).
 */
export async function readResultsState<R extends SuiteResults>(site: SiteSuite<R>, target: { file: string; explicit: boolean }, options: EnsureOptions): Promise<ResultsState<R>> {
  const { file, explicit } = target;
  const state: ResultsState<R> = {
    file,
    explicit,
    fresh: options.fresh,
    freshReason: options.freshReason,
    exists: existsSync(file),
    current: site.suite.currentCacheInputs(),
    rerun: [],
  };
  if (!state.exists || options.fresh) return state;
  try {
    state.loaded = loadSuiteResults(site, file);
  } catch (error) {
    if (!(error instanceof ResultsFileError)) throw error;
    state.invalid = error;
    state.rawSourceSha256 = rawSourceSha256(file);
    return state;
  }
  if (!explicit) state.rerun = await site.suite.rerunReasons(state.loaded.results);
  return state;
}

/**
 * Makes sure one suite has usable results and returns them: reuses or runs the suite, then (for a suite
 * that refuses partial runs) refuses partial results unless allowed.
 * @throws BuildError when the file cannot be used and the suite is not to be run, or the suite fails.
 */
export async function ensureSuiteResults<R extends SuiteResults>(
  rootDir: string,
  site: SiteSuite<R>,
  target: { file: string; explicit: boolean },
  options: EnsureOptions,
  log: (line: string) => void,
): Promise<LoadedResults<R>> {
  const { words, suite } = site;
  const say = (line: string) => log(`build: ${words.logPrefix}${line}`);
  const shown = path.relative(rootDir, target.file) || target.file;
  const state = await readResultsState(site, target, options);
  const decision = decideResults(site, state);
  let loaded: LoadedResults<R>;
  if (decision.action === 'fail') throw new BuildError(decision.message);
  if (decision.action === 'reuse') {
    say(decision.reason);
    decision.notes.forEach(say);
    loaded = state.loaded!;
  } else {
    log(`build: running ${words.fullRun}: ${decision.reason} (writes ${shown}${lastRunEstimate(target.file)})`);
    await runSuite(rootDir, suite.id, words, target.file);
    try {
      loaded = loadSuiteResults(site, target.file);
    } catch (error) {
      if (error instanceof ResultsFileError) throw new BuildError(`${words.runner} ran but its results cannot be used:\n${error.message}`);
      throw error;
    }
    log(`build: ran ${words.runner}: ${decision.reason}; results from ${loaded.results.environment.startedAt}`);
  }
  const partial = site.partialReasons(loaded.results);
  if (partial.length > 0) {
    if (!options.allowPartial) {
      throw new BuildError(
        `${shown} holds partial results: ${partial.join('; ')}. The page states its figures as measurements, so it is not built from them.\n` +
          `Fix: build from ${words.fullRun} (npm run build -- --fresh, or point ${suite.resultsEnvVar} at a full run), ` +
          `or pass --allow-partial to build a page that opens with a warning that its figures are partial.`,
      );
    }
    log(`build: warning: building from partial results (--allow-partial): ${partial.join('; ')}; the page opens with a warning saying so`);
  }
  return loaded;
}

/** Every suite's results for this build, by suite id. */
export interface SuitesResults {
  reference: LoadedResults<Results>;
  beyond: LoadedResults<BeyondResults>;
}

/**
 * Runs stage 1 for each of the bench's suites, in the bench's order, each from its own file
 * (its environment variable's, or its default under `rootDir`).
 * @throws BuildError as ensureSuiteResults does; Error when the bench has a suite the site does not know.
 */
export async function ensureResults(rootDir: string, env: NodeJS.ProcessEnv, options: EnsureOptions, log: (line: string) => void): Promise<SuitesResults> {
  const all: Record<string, LoadedResults<SuiteResults>> = {};
  for (const suite of SUITES) {
    const site = siteSuite(suite.id);
    all[suite.id] = await ensureSuiteResults(rootDir, site, suiteResultsPath(site, rootDir, env), options, log);
  }
  // siteSuite() knows exactly the suites SuitesResults names, so each entry has its suite's type.
  return all as unknown as SuitesResults;
}
