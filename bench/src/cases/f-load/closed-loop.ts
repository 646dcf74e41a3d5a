/**
 * Closed loop on the raw generator: c connections, each sending its next call as soon as its previous
 * one has answered. Throughput is what the system lets through; latency is timed from each call's
 * actual send (a closed loop has no other schedule to time it from). A level's window runs until it
 * holds `minCalls` completed calls sent inside it (the calls its latency holds) and `minMeasureMs` have
 * passed, or `maxMeasureMs` have passed.
 */
import { openConnections, sweepTimeouts, type RawConnection, type RawTarget } from './raw-connection.ts';
import { LatencyRecorder, type LatencySummary } from './recorder.ts';

/** Settings of one closed-loop level. */
export interface ClosedLevelSettings {
  /** Concurrent callers (one connection each). */
  concurrency: number;
  /** Calls before the window, not recorded, ms. */
  warmupMs: number;
  /** The window holds at least this many completed calls… */
  minCalls: number;
  /** …and lasts at least this long, ms… */
  minMeasureMs: number;
  /** …unless it reaches this length first, ms. */
  maxMeasureMs: number;
  /** A call on the wire longer than this fails as "timeout", ms. */
  callTimeoutMs: number;
}

/** What one closed-loop level measured (before the probes are added). */
export interface ClosedLevelRun {
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

/** Adds one error of `kind` to a count record. */
export function countError(errors: Record<string, number>, kind: string): void {
  errors[kind] = (errors[kind] ?? 0) + 1;
}

/**
 * Runs one level. `onWindow` is called when the measured window starts and when it ends.
 * Every socket is closed before it resolves; a failed call is counted, never thrown.
 * @throws Error when the connections cannot be opened.
 */
export async function runClosedLevel(
  target: RawTarget,
  s: ClosedLevelSettings,
  signal: AbortSignal,
  onWindow: { start(): void; end(): void } = { start() {}, end() {} },
): Promise<ClosedLevelRun> {
  const recorder = new LatencyRecorder();
  const errors: Record<string, number> = {};
  let sent = 0;
  let callsInWindow = 0;
  // Completed calls sent inside the window: the calls the latency holds, which minCalls counts.
  let measuredDone = 0;
  let index = 0;
  let windowStart = Infinity;
  let windowEnd = Infinity;
  let stopping = false;
  let live = 0;
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const conns = new Set<RawConnection>();

  const next = (conn: RawConnection, now: number) => {
    if (stopping || signal.aborted) {
      conn.close();
      if (--live === 0) finish();
      return;
    }
    conn.sentAt = now;
    conn.measured = now >= windowStart;
    if (conn.measured) sent += 1;
    conn.send(target.requests[index++ % target.requests.length]!);
  };
  const endWindow = (now: number) => {
    if (stopping) return;
    stopping = true;
    windowEnd = now;
    if (windowStart !== Infinity) onWindow.end();
  };
  const maybeEnd = (now: number) => {
    const elapsed = now - windowStart;
    if (elapsed >= s.maxMeasureMs || (elapsed >= s.minMeasureMs && measuredDone >= s.minCalls)) endWindow(now);
  };
  const listener = {
    response(conn: RawConnection, status: number) {
      const now = performance.now();
      if (status >= 200 && status < 300) {
        if (conn.measured) {
          recorder.record((now - conn.sentAt) * 1000);
          measuredDone += 1;
        }
        if (now >= windowStart && !stopping) callsInWindow += 1;
      } else if (conn.measured) {
        countError(errors, `http ${status}`);
      }
      if (!stopping && windowStart !== Infinity) maybeEnd(now);
      next(conn, now);
    },
    failure(conn: RawConnection, kind: string, lostCall: boolean) {
      conns.delete(conn);
      if (lostCall && conn.measured) countError(errors, kind);
      if (stopping || signal.aborted) {
        if (--live === 0) finish();
        return;
      }
      // Replace the connection, so the level keeps its concurrency.
      void openConnections(target, 1, listener).then(
        ([fresh]) => {
          conns.add(fresh!);
          next(fresh!, performance.now());
        },
        () => {
          if (--live === 0) finish();
        },
      );
    },
  };

  const opened = await openConnections(target, s.concurrency, listener);
  for (const c of opened) conns.add(c);
  live = opened.length;
  const t0 = performance.now();
  const startTimer = setTimeout(() => {
    windowStart = performance.now();
    onWindow.start();
  }, s.warmupMs);
  const maxTimer = setTimeout(() => endWindow(performance.now()), s.warmupMs + s.maxMeasureMs + 5);
  const sweeper = setInterval(() => sweepTimeouts(conns, performance.now(), s.callTimeoutMs), Math.max(10, Math.min(250, s.callTimeoutMs / 4)));
  const onAbort = () => endWindow(performance.now());
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    for (const c of opened) next(c, t0);
    await done;
  } finally {
    clearTimeout(startTimer);
    clearTimeout(maxTimer);
    clearInterval(sweeper);
    signal.removeEventListener('abort', onAbort);
    for (const c of conns) c.close();
  }
  const windowMs = windowStart === Infinity ? 0 : windowEnd - windowStart;
  return {
    windowMs,
    callsInWindow,
    callsPerSec: windowMs > 0 ? (callsInWindow * 1000) / windowMs : 0,
    latency: recorder.summary(),
    errors,
    sent,
  };
}
