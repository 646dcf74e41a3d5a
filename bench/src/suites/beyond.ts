/**
 * The beyond suite (cases F–I: load, TLS, a real network, a retry storm): one value of the Suite
 * contract (harness/suite.ts). Its own results file and cache key, so it never changes the reference's.
 *
 * A new case: a folder cases/<letter>-<name>/ with a light spec.ts (a BeyondCaseSpec: id, title, zod
 * configSchema and resultSchema, full and quick sizes) and a case.ts (a BeyondCase: available(), run(),
 * report(), warnings()), plus one line in REGISTRY below. Cases import only harness/ and their own folder.
 */
import type { AnyBeyondCase, BeyondCaseSpec } from '../harness/beyond-case.ts';
import { buildBeyondConfig, type BeyondConfig } from '../harness/beyond-config.ts';
import { formatBeyondReport, type BeyondCaseOutcome } from '../harness/beyond-report.ts';
import { BEYOND_SCHEMA_VERSION, parseBeyondResults, parseBeyondResultsText, type BeyondResults } from '../harness/beyond-schema.ts';
import type { RoundScope } from '../harness/suite.ts';
import { defineSuite } from '../harness/suite.ts';
import { specF } from '../cases/f-load/spec.ts';
import { specG } from '../cases/g-tls/spec.ts';
import { specH } from '../cases/h-network/spec.ts';
import { specI } from '../cases/i-retry-storm/spec.ts';

/** The registry, in run order: each case's spec (light) and its code (loaded when the suite runs). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const REGISTRY: readonly { spec: BeyondCaseSpec<any, any>; load(): Promise<AnyBeyondCase> }[] = [
  { spec: specF, load: async () => (await import('../cases/f-load/case.ts')).caseF },
  { spec: specG, load: async () => (await import('../cases/g-tls/case.ts')).caseG },
  { spec: specH, load: async () => (await import('../cases/h-network/case.ts')).caseH },
  { spec: specI, load: async () => (await import('../cases/i-retry-storm/case.ts')).caseI },
];

/** The cases' specs, in run order. */
export const BEYOND_SPECS: readonly BeyondCaseSpec[] = REGISTRY.map((e) => e.spec);

/** The case modules, in run order (heavy: loads every case). */
export const loadBeyondCases = (): Promise<AnyBeyondCase[]> => Promise.all(REGISTRY.map((e) => e.load()));

const NO_ROUND: RoundScope = { tag: '', close: async () => {} };

/** The beyond suite. */
export const beyondSuite = defineSuite<BeyondConfig, BeyondResults, BeyondCaseOutcome>({
  id: 'beyond',
  title: 'beyond suite',
  caseIds: BEYOND_SPECS.map((c) => c.id),
  resultsPath: 'bench/results/beyond-latest.json',
  partialResultsPath: 'bench/results/beyond-partial.json',
  resultsEnvVar: 'HOP_BEYOND_RESULTS',
  // Everything: cases G and H run reference code, so a change to the harness or a reference case counts.
  keyExcludes: [],
  staleWords: { source: 'the beyond cases or shared harness', results: 'the beyond results', configuration: 'the beyond configuration' },
  buildConfig: (choice) => buildBeyondConfig(BEYOND_SPECS, choice),
  fullConfig: () => buildBeyondConfig(BEYOND_SPECS, { quick: false }),
  parseResults: (data, file) => parseBeyondResults(BEYOND_SPECS, data, file),
  parseResultsText: (text, file) => parseBeyondResultsText(BEYOND_SPECS, text, file),
  async rerunReasons(results) {
    const cases = await loadBeyondCases();
    for (const c of results.cases) {
      if (c.status !== 'not-measured') continue;
      const now = await cases.find((k) => k.id === c.id)?.available().catch(() => ({ ok: false as const, reason: '' }));
      if (now?.ok) return [`case ${c.id} was not measured (${c.reason}) but can run on this machine now`];
    }
    return [];
  },
  // One round: each case repeats its own measurement (config.runs), with its own services.
  plan: {
    loadCases: loadBeyondCases,
    rounds: () => 1,
    pauseBetweenRoundsMs: () => 0,
    openRound: async () => NO_ROUND,
    async runCase(c: AnyBeyondCase, _scope: RoundScope, config: BeyondConfig, { log, signal }): Promise<BeyondCaseOutcome> {
      let availability;
      try {
        availability = await c.available();
      } catch (error) {
        availability = { ok: false as const, reason: `its availability check failed (${(error as Error).message})` };
      }
      if (!availability.ok) {
        log(`beyond  ${c.id}. ${c.title}: not measured here, because ${availability.reason}`);
        return { id: c.id, title: c.title, status: 'not-measured', reason: availability.reason };
      }
      const caseConfig = c.configSchema.parse(config.caseConfigs[c.id]);
      const t0 = performance.now();
      log(`beyond  ${c.id}. ${c.title} …`);
      let result: unknown;
      try {
        result = await c.run({ quick: config.mode === 'quick', runs: config.runs, log, signal }, caseConfig);
      } catch (error) {
        throw new Error(`case ${c.id} (${c.title}): ${(error as Error).message}`, { cause: error });
      }
      if (signal.aborted) throw new Error(`case ${c.id} (${c.title}) was interrupted`);
      const checked = c.resultSchema.safeParse(result);
      if (!checked.success) {
        const first = checked.error.issues[0]!;
        throw new Error(`case ${c.id} (${c.title}) produced a result that does not fit its schema: ${first.path.join('.')}: ${first.message}`);
      }
      const durationMs = performance.now() - t0;
      log(`beyond  ${c.id} done in ${(durationMs / 1000).toFixed(1)} s`);
      return { id: c.id, title: c.title, status: 'measured', durationMs, result: checked.data, warnings: c.warnings?.(checked.data, caseConfig) ?? [] };
    },
    collect: (_config, cases, runs) => cases.map((c) => runs.get(c.id)![0]!),
  },
  async exportResults(environment, config, outcomes, durationMs) {
    return {
      schemaVersion: BEYOND_SCHEMA_VERSION,
      suite: 'beyond',
      tool: { name: 'hop-bench', version: '0.1.0' },
      environment,
      config,
      cases: [...outcomes],
      durationMs,
      report: formatBeyondReport(environment, config, outcomes, await loadBeyondCases()),
    };
  },
  serialize: (results) => JSON.stringify(results) + '\n',
  notes: (results) => results.cases.flatMap((c) => (c.status === 'measured' ? c.warnings.map((w) => `Warning: case ${c.id}: ${w}`) : [])),
  messages: {
    start: (config) => `hop-bench: beyond suite (${config.mode}), cases ${config.cases.join(', ') || 'none'} on Node ${process.version}`,
    done: 'beyond suite done',
    failed: 'the beyond suite failed',
    unchanged: 'The beyond results file was not changed.',
  },
});
