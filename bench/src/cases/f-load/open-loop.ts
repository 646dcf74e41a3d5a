/**
 * Open loop on the raw generator: calls are due on a schedule (schedule.ts) whether or not earlier
 * calls have answered, as independent users send them. They go out over a fixed pool of kept-alive
 * connections opened before the level (as wrk2 does). The scheduler sleeps (clock.ts) until the next
 * tick with a call due, and sends every call due by then; a response that arrives after a tick also
 * sends what is due, so a busy loop never waits for the alarm. A due call that finds every connection
 * busy waits in the client for one. Each call is timed from its intended send (its tick: no
 * coordinated omission) and from its actual send (what a naive load test reports). Clock lag is the
 * scheduler's own lateness, wake-up − intended send, the figure the validity rule reads; the send delay
 * (schedulerLag) adds the wait for a free connection, which a saturated service causes. A call due while
 * `inFlightCap` calls wait or are on the wire is dropped and counted, never delayed.
 */
import { AlarmClock } from './clock.ts';
import { countError } from './closed-loop.ts';
import { openConnections, sweepTimeouts, type RawConnection, type RawTarget } from './raw-connection.ts';
import { LatencyRecorder, type LatencySummary } from './recorder.ts';
import { Schedule, type ArrivalKind } from './schedule.ts';

/** Settings of one open-loop level. */
export interface OpenLevelSettings {
  /** Target arrival rate, calls/s. */
  ratePerSec: number;
  arrival: ArrivalKind;
  /** mulberry32 seed of the Poisson gaps. */
  seed: number;
  /** The scheduler's grid, ms. */
  granularityMs: number;
  /** How long before a tick the clock thread stops sleeping, ms. */
  clockSpinMs: number;
  /** Calls due before the window, not recorded, ms. */
  warmupMs: number;
  /** Measured window, by intended send time, ms. */
  measureMs: number;
  /** Calls waiting for a connection or on the wire, at most; a call due beyond it is dropped. */
  inFlightCap: number;
  /** Kept-alive connections, opened before the level. */
  connections: number;
  /** A call on the wire longer than this fails as "timeout", ms. */
  callTimeoutMs: number;
}

/** What one open-loop level measured. */
export interface OpenLevelRun {
  /** Length of the window, ms. */
  windowMs: number;
  /** Calls due inside the window. */
  due: number;
  /** Calls due in the window dropped at the in-flight cap. */
  dropped: number;
  /** Successful calls completed inside the window, per second. */
  okPerSec: number;
  /** Latency from intended send, successful calls due in the window, µs. */
  fromIntended: LatencySummary;
  /** Latency from actual send, same calls, µs. */
  fromActual: LatencySummary;
  /** Actual − intended send of every sent call due in the window: the clock's lateness plus any wait for a free connection, µs. */
  schedulerLag: LatencySummary;
  /** Wake-up − intended send of every call due in the window: the scheduler's own lateness, without the wait for a connection, µs. */
  clockLag: LatencySummary;
  /** Calls due in the window that failed, by kind. */
  errors: Record<string, number>;
  /** Most calls waiting or on the wire at once. */
  maxInFlight: number;
}

/**
 * Runs one level. `onWindow.start/end` mark the measured window (for probes). Waits for every call in
 * flight (each bounded by its timeout), then closes every socket and the clock.
 * @throws Error when the connections cannot be opened.
 */
