/**
 * Case I: when failures cluster. A capacity-limited invoice service (K requests in service, s ms
 * each, a queue of Q, 503 at once when it is full) goes through a seeded brownout window in which
 * its service time rises 20-fold. Open-loop callers start calls at about half its capacity with a
 * client timeout below the brownout's service time, under four retry policies: none, immediate
 * retries, capped exponential backoff with full jitter, and that backoff plus a retry budget (gRPC
 * A6 retry throttling). Half the calls send an Idempotency-Key; one more run uses a key TTL shorter
 * than the client's retry schedule. The server counts every attempt per 100 ms bucket.
 *
 * Why a timer is a fair service time: what this case measures is queueing and retry dynamics, not
 * CPU. A timer gives an exact capacity, K × 1000 ÷ s requests/s, the same on every machine, and it
 * leaves the machine's cores to the client, so the capacity sits well below what the client can
 * offer (one Node client on loopback sends thousands of calls/s; case B shows the serial rate).
 * A CPU-bound handler would make capacity depend on the machine and on the client's own load.
 *
 * The case runs its storm once whatever --runs asks for: its figures are per-bucket counts of one
 * storm per policy, and five storms already take about a minute at full size.
 */
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { CallTimeoutError, postJson } from '../../harness/http-client.ts';
import { mulberry32 } from '../../harness/prng.ts';
import { startStormService, type StormService } from './storm-client.ts';
import { PREVIOUS_ATTEMPTS_HEADER, type StormStatsMessage } from './storm-protocol.ts';
import { fullJitterDelayMs } from './backoff.ts';
import { brownoutWindow, phaseOf, type BrownoutWindow, type Phase } from './brownout.ts';
import { amplification, bucketIndex, p99Over, p99PerBucket, recoveryMs, sumRange } from './series.ts';
import { RetryThrottle } from './token-bucket.ts';
import type { BeyondCase, BeyondRunContext } from '../../harness/beyond-case.ts';
import { RetryStormConfigSchema, type RetryPolicy, type RetryStormConfig, type RetryStormResult, type RetryStormRun } from './schema.ts';
import { specI } from './spec.ts';

/** Bound on starting the service and on any control message, ms. */
const CONTROL_TIMEOUT_MS = 10_000;
/** The run's time zero is this far after the start message, so the server has it first, ms. */
const START_LEAD_MS = 50;
/** Untimed calls before the first run. */
const WARMUP_CALLS = 50;

/** How one logical call ended. */
type CallEnd = 'ok' | 'timedOut' | 'rejected503' | 'conflict409' | 'other' | 'aborted';

interface CallOutcome {
  end: CallEnd;
  phase: Phase;
  /** The budget stopped a retry of this call. */
  budgetRefused: boolean;
}

