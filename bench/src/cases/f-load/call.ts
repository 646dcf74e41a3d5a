/** One load-test call and how its failures are named (errors are counted by kind, never timed). */
import http from 'node:http';
import { CallTimeoutError, postJson } from '../../harness/http-client.ts';

/** Where load goes: a service on 127.0.0.1 that answers POST `path` with 200. */
export interface LoadTarget {
  port: number;
  /** Request path, e.g. "/check". */
  path: string;
  /** JSON bodies sent in turn. */
  bodies: readonly string[];
}

/** A call's outcome: ok, or the kind of error ("timeout", "ECONNRESET", "http 502", …). */
export type CallOutcome = { ok: true } | { ok: false; kind: string };

/** Sends one call; never rejects. */
export async function callOnce(agent: http.Agent, target: LoadTarget, i: number, timeoutMs: number): Promise<CallOutcome> {
  try {
    const reply = await postJson(agent, target.port, target.path, target.bodies[i % target.bodies.length]!, undefined, timeoutMs);
    return reply.status >= 200 && reply.status < 300 ? { ok: true } : { ok: false, kind: `http ${reply.status}` };
  } catch (error) {
    if (error instanceof CallTimeoutError) return { ok: false, kind: 'timeout' };
    return { ok: false, kind: (error as NodeJS.ErrnoException).code ?? 'other' };
  }
}

/** Adds one error of `kind` to a count record. */
export function countError(errors: Record<string, number>, kind: string): void {
  errors[kind] = (errors[kind] ?? 0) + 1;
}

/** A call's outcome with the moment it was put on a connection (performance.now(), ms). */
export type TimedOutcome = CallOutcome & { sentAt: number };

/**
 * Sends one call through `agent` and notes when it actually went out: when the agent handed it a
 * connection (at once when one is free, later when every connection is busy and it had to queue).
 * Never rejects; the response body is drained, not kept.
 */
export function callTimed(agent: http.Agent, target: LoadTarget, i: number, timeoutMs: number): Promise<TimedOutcome> {
  return new Promise((resolve) => {
    let sentAt = Number.NaN;
    let settled = false;
    const settle = (outcome: CallOutcome) => {
      if (settled) return;
      settled = true;
      resolve({ ...outcome, sentAt: Number.isNaN(sentAt) ? performance.now() : sentAt });
    };
    const body = target.bodies[i % target.bodies.length]!;
    const req = http.request(
      { host: '127.0.0.1', port: target.port, path: target.path, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        const status = res.statusCode ?? 0;
        res.on('error', (error: NodeJS.ErrnoException) => settle({ ok: false, kind: error.code ?? 'other' }));
        res.on('end', () => settle(status >= 200 && status < 300 ? { ok: true } : { ok: false, kind: `http ${status}` }));
        res.resume();
      },
    );
    req.once('socket', () => {
      sentAt = performance.now();
    });
    req.on('error', (error: NodeJS.ErrnoException) => settle(error instanceof CallTimeoutError ? { ok: false, kind: 'timeout' } : { ok: false, kind: error.code ?? 'other' }));
    req.setTimeout(timeoutMs, () => req.destroy(new CallTimeoutError(timeoutMs)));
    req.end(body);
  });
}