export async function runOpenLevel(
  target: RawTarget,
  s: OpenLevelSettings,
  signal: AbortSignal,
  onWindow: { start(): void; end(): void } = { start() {}, end() {} },
): Promise<OpenLevelRun> {
  const schedule = new Schedule({ ratePerSec: s.ratePerSec, arrival: s.arrival, seed: s.seed, granularityMs: s.granularityMs });
  const fromIntended = new LatencyRecorder();
  const fromActual = new LatencyRecorder();
  const lag = new LatencyRecorder();
  const clockLag = new LatencyRecorder();
  const errors: Record<string, number> = {};
  let due = 0;
  let dropped = 0;
  let okInWindow = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  let index = 0;
  let t0 = 0;
  let windowStart = 0;
  let windowEnd = 0;
  let windowOpen = false;
  let scheduling = true;
  const free: RawConnection[] = [];
  const conns = new Set<RawConnection>();
  // Calls waiting for a connection: their intended send times, FIFO (head index, no shifting).
  const waiting: number[] = [];
  let waitHead = 0;
  let settle: () => void = () => {};
  const drained = new Promise<void>((resolve) => {
    settle = resolve;
  });
  const checkDrained = () => {
    if (!scheduling && inFlight === 0) settle();
  };

  const sendOn = (conn: RawConnection, intended: number, now: number) => {
    conn.intendedAt = intended;
    conn.sentAt = now;
    conn.measured = intended >= windowStart && intended < windowEnd;
    if (conn.measured) lag.record((now - intended) * 1000);
    conn.send(target.requests[index++ % target.requests.length]!);
  };
  const release = (now: number) => {
    if (!windowOpen && scheduling && now >= windowStart) {
      windowOpen = true;
      onWindow.start();
    }
    while (scheduling && t0 + schedule.nextDueMs <= now) {
      const intended = t0 + schedule.nextDueMs;
      schedule.advance();
      if (intended >= windowEnd) {
        scheduling = false;
        break;
      }
      const inWindow = intended >= windowStart;
      if (inWindow) {
        due += 1;
        clockLag.record((now - intended) * 1000);
      }
      if (inFlight >= s.inFlightCap) {
        if (inWindow) dropped += 1;
        continue;
      }
      inFlight += 1;
      if (inFlight > maxInFlight) maxInFlight = inFlight;
      let conn = free.pop();
      while (conn?.dead) conn = free.pop();
      if (conn) sendOn(conn, intended, now);
      else waiting.push(intended);
    }
    if (!scheduling) {
      if (windowOpen) {
        windowOpen = false;
        onWindow.end();
      }
      checkDrained();
      return;
    }
    clock.wakeAt(t0 + schedule.nextDueMs);
  };
  const afterCall = (conn: RawConnection | undefined, now: number) => {
    inFlight -= 1;
    if (conn) {
      if (waitHead < waiting.length) {
        const intended = waiting[waitHead++]!;
        if (waitHead > 1024 && waitHead * 2 > waiting.length) {
          waiting.splice(0, waitHead);
          waitHead = 0;
        }
        sendOn(conn, intended, now);
      } else {
        free.push(conn);
      }
    }
    if (scheduling && t0 + schedule.nextDueMs <= now) release(now);
    else checkDrained();
  };
  const listener = {
    response(conn: RawConnection, status: number) {
      const now = performance.now();
      if (conn.measured) {
        if (status >= 200 && status < 300) {
          fromIntended.record((now - conn.intendedAt) * 1000);
          fromActual.record((now - conn.sentAt) * 1000);
        } else {
          countError(errors, `http ${status}`);
        }
      }
      if (status >= 200 && status < 300 && now >= windowStart && now < windowEnd) okInWindow += 1;
      afterCall(conn, now);
    },
    failure(conn: RawConnection, kind: string, lostCall: boolean) {
      conns.delete(conn);
      if (lostCall) {
        if (conn.measured) countError(errors, kind);
        // The pool shrinks by one; waiting calls go to the other connections.
        afterCall(undefined, performance.now());
      }
      if (conns.size === 0) {
        // No connection left: the waiting calls fail, and calls due from now on are dropped at the cap.
        for (; waitHead < waiting.length; waitHead++) {
          if (waiting[waitHead]! >= windowStart && waiting[waitHead]! < windowEnd) countError(errors, 'no connection left');
          inFlight -= 1;
        }
        inFlight = s.inFlightCap;
        scheduling = false;
        inFlight = 0;
        checkDrained();
      }
    },
  };

  const clock = new AlarmClock(() => release(performance.now()), s.clockSpinMs);
  const opened = await openConnections(target, s.connections, listener).catch(async (error: unknown) => {
    await clock.close();
    throw error;
  });
  for (const c of opened) {
    conns.add(c);
    free.push(c);
  }
  const sweeper = setInterval(() => sweepTimeouts(conns, performance.now(), s.callTimeoutMs), Math.max(10, Math.min(250, s.callTimeoutMs / 4)));
  const onAbort = () => {
    scheduling = false;
    inFlight = 0;
    settle();
  };
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    await clock.ready();
    t0 = performance.now();
    windowStart = t0 + s.warmupMs;
    windowEnd = windowStart + s.measureMs;
    clock.wakeAt(t0 + schedule.nextDueMs);
    await drained;
  } finally {
    if (windowOpen) onWindow.end();
    clearInterval(sweeper);
    signal.removeEventListener('abort', onAbort);
    for (const c of conns) c.close();
    await clock.close();
  }
  return {
    windowMs: s.measureMs,
    due,
    dropped,
    okPerSec: (okInWindow * 1000) / s.measureMs,
    fromIntended: fromIntended.summary(),
    fromActual: fromActual.summary(),
    schedulerLag: lag.summary(),
    clockLag: clockLag.summary(),
    errors,
    maxInFlight,
  };
}