export const caseI: BeyondCase<RetryStormConfig, RetryStormResult> = {
  ...specI,
  async available() {
    return { ok: true };
  },
  async run(ctx, config) {
    const parsed = RetryStormConfigSchema.parse(config);
    const window = brownoutWindow(parsed.seed, { ...parsed.brownout, bucketMs: parsed.bucketMs });
    let service: StormService | undefined;
    try {
      service = await startStormService(
        'case I storm service',
        { ...parsed.server, bucketMs: parsed.bucketMs, keepAliveMs: 5_000 },
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
        const run = await Promise.race([runPolicy(ctx, service, parsed, window, item.id, item.policy, item.ttlMs), service.died]);
        runs.push(run);
        const m = run.measured;
        ctx.log(
          `  I ${item.id}: amplification ${m.amplification.during.toFixed(2)} in the window, failed ${m.failed}/${run.seeded.calls}, ` +
            `duplicates ${m.duplicates.unkeyed} without keys / ${m.duplicates.keyed} with`,
        );
      }
      if (ctx.signal.aborted) throw new Error('case I: interrupted; the storm service was stopped and no result was kept');
      const s = parsed.server;
      return {
        capacityPerSec: (s.concurrency * 1000) / s.serviceMs,
        brownoutCapacityPerSec: (s.concurrency * 1000) / (s.serviceMs * window.serviceFactor),
        window: { ...window, serviceMs: s.serviceMs * window.serviceFactor },
        bucketMs: parsed.bucketMs,
        runs,
      };
    } catch (error) {
      const message = (error as Error).message;
      throw new Error(message.startsWith('case I') ? message : `case I: ${message}`, { cause: error });
    } finally {
      await service?.stop();
    }
  },
  report(result, config) {
    const lines = [
      `   server: K=${config.server.concurrency} in service, s=${config.server.serviceMs} ms, queue Q=${config.server.queueLimit}: ` +
        `capacity ${fmt(result.capacityPerSec, 0)} req/s (${fmt(result.brownoutCapacityPerSec, 0)} in the brownout); ` +
        `callers ${fmt(config.arrivalPerSec, 0)} calls/s, timeout ${config.clientTimeoutMs} ms`,
      `   brownout (seeded): ${result.window.startMs}–${result.window.endMs} ms, service ${result.window.serviceMs} ms (×${result.window.serviceFactor})`,
      '   run                   calls  amp during  amp after  amp all  goodput/s  failed  dup no key  dup key  recovery ms',
    ];
    for (const r of result.runs) {
      const m = r.measured;
      lines.push(
        `   ${r.id.padEnd(20)} ${String(r.seeded.calls).padStart(6)} ${fmt(m.amplification.during, 2).padStart(11)} ${fmt(m.amplification.after, 2).padStart(10)} ` +
          `${fmt(m.amplification.overall, 2).padStart(8)} ${fmt(m.goodputPerSec, 1).padStart(10)} ${String(m.failed).padStart(7)} ` +
          `${String(m.duplicates.unkeyed).padStart(11)} ${String(m.duplicates.keyed).padStart(8)} ${(m.recoveryMs === null ? 'not within run' : fmt(m.recoveryMs, 0)).padStart(12)}`,
      );
    }
    lines.push('   calls and the window are seeded (the same on any machine); every other figure is measured.');
    return lines;
  },
  warnings(result, config) {
    const out: string[] = [];
    for (const r of result.runs) {
      const lag = r.measured.schedulerLagMaxMs;
      if (lag > config.clientTimeoutMs / 4) {
        out.push(
          `run ${r.id}: the open-loop caller started a call up to ${fmt(lag, 0)} ms late, so arrivals bunched; ` +
            'close other work on this machine and run it again.',
        );
      }
      if (r.measured.recoveryMs === null) {
        out.push(
          `run ${r.id}: the server had not recovered (queue empty, p99 within ${config.recoveryP99Factor}× its pre-window value) by the end of the run; ` +
            'its recovery time is reported as "not within the run". Lengthen durationMs, or check what else the machine was doing.',
        );
      }
      if (r.policyId === 'none' && r.measured.attempts.total !== r.seeded.calls) {
        out.push(`run ${r.id}: the server counted ${r.measured.attempts.total} attempts for ${r.seeded.calls} calls without retries; some never reached it (connection errors). Rerun; if it persists, check the loopback interface.`);
      }
    }
    return out;
  },
};

function fmt(value: number, digits: number): string {
  return value.toFixed(digits);
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
): Promise<RetryStormRun> {
  const clock = () => performance.timeOrigin + performance.now();
  const agent = new http.Agent({ keepAlive: true });
  const throttle = policy.budget ? new RetryThrottle(policy.budget) : undefined;
  const t0 = clock() + START_LEAD_MS;
  const calls = Math.round((config.durationMs * config.arrivalPerSec) / 1000);
  const outcomes: Promise<CallOutcome>[] = [];
  let lagMaxMs = 0;
  try {
    await service.start({ runStartEpochMs: t0, window, ttlMs, keyRequired: false });
    for (let i = 0; i < calls && !ctx.signal.aborted; i++) {
      const dueMs = dueTimeMs(i, config.arrivalPerSec);
      const waitMs = t0 + dueMs - clock();
      if (waitMs > 0) await sleep(waitMs, undefined, { signal: ctx.signal }).catch(() => {});
      if (ctx.signal.aborted) break;
      lagMaxMs = Math.max(lagMaxMs, clock() - t0 - dueMs);
      outcomes.push(oneCall(ctx.signal, agent, service.port, config, policy, throttle, runId, i, phaseOf(dueMs, window)));
    }
    const ended = await Promise.all(outcomes);
    if (ctx.signal.aborted) throw new Error('case I: interrupted');
    const stats = await drain(ctx.signal, service, config.drainTimeoutMs);
    return summarise(config, window, runId, policy, ttlMs, calls, ended, stats, lagMaxMs);
  } finally {
    agent.destroy();
  }
}

