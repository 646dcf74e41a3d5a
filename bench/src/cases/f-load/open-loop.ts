/**
 * Open loop: calls arrive on a schedule (constant rate, Poisson or uniform gaps, seeded) whether or
 * not earlier calls have answered, as users do. They go out over a fixed pool of kept-alive
 * connections, opened before the level (as wrk2 does; opening connections mid-level would measure
 * connection set-up storms, not the service). A due call that finds every connection busy waits for
 * one, in the client. Each call is timed from its intended send time (so a stall, in the service or
 * in the client, is charged to every call it delays: no coordinated omission) and from its actual
 * send, the moment it got a connection (what a naive load test reports). The scheduler's lag is
 * actual − intended: timer lateness plus the wait for a free connection. When the in-flight cap
 * (calls waiting or on the wire) is reached, a due call is dropped and counted, never delayed.
 */
import http from 'node:http';
import { mulberry32 } from '../../harness/prng.ts';
import { callOnce, callTimed, countError, type LoadTarget } from './call.ts';
import { LatencyRecorder, type LatencySummary } from './recorder.ts';

/** Settings of one open-loop level. */
export interface OpenLevelSettings {
  /** Target arrival rate, calls/s. */
  ratePerSec: number;
  /** "poisson": exponential gaps (seeded); "uniform": equal gaps. */
  arrival: 'poisson' | 'uniform';
  /** mulberry32 seed of the Poisson gaps. */
  seed: number;
  /** Arrivals before the window, not recorded, ms. */
  warmupMs: number;
  /** Measured window (by intended send time), ms. */
  measureMs: number;
  /** Calls in flight (waiting for a connection or on the wire) at most; a call due while the cap is reached is dropped. */
  inFlightCap: number;
  /** Kept-alive connections, opened before the level starts. */
  connections: number;
  /** Per-call idle timeout, ms. */
  callTimeoutMs: number;
}

/** What one open-loop level measured. */
export interface OpenLevelRun {
  targetPerSec: number;
  /** Calls due inside the window, per second. */
  duePerSec: number;
  /** Calls actually sent inside the window (due minus dropped), per second. */
  sentPerSec: number;
  /** Successful calls completed inside the window, per second. */
  okPerSec: number;
  /** Latency from intended send, successful calls due in the window, µs. */
  fromIntended: LatencySummary;
  /** Latency from actual send, same calls, µs. */
  fromActual: LatencySummary;
  /** Actual minus intended send time of every sent call due in the window (timer lateness plus the wait for a connection), µs. */
  schedulerLag: LatencySummary;
  /** Calls due in the window. */
  due: number;
  /** Calls due in the window dropped at the in-flight cap. */
  dropped: number;
  /** Calls due in the window that failed, by kind. */
  errors: Record<string, number>;
  /** Most calls in flight at once. */
  maxInFlight: number;
}

/**
 * Runs one level. `onWindow.start/end` mark the measured window (for probes).
 * Waits for every call in flight (each bounded by its timeout), then destroys every socket.
 */
export async function runOpenLevel(
  target: LoadTarget,
  s: OpenLevelSettings,
  signal: AbortSignal,
  onWindow: { start(): void; end(): void } = { start() {}, end() {} },
): Promise<OpenLevelRun> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: s.connections, maxFreeSockets: s.connections });
  const draw = mulberry32(s.seed);
  const meanGapMs = 1000 / s.ratePerSec;
  const gap = s.arrival === 'poisson' ? () => -Math.log(1 - draw()) * meanGapMs : () => meanGapMs;
  const fromIntended = new LatencyRecorder();
  const fromActual = new LatencyRecorder();
  const lag = new LatencyRecorder();
  const errors: Record<string, number> = {};
  let due = 0;
  let dropped = 0;
  let okInWindow = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  let index = 0;
  const pending = new Set<Promise<void>>();

  // Open the pool: one call per connection at once, not recorded.
  await Promise.all(Array.from({ length: s.connections }, () => callOnce(agent, target, index++, s.callTimeoutMs)));
  const t0 = performance.now();
  const windowStart = t0 + s.warmupMs;
  const windowEnd = windowStart + s.measureMs;
  // Arrivals as offsets from t0: the window's edges compare exactly (t0 + k·gap, summed, would carry
  // t0's rounding and put a call on the edge in or out of the window from one run to the next).
  const windowStartOffset = s.warmupMs;
  const windowEndOffset = s.warmupMs + s.measureMs;
  let nextOffset = 0;
  let windowOpen = false;

  const send = (offset: number) => {
    const intended = t0 + offset;
    const measured = offset >= windowStartOffset;
    if (measured) due += 1;
    if (inFlight >= s.inFlightCap) {
      if (measured) dropped += 1;
      return;
    }
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const p = callTimed(agent, target, index++, s.callTimeoutMs).then((outcome) => {
      const end = performance.now();
      const actual = outcome.sentAt;
      inFlight -= 1;
      if (measured) lag.record((actual - intended) * 1000);
      if (!outcome.ok) {
        if (measured) countError(errors, outcome.kind);
        return;
      }
      if (measured) {
        fromIntended.record((end - intended) * 1000);
        fromActual.record((end - actual) * 1000);
      }
      if (end >= windowStart && end < windowEnd) okInWindow += 1;
    });
    pending.add(p);
    void p.finally(() => pending.delete(p));
  };

  try {
    await new Promise<void>((resolve) => {
      let timer: NodeJS.Timeout | NodeJS.Immediate | undefined;
      const tick = () => {
        const now = performance.now();
        if (!windowOpen && now >= windowStart) {
          windowOpen = true;
          onWindow.start();
        }
        // Everything due by now is sent now, in order; a late tick shows up as scheduler lag.
        while (t0 + nextOffset <= now && nextOffset < windowEndOffset) {
          send(nextOffset);
          nextOffset += gap();
        }
        if (nextOffset >= windowEndOffset || signal.aborted) return resolve();
        const wait = t0 + nextOffset - performance.now();
        timer = wait < 1 ? setImmediate(tick) : setTimeout(tick, Math.floor(wait));
      };
      signal.addEventListener('abort', () => {
        if (timer) { clearTimeout(timer as NodeJS.Timeout); clearImmediate(timer as NodeJS.Immediate); }
        resolve();
      }, { once: true });
      tick();
    });
    // The window ends with the last due call; the drain below is not part of it.
    if (windowOpen) onWindow.end();
    windowOpen = false;
    await Promise.all([...pending]);
  } finally {
    if (windowOpen) onWindow.end();
    agent.destroy();
  }
  const sentInWindow = due - dropped;
  const seconds = s.measureMs / 1000;
  return {
    targetPerSec: s.ratePerSec,
    duePerSec: due / seconds,
    sentPerSec: sentInWindow / seconds,
    okPerSec: okInWindow / seconds,
    fromIntended: fromIntended.summary(),
    fromActual: fromActual.summary(),
    schedulerLag: lag.summary(),
    due,
    dropped,
    errors,
    maxInFlight,
  };
}
