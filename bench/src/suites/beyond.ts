/**
 * The beyond suite (cases F–I: load, TLS, a real network, a retry storm): one value of the Suite
 * contract (harness/suite.ts). Its own results file and cache key, so it never changes the reference's.
 *
 * A new case: a folder cases/<letter>-<name>/ with a light spec.ts (a BeyondCaseSpec: id, title, zod
 * configSchema and resultSchema, full and quick sizes), a case.ts (a BeyondCase: available(), run(),
 * report(), warnings()) and an entry.ts (both together), plus one line in REGISTRY below. Cases import
 * only harness/ and their own folder.
 */
import type { AnyBeyondCase, BeyondCaseSpec } from '../harness/beyond-case.ts';
import { buildBeyondConfig, type BeyondConfig } from '../harness/beyond-config.ts';
import { formatBeyondReport, type BeyondCaseOutcome } from '../harness/beyond-report.ts';
import { BEYOND_SCHEMA_VERSION, parseBeyondResults, parseBeyondResultsText, type BeyondResults } from '../harness/beyond-schema.ts';
import { defineSuite, loadCases, specsOf, type RoundScope } from '../harness/suite.ts';
import { entryF } from '../cases/f-load/entry.ts';
import { entryG } from '../cases/g-tls/entry.ts';
import { entryH } from '../cases/h-network/entry.ts';
import { entryI } from '../cases/i-retry-storm/entry.ts';

/** The registry, in run order: one entry per case (its spec, and its code loaded when the suite runs). */
const REGISTRY = [entryF, entryG, entryH, entryI];

/** The cases' specs, in run order. */
export const BEYOND_SPECS: readonly BeyondCaseSpec[] = specsOf(REGISTRY);

const NO_ROUND: RoundScope = { tag: '', close: async () => {} };

/** The beyond suite. */
export const beyondSuite = defineSuite<BeyondConfig, BeyondResults, BeyondCaseOutcome>({
  id: 'beyond',
  title: 'beyond suite',
  registry: REGISTRY,
  results: { path: 'bench/results/beyond-latest.json', partialPath: 'bench/results/beyond-partial.json', envVar: 'HOP_BEYOND_RESULTS' },
  // Everything: cases G and H run reference code, so a change to the harness or a reference case counts.
  keyExcludes: [],
  staleWords: { source: 'the beyond cases or shared harness', results: 'the beyond results', configuration: 'the beyond configuration' },
  buildConfig: (choice) => buildBeyondConfig(BEYOND_SPECS, choice),
  fullConfig: () => buildBeyondConfig(BEYOND_SPECS, { quick: false }),
  parseResults: (data, file) => parseBeyondResults(BEYOND_SPECS, data, file),
  parseResultsText: (text, file) => parseBeyondResultsText(BEYOND_SPECS, text, file),
  async rerunReasons(results) {
    const cases = await loadCases(REGISTRY);
    for (const c of results.cases) {
      if (c.status !== 'not-measured') continue;
      const now = await cases.find((k) => k.id === c.id)?.available().catch(() => ({ ok: false as const, reason: '' }));
      if (now?.ok) return [`case ${c.id} was not measured (${c.reason}) but can run on this machine now`];
    }
    return [];
  },
  // One round: each case repeats its own measurement (config.runs), with its own services.
  plan: {
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
      report: formatBeyondReport(environment, config, outcomes, await loadCases(REGISTRY)),
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
