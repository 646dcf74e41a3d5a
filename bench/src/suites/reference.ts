/**
 * The reference suite (cases A–E, the article's serial figures): one value of the Suite contract
 * (harness/suite.ts). Its results file, report and case E's counts are the reference's format.
 *
 * How it runs its cases: per run (round) a fresh entitlement service seeded for that run, the cases in
 * registry order, the service stopped, then a pause; medians and intervals across the runs.
 * A new case: a folder cases/<letter>-<name>/ with a light spec.ts (a latency or failure CaseSpec), a
 * case.ts (its ReferenceCase) and an entry.ts (both together), plus one line in REGISTRY below. Cases
 * import only harness/ and their own folder.
 */
import { archiveResults } from '../harness/archive.ts';
import { checkResult, type ReferenceCase, type ReferenceCaseSpec, type RunContext } from '../harness/case.ts';
import { buildReferenceConfig } from '../harness/case-config.ts';
import { noiseWarnings } from '../harness/noise.ts';
import { formatReferenceReport } from './reference-report.ts';
import {
  parseResults,
  parseResultsText,
  RESULTS_SCHEMA_VERSION,
  type BenchConfig,
  type CaseResult,
  type FailureVariantRun,
  type LatencyRun,
  type Results,
} from '../harness/schema.ts';
import { latencyIntervals, latencyMedians } from '../harness/stats.ts';
import { defineSuite, specsOf, type RoundScope, type SuiteServices } from '../harness/suite.ts';
import type { Service } from '../harness/service.ts';
import { entryA } from '../cases/a-in-process/entry.ts';
import { entryB } from '../cases/b-keep-alive/entry.ts';
import { entryC } from '../cases/c-new-connection/entry.ts';
import { entryD } from '../cases/d-chain/entry.ts';
import { entryE } from '../cases/e-failure/entry.ts';

/** The registry, in run order: one entry per case (its spec, and its code loaded when the suite runs). */
const REGISTRY = [entryA, entryB, entryC, entryD, entryE];

/** The cases' specs, in run order. */
export const REFERENCE_SPECS: readonly ReferenceCaseSpec[] = specsOf(REGISTRY);

/** A run's scope: its entitlement service. */
interface ReferenceRound extends RoundScope {
  readonly run: number;
  readonly entitlement: Service;
  readonly services: SuiteServices;
}

/** The local services: fresh processes on 127.0.0.1 (loaded only when a run starts). */
async function localServices(): Promise<SuiteServices> {
  const { startEntitlementService, startRelayService } = await import('../harness/process.ts');
  return { startEntitlement: startEntitlementService, startRelay: startRelayService };
}

