/**
 * Chart: case I's goodput over time, one line per policy, the brownout window shaded. The client
 * counts successes per 100 ms; the chart draws STORM_BUCKET_MERGE of them as one point, in calls/s,
 * which keeps the table twin short enough to read on a phone. The twin holds the same values.
 */
import type { RetryStormResult, RetryStormRun } from '@split-on-evidence/hop-bench/schema';
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
 * The table twin's label of a drawn bucket [fromMs, toMs): "0.5–1", with how the window meets it:
 * "(brownout)" when it covers the bucket, "(brownout from 0.6 s)" / "(brownout until 3.8 s)" /
 * "(brownout 0.6–0.8 s)" when it covers part of it, nothing when it misses it.
 */
export function bucketLabel(fromMs: number, toMs: number, window: { startMs: number; endMs: number }): string {
  const s = (ms: number) => formatNumber(ms / 1000, 1);
  const range = `${s(fromMs)}–${s(toMs)}`;
  if (window.endMs <= fromMs || window.startMs >= toMs) return range;
  const starts = window.startMs > fromMs;
  const ends = window.endMs < toMs;
  if (starts && ends) return `${range} (brownout ${s(window.startMs)}–${s(window.endMs)} s)`;
  if (starts) return `${range} (brownout from ${s(window.startMs)} s)`;
  if (ends) return `${range} (brownout until ${s(window.endMs)} s)`;
  return `${range} (brownout)`;
}

/**
 * Lines of goodput (successful calls/s) per merged bucket, one per policy, each point drawn at its
 * bucket's middle (x, s from the run's start: the value is the bucket's average, so a point at its start
 * would put it before the time it stands for); the window as a band. Table: the bucket's span (s), marked
 * where the window meets it (bucketLabel), then goodput per policy. A last bucket shorter than the others
 * is left out.
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
      // Short enough for a 390 px phone; the caption says what a point averages over (500 ms).
      y: { scale: 'linear', title: 'Goodput (calls/s)', unit: 'calls/s', beginAtZero: true },
      series: runs.map((r, i) => ({ label: name(r), ...STYLES[i]!, data: series.get(r)!.map((y, b) => ({ x: sec((b + 0.5) * bucketMs), y })) })),
      bands: [{ from: sec(result.window.startMs), to: sec(result.window.endMs), label: 'brownout' }],
    },
    table: {
      columns: ['Seconds', ...runs.map(name)],
      rows: Array.from({ length: buckets }, (_, b) => ({
        header: bucketLabel(b * bucketMs, (b + 1) * bucketMs, result.window),
        cells: runs.map((r) => formatNumber(series.get(r)![b]!, 0)),
      })),
    },
  };
}
