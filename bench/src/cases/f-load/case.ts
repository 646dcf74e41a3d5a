/**
 * Case F: the hop (B's keep-alive entitlement service) and the three-hop chain (D's two relays in
 * front of it) under load, from a raw-socket generator (raw-connection.ts) that proves it is not the
 * bottleneck. In one run of the case:
 * 1. placement (placement.ts), then the peer check against autocannon (peer-compare.ts);
 * 2. ctx.runs times: the machine's wake-up floor (wake-floor.ts), the generator's ceiling against the
 *    trivial responder, then each target's closed-loop levels;
 * 3. each level's validity and each target's capacity (validity.ts), then ctx.runs times each target's
 *    open-loop levels at fractions of that capacity, and their validity.
 * Figures across runs are medians with intervals by the rule of cases A–D.
 */
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { requestFor } from '../../harness/entitlement.ts';
import { delay, startEntitlementService, startRelayService, startService, type Service } from '../../harness/process.ts';
import { medianInterval } from '../../harness/stats.ts';
import type { BeyondCase, BeyondRunContext } from '../../harness/case.ts';
import { runClosedLevel } from './closed-loop.ts';
import { runOpenLevel } from './open-loop.ts';
import { autocannonVersion, comparePeers } from './peer-compare.ts';
import { placeProcesses } from './placement.ts';
import { LevelProbe, type Probe } from './probes.ts';
import { rawTarget, type RawTarget } from './raw-connection.ts';
import { formatLoadReport, loadWarnings } from './report.ts';
import { openWindowMs } from './schedule.ts';
import { cpuIdleNote, measureWakeFloor } from './wake-floor.ts';
import { measureStalls } from './stall-probe.ts';
import { capacityOf, figureOf, levelValidity, p99NeverFalls, runClockLagP99Us } from './validity.ts';
import type { ClosedLevel, LoadConfig, LoadResult, LoadTargetResult, OpenLevel } from './schema.ts';
import { specF } from './spec.ts';
import type { z } from 'zod';
import type { ClosedRunSchema, OpenRunSchema } from './schema.ts';

type ClosedRun = z.infer<typeof ClosedRunSchema>;
type OpenRun = z.infer<typeof OpenRunSchema>;

const BODIES = Array.from({ length: 3000 }, (_, i) => JSON.stringify(requestFor(i)));
const START_TIMEOUT_MS = 15_000;
const KEEP_ALIVE_MS = 60_000;
const RESPONDER = fileURLToPath(new URL('./trivial-responder.ts', import.meta.url));

