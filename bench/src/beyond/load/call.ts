/** One load-test call and how its failures are named (errors are counted by kind, never timed). */
import type http from 'node:http';
import { CallTimeoutError, postJson } from '../../http-client.ts';

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
