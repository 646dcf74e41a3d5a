/**
 * Case F: the hop (B's keep-alive entitlement service) and the three-hop chain (D's two relays in front
 * of it) under concurrent load. Closed loop at c = 1, 4, 16, 64 callers, then open loop at fractions of
 * the c = 64 throughput found in the same run, timed from intended and from actual send. Latencies go
 * into HDR histograms; per level the client's event-loop delay and the CPU of client and services are
 * recorded, with flags for a client-bound level (> 90% of a core) and for more than 1% errors.
 * One measurement per level (ctx.runs is not used: the levels are the repetitions that matter here).
 */
import os from 'node:os';
import type { z } from 'zod';
import { requestFor } from '../../harness/entitlement.ts';
import { delay, startEntitlementService, startRelayService, type Service } from '../../harness/process.ts';
import { runClosedLevel } from './closed-loop.ts';
import { runOpenLevel } from './open-loop.ts';
import { LevelProbe } from './probes.ts';
import type { LoadTarget } from './call.ts';
import type { BeyondCase, BeyondRunContext } from '../../harness/beyond-case.ts';
import type { ClosedLevel, LoadConfig, LoadResult, LoadTargetResultSchema, OpenLevel } from './schema.ts';
import { specF } from './spec.ts';

const BODIES = Array.from({ length: 3000 }, (_, i) => JSON.stringify(requestFor(i)));
const START_TIMEOUT_MS = 15_000;
const KEEP_ALIVE_MS = 60_000;

/** Case F. */
export const caseF: BeyondCase<LoadConfig, LoadResult> = {
  ...specF,
  async available() {
    return { ok: true };
  },
  async run(ctx, config) {
    const services: Service[] = [];
    const start = async (make: () => Promise<Service>) => {
      const s = await make();
      services.push(s);
      return s;
    };
    try {
      const entitlement = await start(() =>
        startEntitlementService('entitlement service (case F)', { seed: 1, delayProbability: 0, delayMs: 0, keepAliveMs: KEEP_ALIVE_MS }, START_TIMEOUT_MS));
      const relayB = await start(() => startRelayService('relay B (case F)', { nextPort: entitlement.port, keepAliveMs: KEEP_ALIVE_MS }, START_TIMEOUT_MS));
      const relayA = await start(() => startRelayService('relay A (case F)', { nextPort: relayB.port, keepAliveMs: KEEP_ALIVE_MS }, START_TIMEOUT_MS));
      const died = Promise.race(services.map((s) => s.died));
      const hop = { id: 'hop' as const, hops: 1, entry: entitlement, watched: [{ label: 'entitlement', service: entitlement }] };
      const chain = {
        id: 'chain' as const,
        hops: 3,
        entry: relayA,
        watched: [
          { label: 'relay A', service: relayA },
          { label: 'relay B', service: relayB },
          { label: 'entitlement', service: entitlement },
        ],
      };
      const targets = [];
      for (const t of [hop, chain]) targets.push(await Promise.race([measureTarget(ctx, config, t), died]));
      return { targets, cores: os.availableParallelism() };
    } finally {
      await Promise.all(services.map((s) => s.stop()));
    }
  },
  report: formatLoadReport,
  warnings: loadWarnings,
};

interface TargetDef {
  id: 'hop' | 'chain';
  hops: number;
  entry: Service;
  watched: { label: string; service: Service }[];
}

