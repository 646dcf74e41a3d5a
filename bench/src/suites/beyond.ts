/**
 * The beyond suite (cases F–I: load, TLS, a real network, a retry storm): one value of the Suite
 * contract (harness/suite.ts). Its own results file and cache key, so it never changes the reference's.
 */
import { defineSuite } from '../harness/suite.ts';
import { buildBeyondConfig, type BeyondConfig } from '../beyond/config.ts';
import { parseBeyondResults, parseBeyondResultsText, type BeyondResults } from '../beyond/results-schema.ts';
import { BEYOND_CASES } from '../beyond/index.ts';

/** The beyond suite. */
export const beyondSuite = defineSuite<BeyondConfig, BeyondResults>({
  id: 'beyond',
  title: 'beyond suite',
  caseIds: BEYOND_CASES.map((c) => c.id),
  resultsPath: 'bench/results/beyond-latest.json',
  partialResultsPath: 'bench/results/beyond-partial.json',
  resultsEnvVar: 'HOP_BEYOND_RESULTS',
  // Everything: cases G and H run reference code, so a change to the harness or a reference case counts.
  keyExcludes: [],
  staleWords: { source: 'the beyond cases or shared harness', results: 'the beyond results', configuration: 'the beyond configuration' },
  buildConfig: buildBeyondConfig,
  fullConfig: () => buildBeyondConfig({ quick: false }),
  parseResults: parseBeyondResults,
  parseResultsText: parseBeyondResultsText,
  rerunReasons: async (results) => {
    for (const c of results.cases) {
      if (c.status !== 'not-measured') continue;
      const now = await BEYOND_CASES.find((k) => k.id === c.id)?.available().catch(() => ({ ok: false as const, reason: '' }));
      if (now?.ok) return [`case ${c.id} was not measured (${c.reason}) but can run on this machine now`];
    }
    return [];
  },
});