/** Case F. */
export const caseF: BeyondCase<LoadConfig, LoadResult> = {
  ...specF,
  async available() {
    return { ok: true };
  },
  async run(outer, config) {
    // Everything the case starts stops when the case ends, however it ends (autocannon included).
    const abort = new AbortController();
    const onOuterAbort = () => abort.abort();
    outer.signal.addEventListener('abort', onOuterAbort, { once: true });
    if (outer.signal.aborted) abort.abort();
    const ctx: BeyondRunContext = { ...outer, signal: abort.signal };
    // Before pinning: a pinned process sees only its own CPU.
    const cores = os.availableParallelism();
    const { placement, restore } = placeProcesses(config.pin);
    ctx.log(`  F placement: ${placement.pinned ? `generator on CPU ${placement.clientCpus.join(',')}, services on CPU ${placement.serviceCpus.join(',')}` : `not pinned (${placement.reason})`}`);
    const services: Service[] = [];
    const start = async (make: () => Promise<Service>) => {
      const s = await make();
      services.push(s);
      return s;
    };
    try {
      const responder = await start(() => startService(RESPONDER, 'trivial responder (case F)', {}, START_TIMEOUT_MS));
      const entitlement = await start(() =>
        startEntitlementService('entitlement service (case F)', { seed: 1, delayProbability: 0, delayMs: 0, keepAliveMs: KEEP_ALIVE_MS }, START_TIMEOUT_MS));
      // A pool as large as the most callers: one socket per relay would serialise the chain (case D's
      // one-caller relays keep their single socket, as the reference suite has them).
      const relaySockets = Math.max(...config.concurrency, config.openConnections);
      const relay = (label: string, nextPort: number) => start(() => startRelayService(label, { nextPort, keepAliveMs: KEEP_ALIVE_MS, maxSockets: relaySockets }, START_TIMEOUT_MS));
      const relayB = await relay('relay B (case F)', entitlement.port);
      const relayA = await relay('relay A (case F)', relayB.port);
      const died = Promise.race(services.map((s) => s.died));
      died.catch(() => {});
      // A level whose service dies usually fails (its sockets close) before the child's exit is seen:
      // wait briefly for the exit, so the error names the service. The losing level may still fail
      // later (its probe asks a dead service); that failure is handled, not thrown.
      const race = async <T>(p: Promise<T>): Promise<T> => {
        p.catch(() => {});
        try {
          return await Promise.race([p, died]);
        } catch (error) {
          // An interrupt is no death to name: stop at once.
          if (!outer.signal.aborted) await Promise.race([died, delay(2_000)]);
          throw error;
        }
      };
      const targets: TargetDef[] = [
        { id: 'hop', hops: 1, relaySockets: null, raw: rawTarget(entitlement.port, '/check', BODIES), watched: [{ label: 'entitlement', service: entitlement }] },
        {
          id: 'chain',
          hops: 3,
          relaySockets,
          raw: rawTarget(relayA.port, '/check', BODIES),
          watched: [
            { label: 'relay A', service: relayA },
            { label: 'relay B', service: relayB },
            { label: 'entitlement', service: entitlement },
          ],
        },
      ];

      const peer = await race(comparePeers(entitlement.port, '/check', BODIES[0]!, config.peerConcurrency, config.peerSeconds, config.peerRounds, ctx.signal, ctx.log));

      // Ceiling and closed loops, run by run.
      const ceilingRuns: LoadResult['ceiling']['runs'] = [];
      const floorRuns: NonNullable<LoadResult['wakeFloor']>['runs'] = [];
      const stallRuns: NonNullable<LoadResult['stallFloor']>['runs'] = [];
      const closedRuns = targets.map(() => config.concurrency.map((): ClosedRun[] => []));
      const responderTarget = rawTarget(responder.port, '/check', BODIES);
      for (let run = 0; run < ctx.runs; run++) {
        const c = await race(closedRun(ctx, config, responderTarget, config.ceilingConcurrency, [{ label: 'responder', service: responder }]));
        ceilingRuns.push({ callsPerSec: c.callsPerSec, clientCpuPercent: c.probe.clientCpuPercent, responderCpuPercent: c.probe.services[0]?.cpuPercent ?? 0 });
        ctx.log(`  F generator ceiling (trivial responder, c=${config.ceilingConcurrency}): ${Math.round(c.callsPerSec)} calls/s, client CPU ${Math.round(c.probe.clientCpuPercent)}% (run ${run + 1}/${ctx.runs})`);
        for (const [ti, t] of targets.entries()) {
          for (const [ci, conc] of config.concurrency.entries()) {
            const r = await race(closedRun(ctx, config, t.raw, conc, t.watched));
            closedRuns[ti]![ci]!.push(r);
            ctx.log(`  F ${t.id} closed c=${conc}: ${Math.round(r.callsPerSec)} calls/s, p99 ${Math.round(r.latency.p99Us)} µs, client CPU ${Math.round(r.probe.clientCpuPercent)}% (run ${run + 1}/${ctx.runs})`);
          }
        }
      }
      await responder.stop();
      const ceiling = { concurrency: config.ceilingConcurrency, perSec: figureOf(ceilingRuns.map((r) => r.callsPerSec)), runs: ceilingRuns };
      // The slowest run's ceiling: a level above half of it may have been generator-limited in that run.
      const limitPerSec = config.generatorLimitFraction * ceiling.perSec.low;

      const closedLevels = targets.map((t, ti) => config.concurrency.map((c, ci) => closedLevel(c, closedRuns[ti]![ci]!, config, t.relaySockets)));
      const plans = targets.map((t, ti) => {
        const closed = closedLevels[ti]!;
        const capacity = capacityOf(closed.map((l) => ({ concurrency: l.concurrency, callsPerSec: l.callsPerSec.median, valid: l.validity.valid, clientBound: l.validity.reasons.some((r) => r.code === 'client-cpu') })));
        const unloadedP50Us = closed.find((l) => l.concurrency === 1)!.p50Us.median;
        return { t, closed, capacity, unloadedP50Us, open: config.openFractions.map((): OpenRun[] => []) };
      });

      for (let run = 0; run < ctx.runs; run++) {
        // The machine's floors, right before the open levels of the same run, which they bear on.
        if (config.wakeFloor) {
          const { lag: w, stealPercent } = await race(measureWakeFloor({ ...config.wakeFloor, seed: config.arrivalSeed + run, granularityMs: config.schedulerGranularityMs, clockSpinMs: config.clockSpinUs / 1000 }));
          floorRuns.push({ count: w.count, p50Us: w.p50Us, p99Us: w.p99Us, maxUs: w.maxUs, stealPercent });
          const steal = stealPercent === null ? '' : `, steal ${stealPercent.toFixed(1)}%`;
          ctx.log(`  F wake-up floor (the clock alone, ${config.wakeFloor.ratePerSec}/s): lag p50 ${Math.round(w.p50Us)} µs, p99 ${Math.round(w.p99Us)} µs${steal} (run ${run + 1}/${ctx.runs})`);
        }
        if (config.stallProbe) {
          if (ctx.signal.aborted) throw new Error('interrupted');
          const s = measureStalls(config.stallProbe);
          stallRuns.push(s);
          ctx.log(`  F stall probe (spinning ${config.stallProbe.measureMs} ms): ${s.stalls} stalls over ${config.stallProbe.thresholdUs} µs, ${s.stalledPercent.toFixed(2)}% of the time, longest ${Math.round(s.maxUs)} µs; never-sleeping lateness p99 ${Math.round(s.lateP99Us)} µs (run ${run + 1}/${ctx.runs})`);
        }
        for (const plan of plans) {
          for (const [k, fraction] of config.openFractions.entries()) {
            if (ctx.signal.aborted) throw new Error('interrupted');
            const rate = fraction * plan.capacity.perSec;
            const r = await race(openRun(ctx, config, plan.t, rate, config.arrivalSeed + 1000 * run + k));
            plan.open[k]!.push(r);
            ctx.log(`  F ${plan.t.id} open ${Math.round(fraction * 100)}%: ${Math.round(r.okPerSec)}/${Math.round(rate)} calls/s, p99 ${Math.round(r.fromIntended.p99Us)} µs (uncorrected ${Math.round(r.fromActual.p99Us)} µs), clock lag p99 ${Math.round(runClockLagP99Us(r))} µs (send delay ${Math.round(r.schedulerLag.p99Us)} µs), client CPU ${Math.round(r.probe.clientCpuPercent)}% (run ${run + 1}/${ctx.runs})`);
          }
        }
      }

      const results: LoadTargetResult[] = plans.map((plan) => {
        const open = config.openFractions.map((fraction, k) => openLevel(fraction, fraction * plan.capacity.perSec, plan.open[k]!, config, plan.unloadedP50Us, limitPerSec));
        const valid = open.filter((l) => l.validity.valid);
        return {
          id: plan.t.id,
          hops: plan.t.hops,
          unloadedP50Us: plan.unloadedP50Us,
          capacity: plan.capacity,
          closed: plan.closed,
          open,
          validOpenLevels: valid.length,
          p99NeverFalls: p99NeverFalls(valid),
        };
      });
      return {
        cores,
        runs: ctx.runs,
        confidencePercent: medianInterval(Array.from({ length: ctx.runs }, (_, i) => i)).confidencePercent,
        placement,
        ceiling,
        ...(config.wakeFloor && floorRuns.length > 0
          ? {
              wakeFloor: {
                ratePerSec: config.wakeFloor.ratePerSec,
                lagP50Us: figureOf(floorRuns.map((r) => r.p50Us)),
                lagP99Us: figureOf(floorRuns.map((r) => r.p99Us)),
                runs: floorRuns,
                cpuIdle: cpuIdleNote(),
              },
            }
          : {}),
        ...(config.stallProbe && stallRuns.length > 0
          ? { stallFloor: { thresholdUs: config.stallProbe.thresholdUs, lateP99Us: figureOf(stallRuns.map((r) => r.lateP99Us)), runs: stallRuns } }
          : {}),
        autocannonVersion: autocannonVersion(),
        peer,
        targets: results,
      };
    } finally {
      abort.abort();
      outer.signal.removeEventListener('abort', onOuterAbort);
      await Promise.all(services.map((s) => s.stop()));
      restore();
    }
  },
  report: formatLoadReport,
  warnings: loadWarnings,
};

