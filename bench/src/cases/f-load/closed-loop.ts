/**
 * Closed loop: c callers, each with its own kept-alive connection, each sending its next call only
 * when its previous one has answered. Throughput is what the system lets through; latency is timed
 * from each call's actual send (in a closed loop there is no other schedule to time it from).
 */
import http from 'node:http';
import { callOnce, countError, type LoadTarget } from './call.ts';
import { LatencyRecorder, type LatencySummary } from './recorder.ts';

/** Settings of one closed-loop level. */
export interface ClosedLevelSettings {
  /** Concurrent callers (and connections). */
  concurrency: number;
  /** Calls before the window, not recorded, ms. */
  warmupMs: number;
  /** Measured window, ms. */
  measureMs: number;
  /** Per-call idle timeout, ms (a timeout is counted as an error). */
  callTimeoutMs: number;
}

/** What one closed-loop level measured (before the probes are added). */
export interface ClosedLevelRun {
  concurrency: number;
  /** Length of the measured window, ms. */
  windowMs: number;
  /** Successful calls that completed inside the window. */
  callsInWindow: number;
  /** callsInWindow per second of window. */
  callsPerSec: number;
  /** Latency of the successful calls sent inside the window, µs. */
  latency: LatencySummary;
  /** Calls sent inside the window that failed, by kind. */
  errors: Record<string, number>;
  /** Calls sent inside the window. */
  sent: number;
}

/**
 * Runs one level. `onWindow` is called when the measured window starts and again when it ends.
 * Every socket is destroyed before it resolves; it never rejects for a failed call (those are counted).
 */
export async function runClosedLevel(
  target: LoadTarget,
  s: ClosedLevelSettings,
  signal: AbortSignal,
  onWindow: { start(): void; end(): void } = { start() {}, end() {} },
): Promise<ClosedLevelRun> {
  const agents = Array.from({ length: s.concurrency }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  const recorder = new LatencyRecorder();
  const errors: Record<string, number> = {};
  let sent = 0;
  let callsInWindow = 0;
  const t0 = performance.now();
  const windowStart = t0 + s.warmupMs;
  const windowEnd = windowStart + s.measureMs;
  let started = false;
  const startTimer = setTimeout(() => {
    started = true;
    onWindow.start();
  }, s.warmupMs);
  let index = 0;
  try {
    const caller = async (agent: http.Agent) => {
      while (!signal.aborted) {
        const start = performance.now();
        if (start >= windowEnd) return;
        const outcome = await callOnce(agent, target, index++, s.callTimeoutMs);
        const end = performance.now();
        const measured = start >= windowStart;
        if (measured) sent += 1;
        if (!outcome.ok) {
          if (measured) countError(errors, outcome.kind);
          continue;
        }
        if (measured) recorder.record((end - start) * 1000);
        if (end >= windowStart && end < windowEnd) callsInWindow += 1;
      }
    };
    await Promise.all(agents.map(caller));
  } finally {
    clearTimeout(startTimer);
    if (started) onWindow.end();
    for (const agent of agents) agent.destroy();
  }
  const windowMs = Math.min(performance.now(), windowEnd) - windowStart;
  return {
    concurrency: s.concurrency,
    windowMs: Math.max(windowMs, 0),
    callsInWindow,
    callsPerSec: windowMs > 0 ? (callsInWindow * 1000) / windowMs : 0,
    latency: recorder.summary(),
    errors,
    sent,
  };
}
