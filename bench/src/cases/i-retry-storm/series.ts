/**
 * Per-bucket bookkeeping of case I and what is derived from it: the queue's longest length per
 * bucket, counts per bucket, goodput per phase, load amplification and the time to recover. Pure
 * functions and a small recorder, tested with exact values.
 */
import type { BrownoutWindow } from './brownout.ts';

/** Index of the bucket holding `tMs` (ms after the run starts; negative times go to bucket 0). */
export function bucketIndex(tMs: number, bucketMs: number): number {
  return Math.max(0, Math.floor(tMs / bucketMs));
}

/**
 * Records the queue length over time and keeps, per bucket, the longest length seen in it. A bucket
 * with no event holds the length left by the last event before it.
 */
export class QueueTrace {
  readonly #bucketMs: number;
  readonly #max: number[] = [];
  #length = 0;

  constructor(bucketMs: number) {
    this.#bucketMs = bucketMs;
  }

  /** The queue has `length` waiting requests from `tMs` on. */
  note(tMs: number, length: number): void {
    const b = bucketIndex(tMs, this.#bucketMs);
    this.#fillTo(b);
    this.#length = length;
    this.#max[b] = Math.max(this.#max[b]!, length);
  }

  /** Longest queue per bucket for buckets 0 … lastBucket. */
  maxPerBucket(lastBucket: number): number[] {
    this.#fillTo(lastBucket);
    return this.#max.slice(0, lastBucket + 1);
  }

  #fillTo(b: number): void {
    while (this.#max.length <= b) this.#max.push(this.#length);
  }
}

/** How many of `timesMs` fall in each of `buckets` buckets from 0; times outside [0, buckets × bucketMs) are left out. */
export function countPerBucket(timesMs: readonly number[], bucketMs: number, buckets: number): number[] {
  const out = new Array<number>(buckets).fill(0);
  for (const t of timesMs) {
    if (t >= 0 && t < buckets * bucketMs) out[Math.floor(t / bucketMs)]! += 1;
  }
  return out;
}

/** Sum of counts[from … to). */
export function sumRange(counts: readonly number[], from: number, to: number): number {
  let total = 0;
  for (let i = Math.max(0, from); i < Math.min(to, counts.length); i++) total += counts[i]!;
  return total;
}

/**
 * Successes per second before, during and after the window, from per-bucket success counts that
 * cover the run (after = window end to the end of the series). A phase of zero length gets 0.
 */
export function goodputPerPhase(successes: readonly number[], window: BrownoutWindow, bucketMs: number): { before: number; during: number; after: number } {
  const start = window.startMs / bucketMs;
  const end = window.endMs / bucketMs;
  const rate = (from: number, to: number) => (to > from ? sumRange(successes, from, to) / (((to - from) * bucketMs) / 1000) : 0);
  return { before: rate(0, start), during: rate(start, end), after: rate(end, successes.length) };
}

/**
 * Time to recover, ms. Goodput per span = successes in `spanBuckets` consecutive buckets; the target
 * is `fraction` × the pre-window goodput over a span of the same length. Spans start at the window's
 * end or later and lie wholly inside the series. The system recovered with the first span from
 * which every later span also meets the target; the result is that span's end minus the window's
 * end (so at least one span's length). Null ("did not recover within the run") when the last span
 * misses the target, when no span fits after the window, or when nothing succeeded before it.
 */
export function recoveryMs(args: { successes: readonly number[]; window: BrownoutWindow; bucketMs: number; spanBuckets: number; fraction: number }): number | null {
  const { successes, window, bucketMs, spanBuckets: k, fraction } = args;
  const start = window.startMs / bucketMs;
  const end = window.endMs / bucketMs;
  if (start <= 0) return null;
  const target = (fraction * k * sumRange(successes, 0, start)) / start;
  if (!(target > 0)) return null;
  const lastStart = successes.length - k;
  let first: number | null = null;
  for (let j = lastStart; j >= end; j--) {
    if (sumRange(successes, j, j + k) >= target) first = j;
    else break;
  }
  return first === null ? null : (first + k) * bucketMs - window.endMs;
}

/** attempts ÷ calls; null when there are no calls. */
export function amplification(attempts: number, calls: number): number | null {
  return calls === 0 ? null : attempts / calls;
}
