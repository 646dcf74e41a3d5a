/**
 * Chart: case I's attempts per 100 ms bucket, one line per retry policy, the brownout window shaded.
 * Its table twin holds the same counts, one row per bucket.
 */
import type { RetryStormResult, RetryStormRun } from '@split-on-evidence/hop-bench/beyond/cases/i-schema';
import { formatNumber, type ChartData } from '../chart-spec.ts';

/** The main run of each policy (key TTL as configured), in run order; the short-TTL run is left out. */
export function policyRuns(result: RetryStormResult): RetryStormRun[] {
  return result.runs.filter((r) => r.id === r.policyId);
}

const POINT_STYLES = ['circle', 'rect', 'triangle', 'rectRot'] as const;

/**
 * Lines of attempts received per bucket (x: the bucket's start, s from the run's start), one per
 * policy; the window as a band. Table: bucket (s), then attempts per policy; window rows marked.
 * @param labels policy id → label (from the config); a missing label falls back to the id.
 * @throws Error when the result has more than four policy runs (the palette has four slots).
 */
export function retryStormChart(result: RetryStormResult, labels: Readonly<Record<string, string>>): ChartData {
  const runs = policyRuns(result);
  if (runs.length > 4) throw new Error(`case I has ${runs.length} policies; the chart palette has four`);
  const sec = (ms: number) => ms / 1000;
  const buckets = Math.max(...runs.map((r) => r.measured.series.attempts.length));
  const name = (r: RetryStormRun) => labels[r.policyId] ?? r.policyId;
  const perBucketLabel = `Attempts received per ${formatNumber(result.bucketMs, 0)} ms`;
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
        data: r.measured.series.attempts.map((y, b) => ({ x: sec(b * result.bucketMs), y })),
      })),
      bands: [{ from: sec(result.window.startMs), to: sec(result.window.endMs), label: 'brownout' }],
    },
    table: {
      columns: ['Bucket start (s)', ...runs.map((r) => `${name(r)}: attempts`)],
      rows: Array.from({ length: buckets }, (_, b) => {
        const t = b * result.bucketMs;
        const inWindow = t >= result.window.startMs && t < result.window.endMs;
        return {
          header: `${formatNumber(sec(t), 1)}${inWindow ? ' (brownout)' : ''}`,
          cells: runs.map((r) => String(r.measured.series.attempts[b] ?? 0)),
        };
      }),
    },
  };
}