interface TargetDef {
  id: 'hop' | 'chain';
  hops: number;
  /** Each relay's socket pool to the next service; null for a target with no relay. */
  relaySockets: number | null;
  raw: RawTarget;
  watched: { label: string; service: Service }[];
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const servicesCpu = (p: Probe) => sum(p.services.map((s) => s.cpuPercent));

async function closedRun(ctx: BeyondRunContext, config: LoadConfig, target: RawTarget, concurrency: number, watched: TargetDef['watched']): Promise<ClosedRun> {
  if (ctx.signal.aborted) throw new Error('interrupted');
  const probe = new LevelProbe(watched);
  const r = await runClosedLevel(target, { concurrency, ...config.closed, callTimeoutMs: config.callTimeoutMs }, ctx.signal, probe);
  const p = await probe.result();
  const failed = sum(Object.values(r.errors));
  await delay(config.pauseBetweenLevelsMs);
  return { windowMs: r.windowMs, callsPerSec: r.callsPerSec, latency: r.latency, sent: r.sent, errors: r.errors, failedPercent: r.sent > 0 ? (100 * failed) / r.sent : 0, probe: p };
}

async function openRun(ctx: BeyondRunContext, config: LoadConfig, t: TargetDef, ratePerSec: number, seed: number): Promise<OpenRun> {
  const probe = new LevelProbe(t.watched);
  const measureMs = openWindowMs(ratePerSec, config.open.minCalls, config.open.minMeasureMs, config.open.maxMeasureMs);
  const r = await runOpenLevel(
    t.raw,
    {
      ratePerSec,
      arrival: config.arrival,
      seed,
      granularityMs: config.schedulerGranularityMs,
      clockSpinMs: config.clockSpinUs / 1000,
      warmupMs: config.open.warmupMs,
      measureMs,
      inFlightCap: config.inFlightCap,
      connections: config.openConnections,
      callTimeoutMs: config.callTimeoutMs,
    },
    ctx.signal,
    probe,
  );
  const p = await probe.result();
  const failed = sum(Object.values(r.errors)) + r.dropped;
  await delay(config.pauseBetweenLevelsMs);
  return {
    windowMs: measureMs,
    due: r.due,
    dropped: r.dropped,
    okPerSec: r.okPerSec,
    fromIntended: r.fromIntended,
    fromActual: r.fromActual,
    schedulerLag: r.schedulerLag,
    clockLag: r.clockLag,
    errors: r.errors,
    failedPercent: r.due > 0 ? (100 * failed) / r.due : 0,
    maxInFlight: r.maxInFlight,
    probe: p,
  };
}

function closedLevel(concurrency: number, runs: ClosedRun[], config: LoadConfig, relaySockets: number | null): ClosedLevel {
  const fig = (pick: (r: ClosedRun) => number) => figureOf(runs.map(pick));
  const callsPerSec = fig((r) => r.callsPerSec);
  const meanUs = fig((r) => r.latency.meanUs);
  return {
    concurrency,
    relaySockets,
    runs,
    callsPerSec,
    p50Us: fig((r) => r.latency.p50Us),
    p99Us: fig((r) => r.latency.p99Us),
    p999Us: fig((r) => r.latency.p999Us),
    meanUs,
    clientCpuPercent: fig((r) => r.probe.clientCpuPercent),
    servicesCpuPercent: fig((r) => servicesCpu(r.probe)),
    littleL: (callsPerSec.median * meanUs.median) / 1e6,
    validity: levelValidity(runs.map((r) => ({ clientCpuPercent: r.probe.clientCpuPercent, failedPercent: r.failedPercent })), config),
  };
}

function openLevel(fraction: number, targetPerSec: number, runs: OpenRun[], config: LoadConfig, unloadedP50Us: number, limitPerSec: number): OpenLevel {
  const fig = (pick: (r: OpenRun) => number) => figureOf(runs.map(pick));
  return {
    fraction,
    targetPerSec,
    runs,
    okPerSec: fig((r) => r.okPerSec),
    p50Us: fig((r) => r.fromIntended.p50Us),
    p99Us: fig((r) => r.fromIntended.p99Us),
    uncorrectedP99Us: fig((r) => r.fromActual.p99Us),
    lagP99Us: fig((r) => r.schedulerLag.p99Us),
    clockLagP99Us: fig(runClockLagP99Us),
    clientCpuPercent: fig((r) => r.probe.clientCpuPercent),
    failedPercent: fig((r) => r.failedPercent),
    generatorLimited: targetPerSec > limitPerSec,
    validity: levelValidity(
      runs.map((r) => ({ clientCpuPercent: r.probe.clientCpuPercent, failedPercent: r.failedPercent, lagP99Us: runClockLagP99Us(r) })),
      config,
      unloadedP50Us,
      { targetPerSec, limitPerSec },
    ),
  };
}
