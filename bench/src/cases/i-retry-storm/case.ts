/**
 * Case I: a retry storm as a metastable failure (Bronson, Charapko, Aghayev and Zhu, "Metastable
 * Failures in Distributed Systems", HotOS 2021; Huang et al., "Metastable Failures in the Wild",
 * OSDI 2022). An invoice service with one worker and a FIFO queue (storm-service.ts) runs at 65% of
 * its capacity: the vulnerable state. A brownout of fixed length (service 4× slower, at a seeded
 * time) is the trigger. The sustaining effect is retries feeding a queue that holds more work than
 * the callers' timeout: once it is full, every request the worker serves has waited longer than its
 * caller did, so every call fails, every failure retries, and the attempts keep the queue full after
 * the brownout has gone. Five policies run the same storm: no retry, naive immediate retries,
 * backoff with full jitter, backoff with a retry budget (gRPC A6), and deadline-drop (naive clients,
 * but the caller's deadline travels in a header and the server drops what can no longer meet it).
 * One more run uses keys that expire before a retry arrives.
 *
 * Why it holds on slower and faster machines: the worker's time per request is a busy-spin of fixed
 * wall-clock length on the worker's own time line (storm-service.ts), so capacity is 1000 ÷ serviceMs
 * requests/s whatever the core's speed or what else the machine runs; a slower
 * machine only adds its own per-request overhead (parsing, a reply), which lowers capacity and makes
 * the storm worse, not better. The storm does not depend on speed but on counts: with every attempt
 * failing, naive retries offer up to 3 × 130 = 390 attempts/s (260/s that want the queue even when
 * keyed retries get 409) against 200/s served, so the queue cannot drain; without retries 130/s
 * against 200/s drains it. The calls, their keys, the window and the backoff
 * draws come from the seed.
 *
 * The case runs each storm once whatever --runs asks for: its figures are per-bucket counts of one
 * storm per policy, and six storms already take about a minute at full size.
 */
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { startStormService, type StormService } from './storm-client.ts';
import type { StormStatsMessage } from './storm-protocol.ts';
import { brownoutWindow, phaseOf, type BrownoutWindow } from './brownout.ts';
import { oneCall, sharedClock, type CallRecord } from './caller.ts';
import { amplification, countPerBucket, goodputPerPhase, recoveryMs, sumRange } from './series.ts';
import { RetryThrottle } from './token-bucket.ts';
import { collectGarbage, MajorGcLog } from '../../harness/heap.ts';
import type { BeyondCase, BeyondRunContext } from '../../harness/case.ts';
import { lateStartLimitMs, RetryStormConfigSchema, type RetryPolicy, type RetryStormConfig, type RetryStormResult, type RetryStormRun } from './schema.ts';
import { specI } from './spec.ts';

/** Bound on starting the service and on any control message, ms. */
const CONTROL_TIMEOUT_MS = 10_000;
/** The run's time zero is this far after the start message, so the server has it first, ms. */
const START_LEAD_MS = 50;
/** Warm-up calls of a configuration without `settle` (results written before it was stated). */
const DEFAULT_WARMUP_CALLS = 100;

