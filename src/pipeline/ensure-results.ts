/**
 * Build stage 1: make sure a usable results file for this machine exists. Runs the full bench when
 * results are missing, when what their figures depend on changed (the bench's cache key: bench
 * source, lockfile, Node version, CPU model, core count, suite configuration — see the bench's public
 * freshness module), or when asked (--fresh); otherwise reuses them. Says which and why.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { cacheInputsOf, currentCacheInputs, fullSuiteConfig, staleReasons, type CacheInputs } from '@split-on-evidence/hop-bench/freshness';
import { partialReasons } from '../inputs/partial.ts';
import { loadResults, RESULTS_ENV, ResultsFileError, type LoadedResults } from '../inputs/results-source.ts';
import { BuildError } from './errors.ts';
import { runBench } from './run-bench.ts';

/** What the results file looks like before deciding. */
export interface ResultsState {
  file: string;
  /** True when the file was named by $HOP_BENCH_RESULTS (then the bench is only run on --fresh). */
  explicit: boolean;
  fresh: boolean;
  freshReason: string;
  /** The file's results when it exists and is valid. */
  loaded?: LoadedResults;
  /** Why the file could not be used, when it exists but is invalid. */
  invalid?: ResultsFileError;
  /** environment.benchSourceSha256 read from the raw JSON, even when the file fails validation. */
  rawSourceSha256?: string;
  exists: boolean;
  /** What the figures would depend on if the full bench ran now, on this machine and Node. */
  current: CacheInputs;
}

/** The decision: run the bench, reuse the file, or stop. */
export type ResultsDecision =
  | { action: 'run'; reason: string }
  | { action: 'reuse'; reason: string; notes: string[] }
  | { action: 'fail'; message: string };

/** Decides what to do with the results file (pure: no files read, nothing run). */
export function decideResults(s: ResultsState): ResultsDecision {
  if (s.fresh) return { action: 'run', reason: `asked for fresh results (${s.freshReason})` };
  if (!s.exists) {
    if (s.explicit) {
      return {
        action: 'fail',
        message:
          `${s.file}: no such file (named by ${RESULTS_ENV}).\n` +
          `Fix: point ${RESULTS_ENV} at an existing results file, unset it to use the bench's own results, ` +
          `or add --fresh to run the bench into that file.`,
      };
    }
    return { action: 'run', reason: 'no results yet' };
  }
  if (s.invalid) {
    if (!s.explicit && s.rawSourceSha256 !== undefined && s.rawSourceSha256 !== s.current.benchSourceSha256) {
      return { action: 'run', reason: 'the results were made by an older bench and no longer fit its schema' };
    }
    return { action: 'fail', message: s.invalid.message };
  }
  const loaded = s.loaded!;
  const date = loaded.results.environment.startedAt;
  const stale = staleReasons(cacheInputsOf(loaded.results), s.current);
  if (s.explicit) {
    return {
      action: 'reuse',
      reason: `using ${s.file} (${RESULTS_ENV}), results from ${date}`,
      notes: stale.map((r) => `note: ${r}; the page shows them as they are`),
    };
  }
  if (stale.length > 0) return { action: 'run', reason: `the results from ${date} are stale: ${stale.join('; ')}` };
  return {
    action: 'reuse',
    reason: `reused results from ${date} (bench source, lockfile, Node version, CPU, cores and configuration unchanged)`,
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

/** Reads the state of a results file. */
export function readResultsState(file: string, explicit: boolean, fresh: boolean, freshReason: string): ResultsState {
  const state: ResultsState = {
    file,
    explicit,
    fresh,
    freshReason,
    exists: existsSync(file),
    current: currentCacheInputs(),
  };
  if (!state.exists || fresh) return state;
  try {
    state.loaded = loadResults(file);
  } catch (error) {
    if (!(error instanceof ResultsFileError)) throw error;
    state.invalid = error;
    state.rawSourceSha256 = rawSourceSha256(file);
  }
  return state;
}

/**
 * Runs stage 1 and returns the validated results to build from.
 * @throws BuildError when the file cannot be used and the bench is not to be run, or the bench fails.
 */
export async function ensureResults(
  rootDir: string,
  target: { file: string; explicit: boolean },
  options: { fresh: boolean; freshReason: string; allowPartial?: boolean },
  log: (line: string) => void,
): Promise<LoadedResults> {
  const loaded = await obtainResults(rootDir, target, options, log);
  const partial = partialReasons(loaded.results.config, fullSuiteConfig());
  if (partial.length > 0) {
    const shown = path.relative(rootDir, loaded.file) || loaded.file;
    if (!options.allowPartial) {
      throw new BuildError(
        `${shown} holds partial results: ${partial.join('; ')}. The page states its figures as measurements, so it is not built from them.
` +
          `Fix: build from the full bench (npm run build -- --fresh, or point ${RESULTS_ENV} at a full run), ` +
          `or pass --allow-partial to build a page that opens with a warning that its figures are partial.`,
      );
    }
    log(`build: warning: building from partial results (--allow-partial): ${partial.join('; ')}; the page opens with a warning saying so`);
  }
  return loaded;
}

async function obtainResults(
  rootDir: string,
  target: { file: string; explicit: boolean },
  options: { fresh: boolean; freshReason: string },
  log: (line: string) => void,
): Promise<LoadedResults> {
  const state = readResultsState(target.file, target.explicit, options.fresh, options.freshReason);
  const decision = decideResults(state);
  const shown = path.relative(rootDir, target.file) || target.file;
  if (decision.action === 'fail') throw new BuildError(decision.message);
  if (decision.action === 'reuse') {
    log(`build: ${decision.reason}`);
    decision.notes.forEach((n) => log(`build: ${n}`));
    return state.loaded!;
  }
  log(`build: running the full bench: ${decision.reason} (about three minutes; writes ${shown})`);
  await runBench(rootDir, target.file);
  try {
    const loaded = loadResults(target.file);
    log(`build: ran the bench: ${decision.reason}; results from ${loaded.results.environment.startedAt}`);
    return loaded;
  } catch (error) {
    if (error instanceof ResultsFileError) throw new BuildError(`the bench ran but its results cannot be used:\n${error.message}`);
    throw error;
  }
}
