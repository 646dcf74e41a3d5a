/**
 * The measurement loops. Inside a timed loop: the call and two clock reads, one sample slot
 * written; no logging, no allocation by the harness.
 */
import { checkEntitlement, requestFor, type EntitlementRequest } from './entitlement.ts';
import { logHistogramNs, summarizeNs } from './stats.ts';
import type { LatencyRun, SocketCount } from './schema.ts';

/** Requests repeat with period 3000 (tenants cycle every 1000, features every 3): built once. */
export const REQUEST_PERIOD = 3000;
export const REQUESTS: readonly EntitlementRequest[] = Array.from({ length: REQUEST_PERIOD }, (_, i) => requestFor(i));

/** Sum of `limit` over requests 0 … calls − 1, computed in-process: what every path's sink must equal. */
export function expectedSink(calls: number): number {
  let sum = 0;
  for (let i = 0; i < calls; i++) sum += checkEntitlement(REQUESTS[i % REQUEST_PERIOD]!).limit;
  return sum;
}

/** Samples of a timed loop, ns, and the loop's total elapsed time, ns. */
export interface TimedLoop {
  samplesNs: Float64Array;
  elapsedNs: number;
  /** Sum of the `limit` of every timed call's result. */
  sink: number;
}

/**
 * Serial async calls: `warmup` untimed, then `timed` timed, each awaited before the next.
 * @param call performs request i and returns the result's limit.
 */
export async function timeSerialAsync(call: (i: number) => Promise<number>, warmup: number, timed: number): Promise<TimedLoop> {
  for (let i = 0; i < warmup; i++) await call(i);
  const samplesNs = new Float64Array(timed);
  let sink = 0;
  const start = process.hrtime.bigint();
  for (let i = 0; i < timed; i++) {
    const t0 = process.hrtime.bigint();
    sink += await call(i);
    samplesNs[i] = Number(process.hrtime.bigint() - t0);
  }
  return { samplesNs, elapsedNs: Number(process.hrtime.bigint() - start), sink };
}

/**
 * Builds a run's record from a timed loop.
 * @param callsPerSec serial calls/s; defaults to timed calls / elapsed seconds of the timed loop.
 * @throws Error when the sink differs from the in-process sum (a path returned wrong results).
 */
export function latencyRun(run: number, caseLabel: string, loop: TimedLoop, sockets: SocketCount[], callsPerSec?: number): LatencyRun {
  const expected = expectedSink(loop.samplesNs.length);
  if (loop.sink !== expected) {
    throw new Error(`case ${caseLabel}, run ${run}: results summed to ${loop.sink}, expected ${expected}; the path returned wrong entitlements`);
  }
  const histogram = logHistogramNs(loop.samplesNs);
  const summary = summarizeNs(loop.samplesNs);
  return {
    run,
    ...summary,
    callsPerSec: callsPerSec ?? loop.samplesNs.length / (loop.elapsedNs / 1e9),
    timedLoopMs: loop.elapsedNs / 1e6,
    sockets,
    histogram,
  };
}

/**
 * Checks socket counts against what the case requires.
 * @throws Error naming the case, the link and both counts when any link differs.
 */
export function assertSockets(caseLabel: string, run: number, sockets: readonly SocketCount[]): void {
  for (const s of sockets) {
    if (s.opened !== s.expected) {
      throw new Error(
        `case ${caseLabel}, run ${run}: ${s.link} opened ${s.opened} connection(s), expected ${s.expected}; ` +
          `the case does not measure what it claims (check the agent's keep-alive settings and that every response body is drained)`,
      );
    }
  }
}
