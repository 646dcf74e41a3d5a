/**
 * Per-bucket bookkeeping of case I and what is derived from it: the queue's longest length in each
 * bucket, the p99 of server latency per bucket, load amplification per phase and the time to
 * recover. Pure functions and a small recorder, tested with exact values.
 */
import { percentileNearestRank } from '../../harness/stats.ts';
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

/** Adds `value` to a per-bucket list of values. */
export function addToBucket(lists: number[][], bucket: number, value: number): void {
  while (lists.length <= bucket) lists.push([]);
  lists[bucket]!.push(value);
}

/** Nearest-rank p99 of each bucket's values; null for an empty bucket. */
export function p99PerBucket(lists: readonly (readonly number[])[]): (number | null)[] {
  return lists.map((values) => (values.length === 0 ? null : percentileNearestRank([...values].sort((a, b) => a - b), 99)));
}

/** Nearest-rank p99 over all values of buckets [from, to); null when they hold none. */
export function p99Over(lists: readonly (readonly number[])[], from: number, to: number): number | null {
  const values = lists.slice(from, to).flat().sort((a, b) => a - b);
  return values.length === 0 ? null : percentileNearestRank(values, 99);
}

/** Sum of counts[from … to). */
export function sumRange(counts: readonly number[], from: number, to: number): number {
  let total = 0;
  for (let i = Math.max(0, from); i < Math.min(to, counts.length); i++) total += counts[i]!;
  return total;
}

/**
 * Time to recover, ms: from the window's end to the end of the first bucket at or after it in which
 * no request waited in the queue and the p99 of server latency was at most `factor` × the
 * pre-window p99. Null when no bucket up to the last qualifies (not recovered within the run), or
 * when there is no pre-window p99 to compare with.
 */
export function recoveryMs(args: {
  window: BrownoutWindow;
  bucketMs: number;
  queueMax: readonly number[];
  p99Ms: readonly (number | null)[];
  preWindowP99Ms: number | null;
  factor: number;
}): number | null {
  const { window, bucketMs, queueMax, p99Ms, preWindowP99Ms, factor } = args;
  if (preWindowP99Ms === null) return null;
  for (let b = window.endMs / bucketMs; b < queueMax.length; b++) {
    const p99 = p99Ms[b];
    if (queueMax[b] === 0 && p99 !== null && p99 !== undefined && p99 <= factor * preWindowP99Ms) return (b + 1) * bucketMs - window.endMs;
  }
  return null;
}

/** attempts ÷ calls; null when there are no calls. */
export function amplification(attempts: number, calls: number): number | null {
  return calls === 0 ? null : attempts / calls;
}
