/**
 * The brownout window of case I: where it falls in a run is drawn from a seed, so every run with the
 * same seed and parameters has the same window on any machine. Edges fall on bucket boundaries, so
 * the per-bucket series splits cleanly into before, during and after.
 */
import { mulberry32 } from '../../harness/prng.ts';

/** Where the window may fall and how bad it is. */
export interface BrownoutParams {
  /** Earliest start, ms after the run starts (a multiple of bucketMs). */
  readonly earliestStartMs: number;
  /** Latest start, ms after the run starts (a multiple of bucketMs, ≥ earliestStartMs). */
  readonly latestStartMs: number;
  /** Length of the window, ms (a multiple of bucketMs). */
  readonly durationMs: number;
  /** Service time inside the window ÷ normal service time, e.g. 20. */
  readonly serviceFactor: number;
  /** Width of one counting bucket, ms. */
  readonly bucketMs: number;
}

/** One run's window, ms after the run starts: [startMs, endMs). */
export interface BrownoutWindow {
  readonly startMs: number;
  readonly endMs: number;
  /** Service time inside the window ÷ normal service time. */
  readonly serviceFactor: number;
}

/**
 * The window for `seed`: start = earliest + k × bucketMs with k = floor(r × (slots)), r the seed's
 * first mulberry32 draw and slots the number of bucket-aligned starts in [earliest, latest].
 * @throws RangeError when an edge is not a multiple of bucketMs or latest < earliest.
 */
export function brownoutWindow(seed: number, params: BrownoutParams): BrownoutWindow {
  const { earliestStartMs, latestStartMs, durationMs, bucketMs } = params;
  for (const [name, value] of [
    ['earliestStartMs', earliestStartMs],
    ['latestStartMs', latestStartMs],
    ['durationMs', durationMs],
  ] as const) {
    if (value % bucketMs !== 0) throw new RangeError(`${name} (${value}) must be a multiple of bucketMs (${bucketMs})`);
  }
  if (latestStartMs < earliestStartMs) throw new RangeError(`latestStartMs (${latestStartMs}) is before earliestStartMs (${earliestStartMs})`);
  const slots = (latestStartMs - earliestStartMs) / bucketMs + 1;
  const startMs = earliestStartMs + Math.floor(mulberry32(seed)() * slots) * bucketMs;
  return { startMs, endMs: startMs + durationMs, serviceFactor: params.serviceFactor };
}

/** Which part of the run a time falls in, relative to the window. */
export type Phase = 'before' | 'during' | 'after';

/** The phase of `tMs` (ms after the run starts). */
export function phaseOf(tMs: number, window: BrownoutWindow): Phase {
  if (tMs < window.startMs) return 'before';
  return tMs < window.endMs ? 'during' : 'after';
}
