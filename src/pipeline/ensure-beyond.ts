/**
 * Build stage 1b: make sure usable beyond-suite results exist, beside the reference results of stage 1.
 * The beyond suite has its own results file and cache key (its cases' source and the shared harness,
 * lockfile, Node, CPU model, cores, configuration: the bench's "./beyond-freshness"), so a change to a
 * beyond case re-runs only this suite. Runs it when its results are missing, stale, made by an older
 * bench, when a case recorded as not measured can run now, or on --fresh; otherwise reuses them. Says
 * which and why. A case this machine cannot run is recorded as not measured, never a build failure.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { BEYOND_CASES } from '@split-on-evidence/hop-bench/beyond-schema';
import { beyondCacheInputsOf, beyondStaleReasons, currentBeyondCacheInputs } from '@split-on-evidence/hop-bench/beyond-freshness';
import { BEYOND_RESULTS_ENV, loadBeyondResults, type LoadedBeyondResults } from '../inputs/beyond-source.ts';
import { ResultsFileError } from '../inputs/results-source.ts';
import { BuildError } from './errors.ts';

/** The decision about the beyond results file. */
export type BeyondDecision =
  | { action: 'run'; reason: string }
  | { action: 'reuse'; reason: string; notes: string[] }
  | { action: 'fail'; message: string };

/**
 * Decides what to do with the beyond results file at `file`.
 * @param explicit true when named by $HOP_BEYOND_RESULTS (then the suite runs only on --fresh).
 */
export async function decideBeyond(file: string, explicit: boolean, fresh: { fresh: boolean; freshReason: string }): Promise<{ decision: BeyondDecision; loaded?: LoadedBeyondResults }> {
  if (fresh.fresh) return { decision: { action: 'run', reason: `asked for fresh results (${fresh.freshReason})` } };
  if (!existsSync(file)) {
    if (explicit) {
      return {
        decision: {
          action: 'fail',
          message: `${file}: no such file (named by ${BEYOND_RESULTS_ENV}).\nFix: point ${BEYOND_RESULTS_ENV} at an existing beyond results file, unset it to use the bench's own, or add --fresh to run the beyond suite into that file.`,
        },
      };
    }
    return { decision: { action: 'run', reason: 'no beyond results yet' } };
  }
  let loaded: LoadedBeyondResults;
  try {
    loaded = loadBeyondResults(file);
  } catch (error) {
    if (!(error instanceof ResultsFileError)) throw error;
    const raw = rawSourceSha256(file);
    if (!explicit && raw !== undefined && raw !== currentBeyondCacheInputs().sourceSha256) {
      return { decision: { action: 'run', reason: 'the beyond results were made by an older bench and no longer fit its schema' } };
    }
    return { decision: { action: 'fail', message: error.message } };
  }
  const date = loaded.results.environment.startedAt;
  const stale = beyondStaleReasons(beyondCacheInputsOf(loaded.results), currentBeyondCacheInputs());
  if (explicit) {
    return { loaded, decision: { action: 'reuse', reason: `using ${file} (${BEYOND_RESULTS_ENV}), beyond results from ${date}`, notes: stale.map((r) => `note: ${r}; the page shows them as they are`) } };
  }
  if (stale.length > 0) return { decision: { action: 'run', reason: `the beyond results from ${date} are stale: ${stale.join('; ')}` } };
  for (const c of loaded.results.cases) {
    if (c.status !== 'not-measured') continue;
    const now = await BEYOND_CASES.find((k) => k.id === c.id)?.available().catch(() => ({ ok: false as const, reason: '' }));
    if (now?.ok) return { decision: { action: 'run', reason: `case ${c.id} was not measured (${c.reason}) but can run on this machine now` } };
  }
  return {
    loaded,
    decision: { action: 'reuse', reason: `reused beyond results from ${date} (beyond source, lockfile, Node version, CPU, cores and configuration unchanged)`, notes: [] },
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
 * Runs stage 1b and returns the validated beyond results to build from.
 * @throws BuildError when the file cannot be used and the suite is not to be run, or the suite fails.
 */
export async function ensureBeyondResults(
  rootDir: string,
  target: { file: string; explicit: boolean },
  options: { fresh: boolean; freshReason: string },
  log: (line: string) => void,
): Promise<LoadedBeyondResults> {
  const { decision, loaded } = await decideBeyond(target.file, target.explicit, options);
  const shown = path.relative(rootDir, target.file) || target.file;
  if (decision.action === 'fail') throw new BuildError(decision.message);
  if (decision.action === 'reuse') {
    log(`build: beyond suite: ${decision.reason}`);
    decision.notes.forEach((n) => log(`build: beyond suite: ${n}`));
    return loaded!;
  }
  log(`build: running the beyond suite: ${decision.reason} (about two minutes; writes ${shown})`);
  await runBeyondSuite(rootDir, target.file);
  try {
    const fresh = loadBeyondResults(target.file);
    log(`build: ran the beyond suite: ${decision.reason}; results from ${fresh.results.environment.startedAt}`);
    return fresh;
  } catch (error) {
    if (error instanceof ResultsFileError) throw new BuildError(`the beyond suite ran but its results cannot be used:\n${error.message}`);
    throw error;
  }
}

/** Runs `bench/src/cli.ts --suite beyond --out FILE` on this Node. @throws BuildError when it fails. */
function runBeyondSuite(rootDir: string, file: string): Promise<void> {
  const cli = path.join(rootDir, 'bench', 'src', 'cli.ts');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, '--suite', 'beyond', '--out', file], { cwd: rootDir, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', (error) => reject(new BuildError(`could not start the beyond suite: ${error.message}`)));
    child.on('exit', (code, signal) => {
      if (code === 0) return resolve();
      const how = signal ? `was stopped by ${signal}` : `exited with code ${code}`;
      reject(new BuildError(`the beyond suite ${how}; its output is above. ${file} was left as it was, and dist/ is unchanged.`));
    });
  });
}
