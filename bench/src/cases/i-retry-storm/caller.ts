/**
 * The client side of case I: one HTTP attempt with a hard per-attempt timeout, and one logical call
 * made of attempts under a policy (retry-policy.ts).
 */
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { mulberry32 } from '../../harness/prng.ts';
import { afterAttempt } from './retry-policy.ts';
import { DEADLINE_HEADER, PREVIOUS_ATTEMPTS_HEADER } from './storm-protocol.ts';
import type { RetryThrottle } from './token-bucket.ts';
import type { RetryPolicy } from './schema.ts';

/** How one attempt ended. */
export type AttemptEnd = 'ok' | 'timedOut' | 'rejected503' | 'conflict409' | 'deadline504' | 'other';

/** One attempt's outcome: how it ended, and whether a 201 was a replay of a stored reply. */
export interface AttemptOutcome {
  readonly end: AttemptEnd;
  readonly replayed: boolean;
}

/** Shared clock of client and server: ms. */
export const sharedClock = (): number => performance.timeOrigin + performance.now();

/**
 * POSTs `body` to 127.0.0.1:port/invoice and waits at most `timeoutMs` from now for the whole reply;
 * then the request is destroyed and the attempt counts as timed out (a late reply is never seen).
 * Settles exactly once; never rejects.
 */
export function attemptOnce(agent: http.Agent, port: number, body: string, headers: Readonly<Record<string, string>>, timeoutMs: number): Promise<AttemptOutcome> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: AttemptOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const req = http.request(
      { host: '127.0.0.1', port, path: '/invoice', method: 'POST', agent, headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        res.resume();
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          const end: AttemptEnd = status === 201 ? 'ok' : status === 503 ? 'rejected503' : status === 409 ? 'conflict409' : status === 504 ? 'deadline504' : 'other';
          settle({ end, replayed: res.headers['idempotent-replayed'] === 'true' });
        });
        res.on('error', () => settle({ end: 'other', replayed: false }));
      },
    );
    const timer = setTimeout(() => {
      settle({ end: 'timedOut', replayed: false });
      req.destroy();
    }, timeoutMs);
    req.on('error', () => settle({ end: 'other', replayed: false }));
    req.end(body);
  });
}

/** What a logical call did. */
export interface CallRecord {
  /** How its last attempt ended. */
  end: AttemptEnd | 'aborted';
  /** When it succeeded, ms after the run's time zero; null when it did not. */
  succeededAtMs: number | null;
  /** Attempts it sent. */
  attempts: number;
  /** The budget refused its retry. */
  budgetRefused: boolean;
  /** Attempts that got a first-written 201 (not a replay): served while the caller waited. */
  servedInTime: number;
}

/** Everything one call needs besides its index. */
export interface CallContext {
  readonly signal: AbortSignal;
  readonly agent: http.Agent;
  readonly port: number;
  readonly seed: number;
  readonly runId: string;
  readonly policy: RetryPolicy;
  readonly throttle: RetryThrottle | undefined;
  readonly clientTimeoutMs: number;
  /** The run's time zero on the shared clock, ms. */
  readonly t0: number;
}

/**
 * One logical call: attempts until a success, the attempt limit or the budget says stop. Even-numbered
 * calls send an Idempotency-Key. Each call has its own seeded stream for its backoff draws, so its
 * delays do not depend on other calls' timing.
 */
export async function oneCall(ctx: CallContext, index: number): Promise<CallRecord> {
  const keyed = index % 2 === 0;
  const body = JSON.stringify({ callIndex: index, tenantId: `t-${index % 1000}`, amountCents: 4_900 });
  const draw = mulberry32((ctx.seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0);
  const record: CallRecord = { end: 'other', succeededAtMs: null, attempts: 0, budgetRefused: false, servedInTime: 0 };
  for (let attempt = 1; ; attempt++) {
    if (ctx.signal.aborted) {
      record.end = 'aborted';
      return record;
    }
    const headers: Record<string, string> = { [PREVIOUS_ATTEMPTS_HEADER]: String(attempt - 1) };
    if (keyed) headers['idempotency-key'] = `inv-${ctx.runId}-${index}`;
    if (ctx.policy.deadlineHeader) headers[DEADLINE_HEADER] = String(sharedClock() + ctx.clientTimeoutMs);
    const outcome = await attemptOnce(ctx.agent, ctx.port, body, headers, ctx.clientTimeoutMs);
    record.attempts = attempt;
    record.end = outcome.end;
    if (outcome.end === 'ok') {
      record.succeededAtMs = sharedClock() - ctx.t0;
      if (!outcome.replayed) record.servedInTime += 1;
    }
    const next = afterAttempt(ctx.policy, attempt, outcome.end === 'ok', ctx.throttle, draw);
    if (!next.retry) {
      record.budgetRefused = next.reason === 'budget';
      return record;
    }
    if (next.delayMs > 0) {
      try {
        await sleep(next.delayMs, undefined, { signal: ctx.signal });
      } catch {
        record.end = 'aborted';
        return record;
      }
    }
  }
}
