/**
 * The beyond suite's part of the command line (cli.ts --suite beyond|all): build the configuration,
 * run, write bench/results/beyond-latest.json atomically (beyond-partial.json for a quick or partial
 * run), and return the report. Never touches the reference results.
 */
import path from 'node:path';
import { BENCH_ROOT, collectEnvironment } from '../environment.ts';
import { writeFileAtomic } from '../results-file.ts';
import { buildBeyondConfig } from './config.ts';
import { beyondSuite } from '../suites/beyond.ts';
import { formatBeyondReport } from './report.ts';
import { BEYOND_SCHEMA_VERSION, parseBeyondResults, type BeyondResults } from './results-schema.ts';
import { runBeyondSuite } from './runner.ts';

/** A full beyond run's results without --out (ignored by git: results belong to a machine). */
export const DEFAULT_BEYOND_RESULTS_FILE = path.join(BENCH_ROOT, 'results', 'beyond-latest.json');
/** A quick or partial beyond run's results without --out, so they never replace a full run's. */
export const DEFAULT_BEYOND_PARTIAL_FILE = path.join(BENCH_ROOT, 'results', 'beyond-partial.json');

/** What the command line asked of the beyond suite. */
export interface BeyondCommand {
  quick: boolean;
  runs?: number;
  caseIds?: readonly string[];
  /** Results file; default by mode (above). */
  out?: string;
}

/**
 * Runs the beyond suite and writes its results file.
 * @returns the validated results and the file written.
 * @throws Error when a case fails or is interrupted (the results file is then unchanged).
 */
export async function runBeyondCommand(
  command: BeyondCommand,
  log: (line: string) => void,
  signal: AbortSignal,
): Promise<{ results: BeyondResults; file: string }> {
  const config = buildBeyondConfig(command);
  const out = command.out ?? (config.mode === 'full' ? DEFAULT_BEYOND_RESULTS_FILE : DEFAULT_BEYOND_PARTIAL_FILE);
  const startedAt = new Date();
  const environment = collectEnvironment(startedAt, beyondSuite.sourceSha256());
  log(`hop-bench: beyond suite (${config.mode}), cases ${config.cases.join(', ') || 'none'} on Node ${process.version}`);
  const { cases, durationMs } = await runBeyondSuite(config, log, signal);
  const results: BeyondResults = {
    schemaVersion: BEYOND_SCHEMA_VERSION,
    suite: 'beyond',
    tool: { name: 'hop-bench', version: '0.1.0' },
    environment,
    config,
    cases,
    durationMs,
    report: formatBeyondReport(environment, config, cases),
  };
  writeBeyondResultsAtomic(out, results);
  log(`hop-bench: beyond suite done in ${(durationMs / 1000).toFixed(1)} s; results written to ${path.relative(process.cwd(), out) || out}`);
  return { results, file: out };
}

/**
 * Validates and writes beyond results atomically (temp file in the same folder, then rename).
 * @throws ResultsValidationError when they do not pass the schema (nothing is written).
 */
export function writeBeyondResultsAtomic(file: string, results: BeyondResults): void {
  parseBeyondResults(results, file);
  writeFileAtomic(file, JSON.stringify(results) + '\n');
}
