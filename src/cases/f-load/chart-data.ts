/**
 * Charts of case F (under load): latency against offered load (open loop) and throughput against
 * concurrency (closed loop), each with its table twin, built from the stored result.
 */
import type { LoadResult } from '@split-on-evidence/hop-bench/cases/f-load';
import { formatNumber, powerOfTenBelow, type ChartData, type ChartSeries } from '../../components/charts/chart-spec.ts';

/** How a target is named on the charts. */
export function targetName(id: 'hop' | 'chain'): string {
  return id === 'hop' ? 'one hop' : 'chain of three';
}

/**
 * Lines of p50 and p99 (from intended send) and the uncorrected p99 (from actual send), µs on a log
 * axis, against offered load in % of each target's own capacity. Table twin: target, offered load,
 * target and achieved calls/s, p50, p99, uncorrected p99, scheduler lag p99 (µs), dropped calls.
 */
export function loadLatencyChart(result: LoadResult): ChartData {
  const series: ChartSeries[] = [];
  result.targets.forEach((t, k) => {
    const color = (k === 0 ? 1 : 2) as 1 | 2;
    const points = (pick: (l: (typeof t.open)[number]) => number) => t.open.map((l) => ({ x: Math.round(l.fraction * 100), y: Math.max(pick(l), 1) }));
    series.push(
      { label: `${targetName(t.id)}: p50`, color, data: points((l) => l.fromIntended.p50Us), pointStyle: 'circle' },
      { label: `${targetName(t.id)}: p99`, color, data: points((l) => l.fromIntended.p99Us), pointStyle: 'rect' },
      { label: `${targetName(t.id)}: p99, uncorrected`, color: k === 0 ? 3 : 4, data: points((l) => l.fromActual.p99Us), pointStyle: 'crossRot', dashed: true },
    );
  });
  const lowest = Math.min(...result.targets.flatMap((t) => t.open.map((l) => Math.max(l.fromIntended.p50Us, 1))));
  return {
    spec: {
      type: 'line',
      x: { scale: 'linear', title: 'Offered load (% of the capacity found by the closed loop)', unit: '%', beginAtZero: true },
      y: { scale: 'logarithmic', title: 'Latency of one call (µs, log scale)', unit: 'µs', min: powerOfTenBelow(lowest) },
      series,
    },
    table: {
      columns: ['Target, offered load', 'Target calls/s', 'Achieved calls/s', 'p50 (µs)', 'p99 (µs)', 'p99 uncorrected (µs)', 'Scheduler lag p99 (µs)', 'Dropped calls'],
      rows: result.targets.flatMap((t) =>
        t.open.map((l) => ({
          header: `${targetName(t.id)}, ${formatNumber(l.fraction * 100, 0)}%`,
          cells: [
            formatNumber(l.targetPerSec, 0),
            formatNumber(l.okPerSec, 0),
            formatNumber(l.fromIntended.p50Us, 0),
            formatNumber(l.fromIntended.p99Us, 0),
            formatNumber(l.fromActual.p99Us, 0),
            formatNumber(l.schedulerLag.p99Us, 0),
            formatNumber(l.dropped, 0),
          ],
        })),
      ),
    },
  };
}

/**
 * Bars of closed-loop throughput (calls/s) per concurrency, one series per target. Table twin: target,
 * callers, calls/s, p50, p99, p99.9 (µs), client CPU (% of a core).
 */
export function loadThroughputChart(result: LoadResult): ChartData {
  const levels = result.targets[0]!.closed.map((l) => l.concurrency);
  return {
    spec: {
      type: 'bar',
      labels: levels.map((c) => `c = ${c}`),
      x: { scale: 'category', title: 'Concurrent callers (closed loop)' },
      y: { scale: 'linear', title: 'Throughput (calls/s)', unit: 'calls/s', beginAtZero: true },
      series: result.targets.map((t, k) => ({
        label: targetName(t.id),
        color: (k === 0 ? 1 : 2) as 1 | 2,
        data: levels.map((c) => t.closed.find((l) => l.concurrency === c)?.callsPerSec ?? 0),
      })),
    },
    table: {
      columns: ['Target, callers', 'Calls/s', 'p50 (µs)', 'p99 (µs)', 'p99.9 (µs)', 'Client CPU (% of a core)'],
      rows: result.targets.flatMap((t) =>
        t.closed.map((l) => ({
          header: `${targetName(t.id)}, c = ${l.concurrency}`,
          cells: [
            formatNumber(l.callsPerSec, 0),
            formatNumber(l.latency.p50Us, 0),
            formatNumber(l.latency.p99Us, 0),
            formatNumber(l.latency.p999Us, 0),
            formatNumber(l.probe.clientCpuPercent, 0),
          ],
        })),
      ),
    },
  };
}