/** The server's failure model, from the failure case's config; none when no failure case runs. */
function failureModel(config: BenchConfig): { delayProbability: number; delayMs: number } {
  const failure = Object.values(config.failure)[0];
  return { delayProbability: failure?.delayProbability ?? 0, delayMs: failure?.delayMs ?? 0 };
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** The reference suite. */
export const referenceSuite = defineSuite<BenchConfig, Results, CaseResult>({
  id: 'reference',
  title: 'reference suite',
  registry: REGISTRY,
  results: { path: 'bench/results/latest.json', partialPath: 'bench/results/partial.json', envVar: 'HOP_BENCH_RESULTS' },
  // Only its own cases' folders, and not the beyond suite's module, the tools that serve case H or
  // case G's schema: a change there re-runs only the beyond suite.
  keyCaseIds: REFERENCE_SPECS.map((c) => c.id),
  keyExcludes: ['suites/beyond.ts', 'tools/', 'harness/tls-schema.ts'],
  staleWords: { source: 'the bench source', results: 'the results', configuration: 'the bench configuration' },
  buildConfig: (choice) => buildReferenceConfig(REFERENCE_SPECS, choice),
  fullConfig: () => buildReferenceConfig(REFERENCE_SPECS, { quick: false }),
  parseResults,
  parseResultsText,
  rerunReasons: async () => [],
  plan: {
    rounds: (config) => config.runs,
    pauseBetweenRoundsMs: (config) => config.pauseBetweenRunsMs,
    async openRound(config, run, env): Promise<ReferenceRound> {
      const services = env.services ?? (await localServices());
      const tag = `run ${run + 1}/${config.runs}`;
      const entitlement = await services.startEntitlement(
        `entitlement service (${tag})`,
        { seed: config.serverSeedBase + run, keepAliveMs: config.serverKeepAliveMs, ...failureModel(config) },
        config.serviceStartTimeoutMs,
      );
      return { tag, run, entitlement, services, close: () => entitlement.stop() };
    },
    async runCase(c: ReferenceCase, round: ReferenceRound, config: BenchConfig, { log, signal }): Promise<LatencyRun | FailureVariantRun[]> {
      const ctx: RunContext = {
        run: round.run,
        entitlement: round.entitlement,
        clientSeed: config.clientSeed,
        startRelay: (label, nextPort) =>
          round.services.startRelay(label, { nextPort, keepAliveMs: config.serverKeepAliveMs }, config.serviceStartTimeoutMs),
        log,
        signal,
      };
      const t0 = performance.now();
      log(`${round.tag}  ${c.id}. ${c.title} …`);
      try {
        if (c.kind === 'latency') {
          const result = checkResult(c, await c.run(ctx, config.latency[c.id]!));
          log(`${round.tag}  ${c.id} done in ${seconds(t0)}: p50 ${result.p50Us.toFixed(1)} µs, ${Math.round(result.callsPerSec).toLocaleString('en-US')} calls/s`);
          return result;
        }
        const result = checkResult(c, await c.run(ctx, config.failure[c.id]!));
        log(`${round.tag}  ${c.id} done in ${seconds(t0)}`);
        return result;
      } catch (error) {
        // A dead service often shows first as a socket error; name the death when it is the cause.
        const later = new Promise((resolve) => setTimeout(() => resolve(error), 500));
        const cause = await Promise.race([round.entitlement.died.catch((death: unknown) => death), later]);
        throw new Error(`case ${c.id} (${c.title}), ${round.tag}: ${(cause as Error).message}`, { cause });
      }
    },
    collect(_config, cases: readonly ReferenceCase[], runsOf): CaseResult[] {
      return cases.map((c) => {
        if (c.kind === 'latency') {
          const runs = runsOf.get(c.id) as LatencyRun[];
          return {
            status: 'measured',
            kind: 'latency',
            id: c.id,
            title: c.title,
            hops: c.hops,
            runs,
            median: latencyMedians(runs),
            intervals: latencyIntervals(runs),
          };
        }
        const perRun = runsOf.get(c.id) as FailureVariantRun[][];
        return {
          status: 'measured',
          kind: 'failure',
          id: c.id,
          title: c.title,
          variants: c.variants.map((v, k) => ({ ...v, runs: perRun.map((variantsOfRun) => variantsOfRun[k]!) })),
        };
      });
    },
  },
  async exportResults(environment, config, outcomes, durationMs) {
    const cases = [...outcomes];
    return {
      schemaVersion: RESULTS_SCHEMA_VERSION,
      tool: { name: 'hop-bench', version: '0.1.0' },
      environment,
      config,
      cases,
      durationMs,
      report: formatReferenceReport(environment, config, cases),
    };
  },
  serialize: (results) => JSON.stringify(results, null, 2) + '\n',
  notes: (results) => [...(results.config.runs > 1 ? intervalLines(results) : []), ...noiseWarnings(results).map((w) => `Warning: ${w}`)],
  archive: (results) => archiveResults(results),
  messages: {
    start: (config) =>
      `hop-bench: ${config.mode} suite, ${config.runs} run(s) of ${config.cases.join(', ')} on Node ${process.version}` +
      (config.mode === 'full' ? ' (about two to five minutes)' : ''),
    done: 'done',
    failed: 'the run failed',
    unchanged: 'The results file was not changed.',
  },
});

/** One stderr line per latency case: each median's interval and its exact confidence (stats.medianInterval). */
function intervalLines(results: Results): string[] {
  const us = (v: number) => v.toFixed(v < 10 ? 2 : 1);
  return results.cases.flatMap((c) => {
    if (c.kind !== 'latency') return [];
    const i = c.intervals;
    const figures = (['p50Us', 'p95Us', 'p99Us'] as const).map((f) => `${f.slice(0, 3)} ${us(c.median[f])} (${us(i[f].lowUs)}–${us(i[f].highUs)})`);
    return [`hop-bench: ${c.id} medians with ${Number(i.confidencePercent.toFixed(2))}% intervals across runs, µs: ${figures.join(', ')}`];
  });
}