export const caseI: BeyondCase<RetryStormConfig, RetryStormResult> = {
  ...specI,
  async available() {
    return { ok: true };
  },
  async run(ctx, config) {
    const parsed = RetryStormConfigSchema.parse(config);
    const window = brownoutWindow(parsed.seed, { ...parsed.brownout, bucketMs: parsed.bucketMs });
    let service: StormService | undefined;
    const gcLog = new MajorGcLog();
    try {
      const s = parsed.server;
      service = await startStormService(
        'case I storm service',
        { serviceMs: s.serviceMs, rejectMs: s.rejectMs, dropMs: s.dropMs, queueLimit: s.queueLimit, sliceMs: s.sliceMs, bucketMs: parsed.bucketMs, keepAliveMs: 5_000 },
        CONTROL_TIMEOUT_MS,
      );
      await warmUp(ctx.signal, service, parsed);
      const runs: RetryStormRun[] = [];
      const plan = [
        ...parsed.policies.map((p) => ({ id: p.id as string, policy: p, ttlMs: parsed.keyTtlMs })),
        ...parsed.policies.filter((p) => p.id === parsed.shortTtlPolicy).map((p) => ({ id: `${p.id}-short-ttl`, policy: p, ttlMs: parsed.shortKeyTtlMs })),
      ];
      for (const item of plan) {
        if (ctx.signal.aborted) break;
        const beforeRunMs = parsed.settle?.collectGarbageBeforeEachRun ? collectGarbage() : 0;
        ctx.log(`  I ${item.id}: caller heap collected in ${beforeRunMs.toFixed(0)} ms; run starts`);
        const run = await Promise.race([runPolicy(ctx, service, parsed, window, item.id, item.policy, item.ttlMs, { beforeRunMs, log: gcLog }), service.died]);
        runs.push(run);
        const m = run.measured;
        ctx.log(
          `  I ${item.id}: goodput ${m.goodputPerSec.before.toFixed(0)} → ${m.goodputPerSec.during.toFixed(0)} → ${m.goodputPerSec.after.toFixed(0)} calls/s, ` +
            `recovery ${m.recoveryMs === null ? 'not within the run' : `${m.recoveryMs} ms`}, amplification ${m.amplification.overall.toFixed(2)}, ` +
            `duplicates ${m.duplicates.unkeyed} without keys / ${m.duplicates.keyed} with`,
        );
      }
      if (ctx.signal.aborted) throw new Error('case I: interrupted; the storm service was stopped and no result was kept');
      return {
        capacityPerSec: 1000 / s.serviceMs,
        offeredLoad: parsed.arrivalPerSec / (1000 / s.serviceMs),
        brownoutCapacityPerSec: 1000 / (s.serviceMs * window.serviceFactor),
        window: { ...window, serviceMs: s.serviceMs * window.serviceFactor },
        bucketMs: parsed.bucketMs,
        runs,
      };
    } catch (error) {
      const message = (error as Error).message;
      throw new Error(message.startsWith('case I') ? message : `case I: ${message}`, { cause: error });
    } finally {
      gcLog.stop();
      await service?.stop();
    }
  },
  report(result, config) {
    const s = config.server;
    const lines = [
      `   server: one worker, FIFO queue of ${s.queueLimit} (${fmt(s.queueLimit * s.serviceMs, 0)} ms of work); busy-spin ${s.serviceMs} ms per served request, ` +
        `${s.rejectMs} ms per refusal, ${s.dropMs} ms per deadline drop: capacity ${fmt(result.capacityPerSec, 0)} req/s`,
      `   callers: ${fmt(config.arrivalPerSec, 0)} calls/s evenly spaced (${fmt(100 * result.offeredLoad, 0)}% of capacity), timeout ${config.clientTimeoutMs} ms per attempt; ` +
        `key TTL ${fmt(config.keyTtlMs / 3_600_000, 0)} h, short-TTL run ${config.shortKeyTtlMs} ms (${config.shortTtlPolicy})`,
      `   brownout (seeded start, fixed length): ${result.window.startMs}–${result.window.endMs} ms, service ${result.window.serviceMs} ms (×${result.window.serviceFactor}), ` +
        `capacity ${fmt(result.brownoutCapacityPerSec, 0)} req/s; run ${config.durationMs} ms`,
      `   policies: ${config.policies.map((p) => `${p.id} = ${p.label} (${p.maxAttempts} attempt${p.maxAttempts === 1 ? '' : 's'}` +
        `${p.backoff ? `, full jitter base ${p.backoff.baseMs} ms cap ${p.backoff.capMs} ms` : ''}${p.budget ? `, budget maxTokens ${p.budget.maxTokens} tokenRatio ${p.budget.tokenRatio}` : ''}` +
        `${p.deadlineHeader ? ', deadline header, server drops' : ''})`).join('; ')}`,
      `   recovery ms: from the window's end to the END of the first ${config.recovery.windowMs} ms span whose goodput, and every later span's to the run's end ` +
        `(spans step by ${config.bucketMs} ms), is ≥ ${fmt(100 * config.recovery.fraction, 0)}% of the pre-window goodput; ${config.recovery.windowMs} = within the first span after the window`,
      `   each policy runs once, whatever --runs asks: one storm per row, so no row has a spread between runs to judge a difference by`,
      settleLine(result, config),
      '   run                  goodput/s before  during  after  recovery ms  amp all  failed  inv. for failed  dup no key  dup key  late start ms',
    ];
    for (const r of result.runs) {
      const m = r.measured;
      const g = m.goodputPerSec;
      lines.push(
        `   ${r.id.padEnd(20)} ${fmt(g.before, 0).padStart(16)} ${fmt(g.during, 0).padStart(7)} ${fmt(g.after, 0).padStart(6)} ` +
          `${(m.recoveryMs === null ? 'not in run' : fmt(m.recoveryMs, 0)).padStart(12)} ${fmt(m.amplification.overall, 2).padStart(8)} ${String(m.failed).padStart(7)} ` +
          `${String(m.invoicesForFailedCalls).padStart(16)} ${String(m.duplicates.unkeyed).padStart(11)} ${String(m.duplicates.keyed).padStart(8)} ` +
          `${(fmt(m.schedulerLagMaxMs, 0) + (m.schedulerLagMaxMs > lateStartLimitMs(config) ? ' behind' : '')).padStart(14)}`,
      );
    }
    lines.push(
      `   calls, keys, the window and backoff draws are seeded (the same on any machine); every other figure is measured. late start ms: the latest a call started after its due time; ` +
        `"behind" above ${lateStartLimitMs(config)} ms (¼ of the timeout): the caller fell behind its schedule and arrivals bunched.`,
    );
    return lines;
  },
  warnings(result, config) {
    const out: string[] = [];
    for (const r of result.runs) {
      const name = runName(r, config.policies);
      const lag = r.measured.schedulerLagMaxMs;
      if (lag > lateStartLimitMs(config)) {
        const gcMs = r.measured.callerGc?.majorPauseInRunMs ?? 0;
        const why = gcMs > 0 ? ` (its own major garbage collection paused it ${fmt(gcMs, 0)} ms during the run)` : '';
        out.push(`${name}: the open-loop caller started a call up to ${fmt(lag, 0)} ms late${why}, so arrivals bunched; close other work on this machine and run it again.`);
      }
      if (r.policyId === 'none' && r.measured.attempts.total !== r.seeded.calls) {
        out.push(`${name}: the server counted ${r.measured.attempts.total} attempts for ${r.seeded.calls} calls without retries; some never reached it (connection errors). Rerun; if it persists, check the loopback interface.`);
      }
    }
    return out;
  },
};

