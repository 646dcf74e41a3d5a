/**
 * The machine's wake-up floor: how late the open loop's clock (clock.ts) wakes this thread when there
 * is nothing else to do, no sockets and no calls, on the same grid and arrival schedule as an open
 * level. No scheduler that sleeps can keep its schedule more closely than this, so when its p99 is
 * above a target's unloaded p50, that target's open levels cannot pass the scheduler-lag rule on this
 * machine, whatever the generator does. The steal time during the test (steal.ts) says how much CPU
 * time the host gave to other work meanwhile; how the idle CPUs wait (cpuIdleNote) is the other known
 * cause of late wake-ups on a virtual machine. Neither is proved the cause here: both are reported.
 */
import { readFileSync } from 'node:fs';
import { AlarmClock } from './clock.ts';
import { LatencyRecorder, type LatencySummary } from './recorder.ts';
import { Schedule } from './schedule.ts';
import { readCpuTicks, stealPercent } from './steal.ts';

/** Settings of one floor measurement. */
export interface WakeFloorSettings {
  /** Wake-ups per second (Poisson arrivals on the grid). */
  ratePerSec: number;
  seed: number;
  /** The scheduler's grid, ms. */
  granularityMs: number;
  /** How long before a tick the clock thread stops sleeping, ms. */
  clockSpinMs: number;
  /** Wake-ups before the window, not recorded, ms (the clock thread's first ticks run cold). */
  warmupMs: number;
  /** Measured window, ms. */
  measureMs: number;
}

/** What one floor measurement found. */
export interface WakeFloorRun {
  /** Lateness of every wake-up due in the window: when the handler ran minus the tick it was set for, µs. */
  lag: LatencySummary;
  /** Steal time over the test (its warm-up and window), % of all CPUs' time; null where /proc/stat does not say. */
  stealPercent: number | null;
}

/**
 * Measures the floor once.
 * @throws Error when the clock thread cannot start.
 */
export async function measureWakeFloor(s: WakeFloorSettings): Promise<WakeFloorRun> {
  const schedule = new Schedule({ ratePerSec: s.ratePerSec, arrival: 'poisson', seed: s.seed, granularityMs: s.granularityMs });
  const lag = new LatencyRecorder();
  const endMs = s.warmupMs + s.measureMs;
  let t0 = 0;
  let ticksAtStart: ReturnType<typeof readCpuTicks> = null;
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const clock = new AlarmClock(() => {
    const now = performance.now();
    while (t0 + schedule.nextDueMs <= now) {
      if (schedule.nextDueMs >= endMs) return finish();
      if (schedule.nextDueMs >= s.warmupMs) lag.record((now - t0 - schedule.nextDueMs) * 1000);
      schedule.advance();
    }
    clock.wakeAt(t0 + schedule.nextDueMs);
  }, s.clockSpinMs);
  try {
    await clock.ready();
    // Read before the clock starts, not in its handler: no file read inside the timed wake-ups.
    ticksAtStart = readCpuTicks();
    t0 = performance.now();
    clock.wakeAt(t0 + schedule.nextDueMs);
    await done;
  } finally {
    await clock.close();
  }
  return { lag: lag.summary(), stealPercent: stealPercent(ticksAtStart, readCpuTicks()) };
}

/**
 * How this machine's idle CPUs wait, as far as Linux says: e.g. "cpuidle driver haltpoll,
 * guest_halt_poll_ns 0", or null where /sys does not tell (not Linux, or no cpuidle).
 */
export function cpuIdleNote(): string | null {
  const read = (path: string) => {
    try {
      return readFileSync(path, 'utf8').trim();
    } catch {
      return null;
    }
  };
  const driver = read('/sys/devices/system/cpu/cpuidle/current_driver');
  if (driver === null) return null;
  const pollNs = read('/sys/module/haltpoll/parameters/guest_halt_poll_ns');
  return `cpuidle driver ${driver}${pollNs === null ? '' : `, guest_halt_poll_ns ${pollNs}`}`;
}
