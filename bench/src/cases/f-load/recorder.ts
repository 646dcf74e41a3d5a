/**
 * Latency recording for the load case: an HDR histogram (Node's perf_hooks.createHistogram, 3
 * significant digits, 1 µs to 60 s), not an array per call. Values are recorded in whole
 * microseconds; below 1 µs counts as 1 µs, above 60 s as 60 s (and is counted as clamped).
 */
import { createHistogram, type RecordableHistogram } from 'node:perf_hooks';
import { z } from 'zod';

/** Lowest and highest trackable value, µs; significant digits kept. */
export const HDR_RANGE = { lowestUs: 1, highestUs: 60_000_000, figures: 3 } as const;

/** A recorded distribution as stored in the results. */
export const LatencySummarySchema = z.object({
  /** Samples recorded. */
  count: z.number().int().nonnegative(),
  /** Mean, µs (0 when empty). */
  meanUs: z.number().nonnegative(),
  /** Percentiles from the HDR histogram (within 0.1%), µs; 0 when empty. */
  p50Us: z.number().nonnegative(),
  p90Us: z.number().nonnegative(),
  p99Us: z.number().nonnegative(),
  p999Us: z.number().nonnegative(),
  /** Largest sample, µs (0 when empty). */
  maxUs: z.number().nonnegative(),
  /** Samples above 60 s, recorded as 60 s. */
  clamped: z.number().int().nonnegative(),
});
/** A stored distribution. */
export type LatencySummary = z.infer<typeof LatencySummarySchema>;

/** Records latencies in µs. */
export class LatencyRecorder {
  readonly #hdr: RecordableHistogram = createHistogram({ lowest: HDR_RANGE.lowestUs, highest: HDR_RANGE.highestUs, figures: HDR_RANGE.figures });
  #clamped = 0;

  /** Records one sample, µs (rounded to a whole µs, clamped to 1 µs … 60 s). */
  record(us: number): void {
    let v = Math.round(us);
    if (!(v >= HDR_RANGE.lowestUs)) v = HDR_RANGE.lowestUs;
    if (v > HDR_RANGE.highestUs) {
      v = HDR_RANGE.highestUs;
      this.#clamped += 1;
    }
    this.#hdr.record(v);
  }

  /** Samples recorded. */
  get count(): number {
    return this.#hdr.count;
  }

  /** The percentile `p` (0–100), µs; 0 when empty. */
  percentile(p: number): number {
    return this.#hdr.count === 0 ? 0 : this.#hdr.percentile(p);
  }

  /** The stored form. */
  summary(): LatencySummary {
    const h = this.#hdr;
    const empty = h.count === 0;
    return {
      count: h.count,
      meanUs: empty ? 0 : h.mean,
      p50Us: this.percentile(50),
      p90Us: this.percentile(90),
      p99Us: this.percentile(99),
      p999Us: this.percentile(99.9),
      maxUs: empty ? 0 : h.max,
      clamped: this.#clamped,
    };
  }
}
