/**
 * The open loop's schedule: arrivals at a target rate (Poisson: exponential gaps from a seeded
 * mulberry32 stream; or evenly spaced), each due at the first tick of the scheduler's grid at or after
 * its arrival. The grid is the scheduler's stated granularity: it wakes at most once per tick and sends
 * every call due by then, so calls arriving within one tick go out together (Poisson counts per tick).
 * A call's intended send time is its tick; latency is timed from it.
 */
import { mulberry32 } from '../../harness/prng.ts';

/** How arrivals are spaced. */
export type ArrivalKind = 'poisson' | 'uniform';

/** Settings of a schedule. */
export interface ScheduleSettings {
  /** Target arrival rate, calls/s (> 0). */
  ratePerSec: number;
  arrival: ArrivalKind;
  /** mulberry32 seed of the Poisson gaps. */
  seed: number;
  /** The scheduler's grid, ms (> 0): every intended send time is a whole multiple of it. */
  granularityMs: number;
}

/** A stream of due times, ms from the level's start, in order. */
export class Schedule {
  readonly #gap: () => number;
  readonly #g: number;
  #arrivalMs = 0;
  /** The next call's due time (its tick), ms from the start. */
  nextDueMs: number;

  /** @throws RangeError when the rate or the granularity is not positive. */
  constructor(s: ScheduleSettings) {
    if (!(s.ratePerSec > 0)) throw new RangeError(`rate must be > 0 calls/s, got ${s.ratePerSec}`);
    if (!(s.granularityMs > 0)) throw new RangeError(`granularity must be > 0 ms, got ${s.granularityMs}`);
    const draw = mulberry32(s.seed);
    const meanGapMs = 1000 / s.ratePerSec;
    this.#gap = s.arrival === 'poisson' ? () => -Math.log(1 - draw()) * meanGapMs : () => meanGapMs;
    this.#g = s.granularityMs;
    this.#arrivalMs = this.#gap();
    this.nextDueMs = this.#tickOf(this.#arrivalMs);
  }

  /** Moves to the next call. */
  advance(): void {
    this.#arrivalMs += this.#gap();
    this.nextDueMs = this.#tickOf(this.#arrivalMs);
  }

  // A whole number of ticks (rounded up), kept exact by computing it from the tick count.
  #tickOf(arrivalMs: number): number {
    return Math.ceil(arrivalMs / this.#g - 1e-9) * this.#g;
  }
}

/**
 * The measured window of an open-loop level, ms: long enough that about `minCalls` × 1.05 calls are due
 * in it at `ratePerSec` (so the count reaches minCalls), at least minMs, at most maxMs.
 */
export function openWindowMs(ratePerSec: number, minCalls: number, minMs: number, maxMs: number): number {
  return Math.min(maxMs, Math.max(minMs, Math.ceil((1.05 * minCalls * 1000) / ratePerSec)));
}
