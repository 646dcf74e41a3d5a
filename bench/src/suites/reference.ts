/**
 * The reference suite (cases A–E, the article's serial figures): one value of the Suite contract
 * (harness/suite.ts). Its results file, report and case E's counts are the reference's format.
 */
import { defineSuite } from '../harness/suite.ts';
import { CASE_CATALOG } from '../cases/counts.ts';
import { buildConfig } from '../config.ts';
import { parseResults, parseResultsText, type BenchConfig, type Results } from '../schema.ts';

/** The reference suite. */
export const referenceSuite = defineSuite<BenchConfig, Results>({
  id: 'reference',
  title: 'reference suite',
  caseIds: CASE_CATALOG.map((c) => c.id),
  resultsPath: 'bench/results/latest.json',
  partialResultsPath: 'bench/results/partial.json',
  resultsEnvVar: 'HOP_BENCH_RESULTS',
  // The beyond suite's own code: a change there re-runs only that suite.
  keyExcludes: ['beyond/', 'suites/beyond.ts'],
  staleWords: { source: 'the bench source', results: 'the results', configuration: 'the bench configuration' },
  buildConfig,
  fullConfig: () => buildConfig({ quick: false }),
  parseResults,
  parseResultsText,
  rerunReasons: async () => [],
});