/** The report's line on what ran before the runs, unrecorded, and the caller's own GC during them. */
function settleLine(result: RetryStormResult, config: RetryStormConfig): string {
  const settle = config.settle;
  if (settle === undefined) return `   before the runs, unrecorded: ${DEFAULT_WARMUP_CALLS} warm-up calls; the caller's heap was not collected between runs, nor its GC pauses recorded (an older results file)`;
  const perRun = (pick: (gc: NonNullable<RetryStormRun['measured']['callerGc']>) => number) =>
    result.runs.map((r) => `${r.id} ${r.measured.callerGc === undefined ? '–' : fmt(pick(r.measured.callerGc), 0)} ms`).join(', ');
  return (
    `   before the runs, unrecorded: ${settle.warmUpCalls} warm-up calls; ` +
    (settle.collectGarbageBeforeEachRun ? `a full garbage collection of the caller's heap before each run (${perRun((gc) => gc.beforeRunMs)})` : 'no collection of the caller\'s heap between runs') +
    `; the caller's major GC pauses during the runs: ${perRun((gc) => gc.majorPauseInRunMs)}`
  );
}

function fmt(value: number, digits: number): string {
  return value.toFixed(digits);
}

/**
 * When call i is due, ms after time zero: (i + ½) ÷ rate. The half interval keeps every call clear
 * of the bucket edges (and so of the window's), so a millisecond of lag never moves a call into
 * another phase.
 */
export function dueTimeMs(index: number, arrivalPerSec: number): number {
  return ((index + 0.5) * 1000) / arrivalPerSec;
}

