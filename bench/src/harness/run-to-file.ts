/**
 * One suite's run from the command line: build the configuration, run (runner.ts), export the results
 * (the suite's exporter) and write them atomically: a failed or interrupted run leaves the file as it was.
 */
import path from 'node:path';
import { collectEnvironment } from './environment.ts';
import { BENCH_ROOT } from './fingerprint.ts';
import { writeFileAtomic } from './results-file.ts';
import { runSuite } from './runner.ts';
import type { RunEnv, Suite, SuiteChoice, SuiteConfigBase, SuiteResultsBase } from './suite.ts';

/** The project root (the folder holding bench/): suites' default results paths are relative to it. */
export const PROJECT_ROOT = path.join(BENCH_ROOT, '..');

/** Where `suite` writes a run in `mode` without --out: its full or its partial results file (absolute). */
export function defaultResultsFile(suite: Pick<Suite, 'resultsPath' | 'partialResultsPath'>, mode: SuiteConfigBase['mode']): string {
  return path.join(PROJECT_ROOT, mode === 'full' ? suite.resultsPath : suite.partialResultsPath);
}

/**
 * Runs `suite` as chosen and writes its results file.
 * @param out the results file; default by mode (defaultResultsFile).
 * @returns the results (validated) and the file written.
 * @throws Error when a case fails or the run is interrupted (the file is then unchanged), or
 *   ResultsValidationError when the results do not pass the suite's schema (nothing is written).
 */
export async function runToFile<Config extends SuiteConfigBase, Results extends SuiteResultsBase<Config>, Outcome>(
  suite: Suite<Config, Results, Outcome>,
  choice: SuiteChoice,
  out: string | undefined,
  env: RunEnv,
): Promise<{ results: Results; file: string }> {
  const config = suite.buildConfig(choice);
  const file = out ?? defaultResultsFile(suite, config.mode);
  const environment = collectEnvironment(new Date(), suite.sourceSha256());
  env.log(suite.messages.start(config));
  const { cases, durationMs } = await runSuite(suite, config, env);
  const results = await suite.exportResults(environment, config, cases, durationMs);
  suite.parseResults(results, file);
  writeFileAtomic(file, suite.serialize(results));
  return { results, file };
}
