/**
 * Chart: case I's goodput over time, one line per policy, the brownout window shaded. The client
 * counts successes per 100 ms; the chart draws STORM_BUCKET_MERGE of them as one point, in calls/s,
 * which keeps the table twin short enough to read on a phone. The twin holds the same values.
 */
import type { RetryStormResult, RetryStormRun } from '@split-on-evidence/hop-bench/cases/i-retry-storm';
import { formatNumber, type ChartData, type ChartSeries } from '../../components/charts/chart-spec.ts';

/** The main run of each policy (key TTL as configured), in run order; the short-TTL run is left out. */
export function policyRuns(result: RetryStormResult): RetryStormRun[] {
  return result.runs.filter((r) => r.id === r.policyId);
}

/** Five policies on a four-colour palette: the fifth reuses the first colour, dashed, with its own marker. */
const STYLES: readonly Pick<ChartSeries, 'color' | 'pointStyle' | 'dashed'>[] = [
  { color: 1, pointStyle: 'circle', dashed: false },
  { color: 2, pointStyle: 'rect', dashed: true },
  { color: 3, pointStyle: 'triangle', dashed: false },
  { color: 4, pointStyle: 'rectRot', dashed: true },
  { color: 1, pointStyle: 'crossRot', dashed: true },
];

/** Stored 100 ms buckets drawn as one point: 500 ms. */
export const STORM_BUCKET_MERGE = 5;

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
 * Lines of goodput (successful calls/s) per merged bucket (x: the bucket's start, s from the run's
 * start), one per policy; the window as a band. Table: bucket start (s), then goodput per policy;
 * buckets that overlap the window marked. A last bucket shorter than the others is left out.
 * @param labels policy id → short label (from the config); a missing label falls back to the id.
 * @throws Error when the result has more policy runs than the chart has styles.
 */
export function retryStormChart(result: RetryStormResult, labels: Readonly<Record<string, string>>, merge = STORM_BUCKET_MERGE): ChartData {
  const runs = policyRuns(result);
  if (runs.length > STYLES.length) throw new Error(`case I has ${runs.length} policies; the chart has styles for ${STYLES.length}`);
  const sec = (ms: number) => ms / 1000;
  const bucketMs = result.bucketMs * merge;
  const perSec = 1000 / bucketMs;
  const whole = (r: RetryStormRun) => Math.floor(r.measured.series.successes.length / merge);
  const buckets = Math.min(...runs.map(whole));
  const series = new Map(runs.map((r) => [r, mergeBuckets(r.measured.series.successes, merge).slice(0, buckets).map((n) => n * perSec)]));
  const name = (r: RetryStormRun) => labels[r.policyId] ?? r.policyId;
  return {
    spec: {
      type: 'line',
      x: { scale: 'linear', title: 'Time since the run started (s)', unit: 's', beginAtZero: true },
      y: { scale: 'linear', title: `Goodput (successful calls/s, per ${formatNumber(bucketMs, 0)} ms)`, unit: 'calls/s', beginAtZero: true },
      series: runs.map((r, i) => ({ label: name(r), ...STYLES[i]!, data: series.get(r)!.map((y, b) => ({ x: sec(b * bucketMs), y })) })),
      bands: [{ from: sec(result.window.startMs), to: sec(result.window.endMs), label: 'brownout' }],
    },
    table: {
      columns: ['From (s)', ...runs.map(name)],
      rows: Array.from({ length: buckets }, (_, b) => {
        const t = b * bucketMs;
        const inWindow = t < result.window.endMs && t + bucketMs > result.window.startMs;
        return { header: `${formatNumber(sec(t), 1)}${inWindow ? ' (brownout)' : ''}`, cells: runs.map((r) => formatNumber(series.get(r)![b]!, 0)) };
      }),
    },
  };
}