/** Runs one policy for config.durationMs and drains the server; one RetryStormRun. */
async function runPolicy(
  ctx: BeyondRunContext,
  service: StormService,
  config: RetryStormConfig,
  window: BrownoutWindow,
  runId: string,
  policy: RetryPolicy,
  ttlMs: number,
  gc: { beforeRunMs: number; log: MajorGcLog },
): Promise<RetryStormRun> {
  const agent = new http.Agent({ keepAlive: true });
  const t0 = sharedClock() + START_LEAD_MS;
  const calls = Math.round((config.durationMs * config.arrivalPerSec) / 1000);
  const callCtx = {
    signal: ctx.signal,
    agent,
    port: service.port,
    seed: config.seed,
    runId,
    policy,
    throttle: policy.budget ? new RetryThrottle(policy.budget) : undefined,
    clientTimeoutMs: config.clientTimeoutMs,
    t0,
  };
  const pending: Promise<CallRecord>[] = [];
  let lagMaxMs = 0;
  try {
    await service.start({ runStartEpochMs: t0, window, ttlMs, keyRequired: false });
    for (let i = 0; i < calls && !ctx.signal.aborted; i++) {
      const dueMs = dueTimeMs(i, config.arrivalPerSec);
      const waitMs = t0 + dueMs - sharedClock();
      if (waitMs > 0) await sleep(waitMs, undefined, { signal: ctx.signal }).catch(() => {});
      if (ctx.signal.aborted) break;
      lagMaxMs = Math.max(lagMaxMs, sharedClock() - t0 - dueMs);
      pending.push(oneCall(callCtx, i));
    }
    const ended = await Promise.all(pending);
    const runEnd = performance.now();
    if (ctx.signal.aborted) throw new Error('case I: interrupted');
    const stats = await drain(ctx.signal, service, config.drainTimeoutMs);
    const callerGc = { beforeRunMs: gc.beforeRunMs, majorPauseInRunMs: await gc.log.pausedMs(t0 - performance.timeOrigin, runEnd) };
    return summarise(config, window, runId, policy, ttlMs, calls, ended, stats, lagMaxMs, callerGc);
  } finally {
    agent.destroy();
  }
}

/**
 * Untimed calls before the first run (config.settle.warmUpCalls), so that JIT compilation of client
 * and server code does not make the first run's scheduler fall behind. The next start() resets every
 * counter, so none of them is recorded.
 */
async function warmUp(signal: AbortSignal, service: StormService, config: RetryStormConfig): Promise<void> {
  const agent = new http.Agent({ keepAlive: true });
  try {
    const t0 = sharedClock();
    await service.start({ runStartEpochMs: t0, window: { startMs: 0, endMs: 0, serviceFactor: 1 }, ttlMs: config.keyTtlMs, keyRequired: false });
    const ctx = { signal, agent, port: service.port, seed: config.seed, runId: 'warm', policy: config.policies[0]!, throttle: undefined, clientTimeoutMs: config.clientTimeoutMs, t0 };
    const pending: Promise<CallRecord>[] = [];
    for (let i = 0; i < (config.settle?.warmUpCalls ?? DEFAULT_WARMUP_CALLS) && !signal.aborted; i++) {
      pending.push(oneCall(ctx, i));
      await sleep(1000 / config.arrivalPerSec);
    }
    await Promise.all(pending);
    await drain(signal, service, config.drainTimeoutMs);
  } finally {
    agent.destroy();
  }
}

/** Polls the server until nothing waits and the worker is idle (requests whose callers left finish too). */
async function drain(signal: AbortSignal, service: StormService, timeoutMs: number): Promise<StormStatsMessage> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const stats = await service.stats();
    if (stats.waiting === 0 && !stats.busy) return stats;
    if (signal.aborted) throw new Error('case I: interrupted');
    if (performance.now() > deadline) throw new Error(`case I: the storm service still had work ${timeoutMs} ms after the last call`);
    await sleep(50);
  }
}

