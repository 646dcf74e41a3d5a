/**
 * Facts of case F (under load), from its stored result. Names, per target T ("hop", "chain"):
 * - F.T.capacityPerSec: closed-loop throughput at the largest concurrency (the open loop's 100%);
 * - closed loop, per concurrency c: F.T.closed.callsPerSec.c{c}, .p50Us.c{c}, .p99Us.c{c}, .p999Us.c{c},
 *   .meanUs.c{c}, .littleL.c{c} (throughput × mean latency, calls in flight), .clientCpuPercent.c{c};
 * - open loop, per offered load N (% of capacity, e.g. at95): F.T.open.targetPerSec.atN, .okPerSec.atN,
 *   .p50Us.atN, .p99Us.atN (from intended send), .uncorrectedP99Us.atN (from actual send),
 *   .lagP99Us.atN (scheduler lag), .droppedPercent.atN, .errorPercent.atN, .clientCpuPercent.atN,
 *   .p99OverUnloaded.atN (p99 there over the closed loop's p99 at c = 1, unitless),
 *   .correctedOverUncorrected.atN (p99 from intended over p99 from actual send, unitless);
 * - F.littleL.maxDeviationPercent: the largest |L − c| / c over the closed-loop levels of both targets, %;
 * - F.flags.clientBoundLevels, F.flags.errorLevels: levels flagged (client over the CPU limit, > 1% errors);
 * - F.droppedLevelsBelowCapacity: open-loop levels under 100% of capacity that dropped calls;
 * - F.open.loadPercent.atN: the offered load of that level, % of capacity (N itself, for the prose);
 * - config: F.cores, F.maxConcurrency, F.inFlightCap, F.openConnections, F.clientBoundPercent, F.errorFlagPercent, F.closedMeasureMs,
 *   F.openMeasureMs.
 * Source: this build's beyond results (bench/results/beyond-latest.json).
 */
import type { LoadConfig, LoadResult } from '@split-on-evidence/hop-bench/cases/f-load';

/** The name segment of an open-loop level: 0.95 → "at95". */
export function loadLevelName(fraction: number): string {
  return `at${Math.round(fraction * 100)}`;
}

/** Case F's facts. @throws Error when a target has no closed-loop level at c = 1 (the unloaded reference). */
export function caseFFacts(result: LoadResult, config: LoadConfig): Record<string, number> {
  const facts: Record<string, number> = {};
  const put = (name: string, value: number) => {
    facts[`F.${name}`] = value;
  };
  let maxDeviation = 0;
  let clientBound = 0;
  let errorLevels = 0;
  let droppedBelow = 0;
  for (const t of result.targets) {
    put(`${t.id}.capacityPerSec`, t.capacityPerSec);
    put(`${t.id}.hops`, t.hops);
    for (const l of t.closed) {
      const c = `c${l.concurrency}`;
      put(`${t.id}.closed.callsPerSec.${c}`, l.callsPerSec);
      put(`${t.id}.closed.p50Us.${c}`, l.latency.p50Us);
      put(`${t.id}.closed.p99Us.${c}`, l.latency.p99Us);
      put(`${t.id}.closed.p999Us.${c}`, l.latency.p999Us);
      put(`${t.id}.closed.meanUs.${c}`, l.latency.meanUs);
      put(`${t.id}.closed.littleL.${c}`, l.littleL);
      put(`${t.id}.closed.clientCpuPercent.${c}`, l.probe.clientCpuPercent);
      maxDeviation = Math.max(maxDeviation, (100 * Math.abs(l.littleL - l.concurrency)) / l.concurrency);
      clientBound += l.clientBound ? 1 : 0;
      errorLevels += l.errorFlag ? 1 : 0;
    }
    const unloaded = t.closed.find((l) => l.concurrency === 1);
    if (!unloaded || !(unloaded.latency.p99Us > 0)) throw new Error(`case F, ${t.id}: no closed-loop level at c = 1 to compare the loaded p99 with`);
    for (const l of t.open) {
      const at = loadLevelName(l.fraction);
      facts[`F.open.loadPercent.${at}`] = l.fraction * 100;
      put(`${t.id}.open.targetPerSec.${at}`, l.targetPerSec);
      put(`${t.id}.open.okPerSec.${at}`, l.okPerSec);
      put(`${t.id}.open.p50Us.${at}`, l.fromIntended.p50Us);
      put(`${t.id}.open.p99Us.${at}`, l.fromIntended.p99Us);
      put(`${t.id}.open.uncorrectedP99Us.${at}`, l.fromActual.p99Us);
      put(`${t.id}.open.lagP99Us.${at}`, l.schedulerLag.p99Us);
      put(`${t.id}.open.droppedPercent.${at}`, l.droppedPercent);
      put(`${t.id}.open.errorPercent.${at}`, l.errorPercent);
      put(`${t.id}.open.clientCpuPercent.${at}`, l.probe.clientCpuPercent);
      put(`${t.id}.open.p99OverUnloaded.${at}`, l.fromIntended.p99Us / unloaded.latency.p99Us);
      if (l.fromActual.p99Us > 0) put(`${t.id}.open.correctedOverUncorrected.${at}`, l.fromIntended.p99Us / l.fromActual.p99Us);
      clientBound += l.clientBound ? 1 : 0;
      errorLevels += l.errorFlag ? 1 : 0;
      droppedBelow += l.fraction < 1 && l.dropped > 0 ? 1 : 0;
    }
  }
  put('littleL.maxDeviationPercent', maxDeviation);
  put('flags.clientBoundLevels', clientBound);
  put('flags.errorLevels', errorLevels);
  put('droppedLevelsBelowCapacity', droppedBelow);
  put('cores', result.cores);
  put('maxConcurrency', Math.max(...config.concurrency));
  put('inFlightCap', config.inFlightCap);
  put('openConnections', config.openConnections);
  put('clientBoundPercent', config.clientBoundPercent);
  put('errorFlagPercent', config.errorFlagPercent);
  put('closedMeasureMs', config.closedMeasureMs);
  put('openMeasureMs', config.openMeasureMs);
  return facts;
}
