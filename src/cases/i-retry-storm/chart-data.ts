/**
 * Chart: case I's attempts per bucket, one line per retry policy, the brownout window shaded. The
 * server counts per 100 ms; the chart draws two of its buckets as one (200 ms), which halves the
 * table twin's rows (the article page stays under its element budget). The twin holds the same counts.
 */
import type { RetryStormResult, RetryStormRun } from '@split-on-evidence/hop-bench/cases/i-retry-storm';
import { formatNumber, type ChartData } from '../../components/charts/chart-spec.ts';

/** The main run of each policy (key TTL as configured), in run order; the short-TTL run is left out. */
export function policyRuns(result: RetryStormResult): RetryStormRun[] {
  return result.runs.filter((r) => r.id === r.policyId);
}

const POINT_STYLES = ['circle', 'rect', 'triangle', 'rectRot'] as const;

/** Stored buckets drawn as one: 100 ms buckets drawn per 200 ms. */
export const STORM_BUCKET_MERGE = 2;

/** Sums every `merge` neighbouring buckets: ([1, 2, 3, 4, 5], 2) → [3, 7, 5]. */
export function mergeBuckets(counts: readonly number[], merge: number): number[] {
  const out: number[] = [];
  counts.forEach((n, i) => {
    const k = Math.floor(i / merge);
    out[k] = (out[k] ?? 0) + n;
  });
  return out;
}

/**
 * Lines of attempts received per bucket (x: the bucket's start, s from the run's start), one per
 * policy; the window as a band. Table: bucket (s), then attempts per policy; window rows marked.
 * @param labels policy id → label (from the config); a missing label falls back to the id.
 * @throws Error when the result has more than four policy runs (the palette has four slots).
 */
export function retryStormChart(result: RetryStormResult, labels: Readonly<Record<string, string>>, merge = STORM_BUCKET_MERGE): ChartData {
  const runs = policyRuns(result);
  if (runs.length > 4) throw new Error(`case I has ${runs.length} policies; the chart palette has four`);
  const sec = (ms: number) => ms / 1000;
  const bucketMs = result.bucketMs * merge;
  const series = new Map(runs.map((r) => [r, mergeBuckets(r.measured.series.attempts, merge)]));
  const buckets = Math.max(...[...series.values()].map((a) => a.length));
  const name = (r: RetryStormRun) => labels[r.policyId] ?? r.policyId;
  const perBucketLabel = `Attempts received per ${formatNumber(bucketMs, 0)} ms`;
  return {
    spec: {
      type: 'line',
      x: { scale: 'linear', title: 'Time since the run started (s)', unit: 's', beginAtZero: true },
      y: { scale: 'linear', title: perBucketLabel, unit: 'attempts', beginAtZero: true },
      series: runs.map((r, i) => ({
        label: name(r),
        color: (i + 1) as 1 | 2 | 3 | 4,
        pointStyle: POINT_STYLES[i],
        dashed: i % 2 === 1,
        data: series.get(r)!.map((y, b) => ({ x: sec(b * bucketMs), y })),
      })),
      bands: [{ from: sec(result.window.startMs), to: sec(result.window.endMs), label: 'brownout' }],
    },
    table: {
      columns: ['Bucket start (s)', ...runs.map((r) => `${name(r)}: attempts`)],
      rows: Array.from({ length: buckets }, (_, b) => {
        const t = b * bucketMs;
        // A bucket that overlaps the window at all is marked.
        const inWindow = t < result.window.endMs && t + bucketMs > result.window.startMs;
        return {
          header: `${formatNumber(sec(t), 1)}${inWindow ? ' (brownout)' : ''}`,
          cells: runs.map((r) => String(series.get(r)![b] ?? 0)),
        };
      }),
    },
  };
}
