/**
 * Runs the configured cases: per run a fresh entitlement service (seeded for that run), the cases in
 * order, the service stopped, then a pause. Returns results grouped by case, with medians across runs.
 */
import { CASES } from './cases/index.ts';
import type { RunContext } from './cases/types.ts';
import type { BenchConfig, CaseResult, FailureVariantRun, LatencyRun } from './schema.ts';
import { delay, startEntitlementService, startRelayService, type Service } from './services/children.ts';
import type { EntitlementServiceOptions, RelayServiceOptions } from './services/protocol.ts';
import { latencyIntervals, median, spread } from './stats.ts';

/** Progress sink: one line per call, to stderr. */
export type Log = (line: string) => void;

/** Where a run's services come from: forked on this machine (the default), or remote ones (target mode). */
export interface SuiteServices {
  startEntitlement(label: string, options: EntitlementServiceOptions, timeoutMs: number): Promise<Service>;
  startRelay(label: string, options: RelayServiceOptions, timeoutMs: number): Promise<Service>;
}

/** The local services: fresh processes on 127.0.0.1. */
export const LOCAL_SERVICES: SuiteServices = { startEntitlement: startEntitlementService, startRelay: startRelayService };

/**
 * Runs the suite.
 * @param services where the services come from; target mode passes remote ones.
 * @throws the first error of any case or service; services are stopped by the caller's stopAll().
 */
export async function runSuite(
  config: BenchConfig,
  log: Log,
  services: SuiteServices = LOCAL_SERVICES,
): Promise<{ cases: CaseResult[]; durationMs: number }> {
  const started = performance.now();
  const selected = CASES.filter((c) => config.cases.includes(c.id));
  const latencyRuns = new Map<string, LatencyRun[]>();
  const failureRuns = new Map<string, FailureVariantRun[][]>();

  for (let run = 0; run < config.runs; run++) {
    if (run > 0) await delay(config.pauseBetweenRunsMs);
    const tag = `run ${run + 1}/${config.runs}`;
    const entitlement = await services.startEntitlement(
      `entitlement service (${tag})`,
      { seed: config.serverSeedBase + run, keepAliveMs: config.serverKeepAliveMs, ...failureModel(config) },
      config.serviceStartTimeoutMs,
    );
    const ctx: RunContext = {
      run,
      entitlement,
      clientSeed: config.clientSeed,
      startRelay: (label, nextPort) =>
        services.startRelay(label, { nextPort, keepAliveMs: config.serverKeepAliveMs }, config.serviceStartTimeoutMs),
      log,
    };
    try {
      for (const c of selected) {
        const t0 = performance.now();
        log(`${tag}  ${c.id}. ${c.title} …`);
        try {
          if (c.kind === 'latency') {
            const result = await c.runOnce(ctx, config.latency[c.id]!);
            push(latencyRuns, c.id, result);
            log(`${tag}  ${c.id} done in ${seconds(t0)}: p50 ${result.p50Us.toFixed(1)} µs, ${Math.round(result.callsPerSec).toLocaleString('en-US')} calls/s`);
          } else {
            push(failureRuns, c.id, await c.runOnce(ctx, config.failure[c.id]!));
            log(`${tag}  ${c.id} done in ${seconds(t0)}`);
          }
        } catch (error) {
          // A dead service often shows first as a socket error; name the death when it is the cause.
          const cause = await Promise.race([entitlement.died.catch((death: unknown) => death), delay(500).then(() => error)]);
          throw new Error(`case ${c.id} (${c.title}), ${tag}: ${(cause as Error).message}`, { cause });
        }
      }
    } finally {
      await entitlement.stop();
    }
  }

  const cases: CaseResult[] = selected.map((c) => {
    if (c.kind === 'latency') {
      const runs = latencyRuns.get(c.id)!;
      return {
        kind: 'latency',
        id: c.id,
        title: c.title,
        hops: c.hops,
        runs,
        median: {
          p50Us: median(runs.map((r) => r.p50Us)),
          p95Us: median(runs.map((r) => r.p95Us)),
          p99Us: median(runs.map((r) => r.p99Us)),
          callsPerSec: median(runs.map((r) => r.callsPerSec)),
          p50CvPercent: spread(runs.map((r) => r.p50Us)).cvPercent,
        },
        intervals: latencyIntervals(runs),
      };
    }
    const perRun = failureRuns.get(c.id)!;
    return {
      kind: 'failure',
      id: c.id,
      title: c.title,
      variants: c.variants.map((v, k) => ({ ...v, runs: perRun.map((variantsOfRun) => variantsOfRun[k]!) })),
    };
  });
  return { cases, durationMs: performance.now() - started };
}

/** The server's failure model, from the failure case's config; none when no failure case runs. */
function failureModel(config: BenchConfig): { delayProbability: number; delayMs: number } {
  const failure = Object.values(config.failure)[0];
  return { delayProbability: failure?.delayProbability ?? 0, delayMs: failure?.delayMs ?? 0 };
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}
