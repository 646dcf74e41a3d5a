/**
 * The beyond suite (cases F–I: load, TLS, a real network, a retry storm): one value of the Suite
 * contract (harness/suite.ts). Its own results file and cache key, so it never changes the reference's.
 *
 * A new case: a folder cases/<letter>-<name>/ with a light spec.ts (a CaseSpec: id, title, zod
 * configSchema and resultSchema, full and quick sizes), a case.ts (a BeyondCase: available(), run(),
 * report(), warnings()) and an entry.ts (both together), plus one line in REGISTRY and in
 * BeyondSpecs below. Cases import only harness/ and their own folder.
 */
import { checkResult, type AnyBeyondCase, type BeyondCaseSpec, type CaseSpec } from '../harness/case.ts';
import { buildBeyondConfig, type BeyondConfig } from '../harness/case-config.ts';
import { formatReport } from '../harness/report.ts';
import type { Environment } from '../harness/schema.ts';
import {
  BEYOND_SCHEMA_VERSION,
  parseBeyondResults,
  parseBeyondResultsText,
  type BeyondCaseOutcome,
  type BeyondResults as UntypedBeyondResults,
  type MeasuredCase,
  type NotMeasuredCase,
} from '../harness/beyond-schema.ts';
import { defineSuite, loadCases, specsOf, type RoundScope } from '../harness/suite.ts';
import { entryF } from '../cases/f-load/entry.ts';
import { entryG } from '../cases/g-tls/entry.ts';
import { entryH } from '../cases/h-network/entry.ts';
import { entryI } from '../cases/i-retry-storm/entry.ts';
import type { specF } from '../cases/f-load/spec.ts';
import type { specG } from '../cases/g-tls/spec.ts';
import type { specH } from '../cases/h-network/spec.ts';
import type { specI } from '../cases/i-retry-storm/spec.ts';

/** Each registered case's spec by id: where the typed results below take each case's own types from. */
interface BeyondSpecs {
  F: typeof specF;
  G: typeof specG;
  H: typeof specH;
  I: typeof specI;
}

/** A beyond case's id. */
export type BeyondCaseId = keyof BeyondSpecs;
/** What case `K` stores when measured (its resultSchema's type). */
export type BeyondResultOf<K extends BeyondCaseId> = BeyondSpecs[K] extends CaseSpec<unknown, infer R> ? R : never;
/** Case `K`'s parameters (its configSchema's type). */
export type BeyondConfigOf<K extends BeyondCaseId> = BeyondSpecs[K] extends CaseSpec<infer C, unknown> ? C : never;

/** A measured case entry with its case's own result type, told apart by `id`. */
export type TypedMeasuredCase = { [K in BeyondCaseId]: Omit<MeasuredCase, 'id' | 'result'> & { id: K; result: BeyondResultOf<K> } }[BeyondCaseId];

/**
 * A beyond results file with every case's config and result typed as its case's schemas read them
 * (the parser checked each against them, so the types hold).
 */
export type BeyondResults = Omit<UntypedBeyondResults, 'config' | 'cases'> & {
  config: Omit<UntypedBeyondResults['config'], 'caseConfigs'> & { caseConfigs: { [K in BeyondCaseId]?: BeyondConfigOf<K> } };
  cases: (TypedMeasuredCase | NotMeasuredCase)[];
};

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
  // The parser checked each case's config and result against its own schemas: the typed view holds.
  parseResults: (data, file) => parseBeyondResults(BEYOND_SPECS, data, file) as BeyondResults,
  parseResultsText: (text, file) => parseBeyondResultsText(BEYOND_SPECS, text, file) as BeyondResults,
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
      result = checkResult(c, result);
      const durationMs = performance.now() - t0;
      log(`beyond  ${c.id} done in ${(durationMs / 1000).toFixed(1)} s`);
      return { id: c.id, title: c.title, status: 'measured', durationMs, result, warnings: c.warnings?.(result, caseConfig) ?? [] };
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
    } as BeyondResults;
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

/**
 * The beyond suite's report (the one writer, harness/report.ts): a lead line, the machine, then each
 * case's section: its own (BeyondCase.report) or why it was not measured.
 * @param registry the suite's case modules.
 */
export function formatBeyondReport(env: Environment, config: BeyondConfig, cases: readonly BeyondCaseOutcome[], registry: readonly AnyBeyondCase[]): string {
  return formatReport({
    lead: [`Beyond suite (${config.mode}): what the serial floor hides`],
    env,
    sections: cases.map((c) => [
      `${c.id}. ${c.title}`,
      ...(c.status === 'not-measured'
        ? [`  not measured here, because ${c.reason}`]
        : registry.find((k) => k.id === c.id)!.report(c.result, config.caseConfigs[c.id])),
    ]),
  });
}
