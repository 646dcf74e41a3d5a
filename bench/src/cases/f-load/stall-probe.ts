/**
 * The stall probe: a thread that never sleeps, on the generator's core, reading the clock as fast as it
 * can for a while. Every gap between two readings longer than `thresholdUs` is time the thread did not
 * run: an interrupt, the kernel, or the host giving the CPU to someone else. From those gaps,
 * `residualLatenessUs` (rules) gives how late a scheduler that never slept would have been at p99 for a
 * call due at a random moment. While the machine pauses like that, no scheduler on this core, sleeping
 * or spinning, keeps its schedule more closely; the probe samples one second per run, so it says what
 * the machine does, not what it did during each level.
 */
import { residualLatenessUs } from './validity.ts';

/** Settings of one probe. */
export interface StallProbeSettings {
  /** How long the thread spins, ms. */
  measureMs: number;
  /** A gap between two clock readings longer than this is a stall, µs. */
  thresholdUs: number;
}

/** What one probe found. */
export interface StallProbeRun {
  /** How long it spun, ms. */
  measuredMs: number;
  /** Stalls seen. */
  stalls: number;
  /** Their total, % of the measured time. */
  stalledPercent: number;
  /** The longest, µs (0 with none). */
  maxUs: number;
  /** p99 lateness of a never-sleeping scheduler for a call due at a random moment (residualLatenessUs), µs. */
  lateP99Us: number;
}

/**
 * Spins on this thread for `measureMs` and measures its stalls. Blocks the event loop meanwhile: call
 * it only when nothing else of the bench is running.
 * @param now the clock, ms (tests pass a scripted one).
 */
export function measureStalls(s: StallProbeSettings, now: () => number = () => performance.now()): StallProbeRun {
  const gapsUs: number[] = [];
  const thresholdMs = s.thresholdUs / 1000;
  const start = now();
  const end = start + s.measureMs;
  let last = start;
  for (;;) {
    const t = now();
    if (t - last > thresholdMs) gapsUs.push((t - last) * 1000);
    last = t;
    if (t >= end) break;
  }
  const totalUs = (last - start) * 1000;
  const stalledUs = gapsUs.reduce((a, g) => a + g, 0);
  return {
    measuredMs: totalUs / 1000,
    stalls: gapsUs.length,
    stalledPercent: totalUs > 0 ? (100 * stalledUs) / totalUs : 0,
    maxUs: gapsUs.reduce((a, g) => Math.max(a, g), 0),
    lateP99Us: residualLatenessUs(gapsUs, totalUs, 99),
  };
}