/**
 * When call i is due, ms after time zero: (i + ½) ÷ rate. The half interval keeps every call clear
 * of the bucket edges (and so of the window's), so a millisecond of lag never moves a call into
 * another phase.
 */
export function dueTimeMs(index: number, arrivalPerSec: number): number {
  return ((index + 0.5) * 1000) / arrivalPerSec;
}

/**
 * Untimed calls before the first run, so that JIT compilation of client and server code does not
 * make the first run's scheduler fall behind. The next start() resets every counter.
 */
async function warmUp(signal: AbortSignal, service: StormService, config: RetryStormConfig): Promise<void> {
  const agent = new http.Agent({ keepAlive: true });
  try {
    const t0 = performance.timeOrigin + performance.now();
    await service.start({ runStartEpochMs: t0, window: { startMs: 0, endMs: 0, serviceFactor: 1 }, ttlMs: config.keyTtlMs, keyRequired: false });
    const pending: Promise<CallEnd>[] = [];
    for (let i = 0; i < WARMUP_CALLS && !signal.aborted; i++) {
      const body = JSON.stringify({ tenantId: 't-0', amountCents: 4_900, callId: `warm-${i}` });
      pending.push(attempt1(agent, service.port, body, i % 2 === 0 ? { 'idempotency-key': `warm-${i}` } : undefined, config.clientTimeoutMs));
      await sleep(1000 / config.arrivalPerSec);
    }
    await Promise.all(pending);
    await drain(signal, service, config.drainTimeoutMs);
  } finally {
    agent.destroy();
  }
}

/** Polls the server until nothing is in service or waiting (abandoned requests finish too). */
async function drain(signal: AbortSignal, service: StormService, timeoutMs: number): Promise<StormStatsMessage> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const stats = await service.stats();
    if (stats.inService === 0 && stats.waiting === 0) return stats;
    if (signal.aborted) throw new Error('case I: interrupted');
    if (performance.now() > deadline) throw new Error(`case I: the storm service still had work ${timeoutMs} ms after the last call`);
    await sleep(50);
  }
}