function summarise(
  config: RetryStormConfig,
  window: BrownoutWindow,
  runId: string,
  policy: RetryPolicy,
  ttlMs: number,
  calls: number,
  ended: readonly CallRecord[],
  stats: StormStatsMessage,
  lagMaxMs: number,
  callerGc: { beforeRunMs: number; majorPauseInRunMs: number },
): RetryStormRun {
  const b = config.bucketMs;
  const startBucket = window.startMs / b;
  const endBucket = window.endMs / b;
  const runBuckets = config.durationMs / b;
  // Attempts: every bucket the server counted (late retries and the drain included).
  const buckets = Math.max(stats.attemptsPerBucket.length, runBuckets);
  const pad = (values: readonly number[]) => Array.from({ length: buckets }, (_, i) => values[i] ?? 0);
  const attemptsSeries = pad(stats.attemptsPerBucket);
  const phases = (series: readonly number[]) => ({
    before: sumRange(series, 0, startBucket),
    during: sumRange(series, startBucket, endBucket),
    after: sumRange(series, endBucket, series.length),
    total: sumRange(series, 0, series.length),
  });
  const attempts = phases(attemptsSeries);
  // Logical calls by the arrival of their first attempt: a client that falls behind its schedule
  // moves calls and their retries together, so the ratio per phase stays a ratio of the same calls.
  const callsArrived = phases(pad(stats.firstAttemptsPerBucket));
  const byPhase = { before: 0, during: 0, after: 0 };
  for (let i = 0; i < calls; i++) byPhase[phaseOf(dueTimeMs(i, config.arrivalPerSec), window)] += 1;
  const keyedCalls = Math.ceil(calls / 2);

  const successes = countPerBucket(ended.flatMap((c) => (c.succeededAtMs === null ? [] : [c.succeededAtMs])), b, runBuckets);
  const invoices = new Map(stats.invoicesPerCall);
  const failures = { timedOut: 0, rejected503: 0, conflict409: 0, deadline504: 0, other: 0, budgetRefused: 0 };
  let succeeded = 0;
  let invoicesForFailedCalls = 0;
  let servedInTime = 0;
  ended.forEach((c, i) => {
    servedInTime += c.servedInTime;
    if (c.budgetRefused) failures.budgetRefused += 1;
    if (c.end === 'ok') {
      succeeded += 1;
      return;
    }
    invoicesForFailedCalls += invoices.get(i) ?? 0;
    if (c.end !== 'aborted') failures[c.end] += 1;
  });
  const spanBuckets = config.recovery.windowMs / b;
  return {
    id: runId,
    policyId: policy.id,
    keyTtlMs: ttlMs,
    seeded: { calls, keyedCalls, unkeyedCalls: calls - keyedCalls, callsByPhase: { ...byPhase, total: calls } },
    measured: {
      attempts,
      callsArrived,
      amplification: {
        during: amplification(attempts.during, callsArrived.during) ?? 0,
        after: amplification(attempts.after, callsArrived.after) ?? 0,
        overall: amplification(attempts.total, calls) ?? 0,
      },
      goodputPerSec: goodputPerPhase(successes, window, b),
      succeeded,
      failed: calls - succeeded,
      failures,
      server: stats.worker,
      servedAfterCallerLeft: Math.max(0, stats.worker.served - servedInTime),
      invoicesWritten: stats.invoicesWritten,
      invoicesForFailedCalls,
      duplicates: stats.duplicates,
      statusCounts: stats.statusCounts,
      recoveryMs: recoveryMs({ successes, window, bucketMs: b, spanBuckets, fraction: config.recovery.fraction }),
      schedulerLagMaxMs: Math.max(0, lagMaxMs),
      callerGc,
      series: { successes, attempts: attemptsSeries.slice(0, runBuckets), queueMax: pad(stats.queueMaxPerBucket).slice(0, runBuckets) },
    },
  };
}

/**
 * A run as a warning names it, by its policy's label in quotes ('The "no retry" run'), with
 * "(short key TTL)" for the short-TTL run; never by the bare id ("run none").
 */
export function runName(run: { id: string; policyId: string }, policies: readonly { id: string; label: string }[]): string {
  const label = policies.find((p) => p.id === run.policyId)?.label ?? run.policyId;
  return `The "${label}" run${run.id.endsWith('-short-ttl') ? ' (short key TTL)' : ''}`;
}