async function measureTarget(ctx: BeyondRunContext, config: LoadConfig, t: TargetDef): Promise<z.infer<typeof LoadTargetResultSchema>> {
  const target: LoadTarget = { port: t.entry.port, path: '/check', bodies: BODIES };
  const closed: ClosedLevel[] = [];
  for (const c of config.concurrency) {
    if (ctx.signal.aborted) throw new Error('interrupted');
    const probe = new LevelProbe(t.watched);
    const run = await runClosedLevel(target, { concurrency: c, warmupMs: config.closedWarmupMs, measureMs: config.closedMeasureMs, callTimeoutMs: config.callTimeoutMs }, ctx.signal, probe);
    const p = await probe.result();
    const failed = sum(Object.values(run.errors));
    const errorPercent = run.sent > 0 ? (100 * failed) / run.sent : 0;
    closed.push({
      concurrency: c,
      windowMs: run.windowMs,
      callsPerSec: run.callsPerSec,
      latency: run.latency,
      littleL: (run.callsPerSec * run.latency.meanUs) / 1e6,
      sent: run.sent,
      errors: run.errors,
      errorPercent,
      probe: p,
      clientBound: p.clientCpuPercent > config.clientBoundPercent,
      errorFlag: errorPercent > config.errorFlagPercent,
    });
    ctx.log(`  F ${t.id} closed c=${c}: ${Math.round(run.callsPerSec)} calls/s, p99 ${Math.round(run.latency.p99Us)} µs, client CPU ${Math.round(p.clientCpuPercent)}%`);
    await delay(config.pauseBetweenLevelsMs);
  }
  const capacityPerSec = closed[closed.length - 1]!.callsPerSec;
  if (!(capacityPerSec > 0)) throw new Error(`${t.id}: no call succeeded at c=${config.concurrency.at(-1)}, so there is no capacity to scale the open loop by`);
  const open: OpenLevel[] = [];
  for (const [k, fraction] of config.openFractions.entries()) {
    if (ctx.signal.aborted) throw new Error('interrupted');
    const probe = new LevelProbe(t.watched);
    const run = await runOpenLevel(
      target,
      {
        ratePerSec: fraction * capacityPerSec,
        arrival: config.arrival,
        seed: config.arrivalSeed + k,
        warmupMs: config.openWarmupMs,
        measureMs: config.openMeasureMs,
        inFlightCap: config.inFlightCap,
        connections: config.openConnections,
        callTimeoutMs: config.callTimeoutMs,
      },
      ctx.signal,
      probe,
    );
    const p = await probe.result();
    const failed = sum(Object.values(run.errors));
    const sent = run.due - run.dropped;
    const errorPercent = sent > 0 ? (100 * failed) / sent : 0;
    const droppedPercent = run.due > 0 ? (100 * run.dropped) / run.due : 0;
    open.push({
      fraction,
      targetPerSec: run.targetPerSec,
      duePerSec: run.duePerSec,
      sentPerSec: run.sentPerSec,
      okPerSec: run.okPerSec,
      fromIntended: run.fromIntended,
      fromActual: run.fromActual,
      schedulerLag: run.schedulerLag,
      due: run.due,
      dropped: run.dropped,
      droppedPercent,
      errors: run.errors,
      errorPercent,
      maxInFlight: run.maxInFlight,
      probe: p,
      clientBound: p.clientCpuPercent > config.clientBoundPercent,
      errorFlag: errorPercent > config.errorFlagPercent,
    });
    ctx.log(`  F ${t.id} open ${Math.round(fraction * 100)}%: ${Math.round(run.okPerSec)}/${Math.round(run.targetPerSec)} calls/s, p99 ${Math.round(run.fromIntended.p99Us)} µs (uncorrected ${Math.round(run.fromActual.p99Us)} µs), dropped ${run.dropped}`);
    await delay(config.pauseBetweenLevelsMs);
  }
  return { id: t.id, hops: t.hops, capacityPerSec, closed, open };
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const pct = (n: number) => `${Math.round(n)}%`;

/** Case F's report section. */
export function formatLoadReport(result: LoadResult, config: LoadConfig): string[] {
  const lines: string[] = [
    `  client and services share ${result.cores} cores; open loop: ${config.arrival} arrivals (seed ${config.arrivalSeed}) over ${config.openConnections} connections, in-flight cap ${config.inFlightCap}`,
  ];
  for (const t of result.targets) {
    lines.push('', `  ${t.id === 'hop' ? 'one hop (keep-alive)' : 'chain of three hops'}: closed loop, ${config.closedMeasureMs / 1000} s per level`);
    lines.push('  ' + ['c', 'calls/s', 'p50 µs', 'p90 µs', 'p99 µs', 'p99.9 µs', 'max µs', 'L=X·W', 'client CPU', 'errors'].map((h, i) => (i === 0 ? h.padEnd(4) : h.padStart(11))).join(''));
    for (const l of t.closed) {
      lines.push('  ' + [String(l.concurrency).padEnd(4), ...[l.callsPerSec, l.latency.p50Us, l.latency.p90Us, l.latency.p99Us, l.latency.p999Us, l.latency.maxUs].map((v) => int(v).padStart(11)),
        l.littleL.toFixed(1).padStart(11), pct(l.probe.clientCpuPercent).padStart(11), String(sum(Object.values(l.errors))).padStart(11)].join('') + flags(l));
    }
    lines.push(`  open loop at fractions of ${int(t.capacityPerSec)} calls/s (closed loop, c=${config.concurrency.at(-1)}); latency from intended send (uncorrected: from actual send)`);
    lines.push('  ' + ['load', 'target/s', 'ok/s', 'p50 µs', 'p99 µs', 'p99.9 µs', 'uncorr p99', 'lag p99', 'dropped', 'client CPU'].map((h, i) => (i === 0 ? h.padEnd(6) : h.padStart(11))).join(''));
    for (const l of t.open) {
      lines.push('  ' + [pct(l.fraction * 100).padEnd(6), ...[l.targetPerSec, l.okPerSec, l.fromIntended.p50Us, l.fromIntended.p99Us, l.fromIntended.p999Us, l.fromActual.p99Us, l.schedulerLag.p99Us, l.dropped].map((v) => int(v).padStart(11)),
        pct(l.probe.clientCpuPercent).padStart(11)].join('') + flags(l));
    }
  }
  return lines;
}

function flags(l: { clientBound: boolean; errorFlag: boolean }): string {
  return (l.clientBound ? '  [client-bound]' : '') + (l.errorFlag ? '  [>1% errors]' : '');
}

/** Warnings with a remedy each. */
export function loadWarnings(result: LoadResult, config: LoadConfig): string[] {
  const out: string[] = [];
  for (const t of result.targets) {
    const levels = [
      ...t.closed.map((l) => ({ name: `${t.id} closed c=${l.concurrency}`, l })),
      ...t.open.map((l) => ({ name: `${t.id} open ${Math.round(l.fraction * 100)}%`, l })),
    ];
    for (const { name, l } of levels) {
      if (l.clientBound) {
        out.push(`level ${name}: the client used ${Math.round(l.probe.clientCpuPercent)}% of a core (over ${config.clientBoundPercent}%), so this level may measure the load generator; compare with npm run bench:peer, or run on a machine with more cores.`);
      }
      if (l.errorFlag) {
        out.push(`level ${name}: ${l.errorPercent.toFixed(1)}% of calls failed (${Object.entries(l.errors).map(([k, n]) => `${n} ${k}`).join(', ')}), over ${config.errorFlagPercent}%; its latency covers only the calls that succeeded. Look for a stalled service, or raise callTimeoutMs.`);
      }
      if ('dropped' in l && l.dropped > 0) {
        out.push(`level ${name}: ${l.dropped} calls (${l.droppedPercent.toFixed(1)}% of those due) were dropped at the in-flight cap of ${config.inFlightCap}: the service fell behind the offered load, and the latency covers only the calls sent. Expected above capacity; below it, the machine was busy with something else.`);
      }
    }
  }
  return out;
}