/** One logical call under `policy`: attempts until a success, the attempt limit or the budget says stop. */
async function oneCall(
  signal: AbortSignal,
  agent: http.Agent,
  port: number,
  config: RetryStormConfig,
  policy: RetryPolicy,
  throttle: RetryThrottle | undefined,
  runId: string,
  index: number,
  phase: Phase,
): Promise<CallOutcome> {
  const keyed = index % 2 === 0;
  const body = JSON.stringify({ tenantId: `t-${index % 1000}`, amountCents: 4_900, callId: `c${index}` });
  const headers = keyed ? { 'idempotency-key': `inv-${runId}-${index}` } : undefined;
  // Each call has its own seeded stream, so its backoff draws do not depend on other calls' timing.
  const draw = mulberry32((config.seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0);
  let end: CallEnd = 'other';
  let budgetRefused = false;
  for (let attempt = 1; attempt <= policy.maxAttempts; attempt++) {
    if (attempt > 1) {
      if (throttle && !throttle.retryAllowed()) {
        budgetRefused = true;
        break;
      }
      let waitMs = policy.backoff ? fullJitterDelayMs(attempt - 1, policy.backoff, draw()) : 0;
      if (end === 'conflict409') waitMs = Math.max(waitMs, config.conflictWaitMs);
      if (waitMs > 0) {
        try {
          await sleep(waitMs, undefined, { signal });
        } catch {
          return { end: 'aborted', phase, budgetRefused };
        }
      }
    }
    if (signal.aborted) return { end: 'aborted', phase, budgetRefused };
    end = await attempt1(agent, port, body, { ...headers, [PREVIOUS_ATTEMPTS_HEADER]: String(attempt - 1) }, config.clientTimeoutMs);
    if (end === 'ok') {
      throttle?.onSuccess();
      break;
    }
    throttle?.onFailure();
  }
  return { end, phase, budgetRefused };
}

/** One attempt, one outcome. A late reply after the timeout is never seen: the request is destroyed. */
async function attempt1(agent: http.Agent, port: number, body: string, headers: Record<string, string> | undefined, timeoutMs: number): Promise<CallEnd> {
  try {
    const reply = await postJson(agent, port, '/invoice', body, headers, timeoutMs);
    if (reply.status === 201) return 'ok';
    if (reply.status === 503) return 'rejected503';
    if (reply.status === 409) return 'conflict409';
    return 'other';
  } catch (error) {
    return error instanceof CallTimeoutError ? 'timedOut' : 'other';
  }
}

function summarise(
  config: RetryStormConfig,
  window: BrownoutWindow,
  runId: string,
  policy: RetryPolicy,
  ttlMs: number,
  calls: number,
  ended: readonly CallOutcome[],
  stats: StormStatsMessage,
  lagMaxMs: number,
): RetryStormRun {
  const b = config.bucketMs;
  const startBucket = window.startMs / b;
  const endBucket = window.endMs / b;
  // Series cover the whole run, at least to the end of the calls' schedule.
  const buckets = Math.max(stats.attemptsPerBucket.length, stats.latencyMsPerBucket.length, bucketIndex(config.durationMs, b) + 1);
  const pad = <T>(values: readonly T[], fill: T) => Array.from({ length: buckets }, (_, i) => values[i] ?? fill);
  const attemptsSeries = pad(stats.attemptsPerBucket, 0);
  const latency = pad(stats.latencyMsPerBucket, [] as number[]);
  const queueMax = pad(stats.queueMaxPerBucket, 0);
  const p99Ms = p99PerBucket(latency);
  const preWindowP99Ms = p99Over(latency, 0, startBucket);

  const phases = (series: readonly number[]) => ({
    before: sumRange(series, 0, startBucket),
    during: sumRange(series, startBucket, endBucket),
    after: sumRange(series, endBucket, buckets),
    total: sumRange(series, 0, buckets),
  });
  const attempts = phases(attemptsSeries);
  // Logical calls by the arrival of their first attempt: a client that falls behind its schedule
  // moves calls and their retries together, so the ratio per phase stays a ratio of the same calls.
  const callsArrived = phases(pad(stats.firstAttemptsPerBucket, 0));
  const byPhase = { before: 0, during: 0, after: 0 };
  for (let i = 0; i < calls; i++) byPhase[phaseOf(dueTimeMs(i, config.arrivalPerSec), window)] += 1;
  const callsByPhase = { ...byPhase, total: calls };
  const keyedCalls = Math.ceil(calls / 2);

  const failures = { timedOut: 0, rejected503: 0, conflict409: 0, other: 0, budgetRefused: 0 };
  let succeeded = 0;
  let succeededDuring = 0;
  for (const o of ended) {
    if (o.budgetRefused) failures.budgetRefused += 1;
    if (o.end === 'ok') {
      succeeded += 1;
      if (o.phase === 'during') succeededDuring += 1;
    } else if (o.end === 'timedOut' || o.end === 'rejected503' || o.end === 'conflict409' || o.end === 'other') {
      failures[o.end] += 1;
    }
  }
  return {
    id: runId,
    policyId: policy.id,
    keyTtlMs: ttlMs,
    seeded: { calls, keyedCalls, unkeyedCalls: calls - keyedCalls, callsByPhase },
    measured: {
      attempts,
      callsArrived,
      amplification: {
        during: amplification(attempts.during, callsArrived.during) ?? 0,
        after: amplification(attempts.after, callsArrived.after) ?? 0,
        overall: amplification(attempts.total, calls) ?? 0,
      },
      succeeded,
      failed: calls - succeeded,
      failures,
      goodputPerSec: succeeded / (config.durationMs / 1000),
      goodputDuringPerSec: succeededDuring / ((window.endMs - window.startMs) / 1000),
      invoicesWritten: stats.invoicesWritten,
      duplicates: stats.duplicates,
      statusCounts: stats.statusCounts,
      preWindowP99Ms,
      recoveryMs: recoveryMs({ window, bucketMs: b, queueMax, p99Ms, preWindowP99Ms, factor: config.recoveryP99Factor }),
      schedulerLagMaxMs: Math.max(0, lagMaxMs),
      series: { attempts: attemptsSeries, queueMax, p99Ms },
    },
  };
}
