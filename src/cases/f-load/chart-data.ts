/**
 * Charts of case F (under load), built from the stored result, valid levels only: an invalid level is
 * in the levels table (LoadLevelsTable) with its reason, never on a chart. Each chart has its table twin.
 */
import type { LoadResult } from '@split-on-evidence/hop-bench/schema';
import { levelClockLagP99Us } from '@split-on-evidence/hop-bench/facts';
import { formatNumber, powerOfTenBelow, type ChartData, type ChartSeries } from '../../components/charts/chart-spec.ts';

/** How a target is named on the charts and tables. */
export function targetName(id: 'hop' | 'chain'): string {
  return id === 'hop' ? 'one hop' : 'chain of three';
}

/**
 * Lines of p50 and p99 (from intended send) and the uncorrected p99 (from actual send), µs on a log
 * axis, against offered load in % of each target's own capacity; valid open levels only. Table twin:
 * target and load, target and achieved calls/s, p50, p99 with its interval, uncorrected p99, lag p99.
 */
export function loadLatencyChart(result: LoadResult): ChartData {
  const series: ChartSeries[] = [];
  const valid = result.targets.map((t) => ({ t, levels: t.open.filter((l) => l.validity.valid) }));
  valid.forEach(({ t, levels }, k) => {
    if (levels.length === 0) return;
    const color = (k === 0 ? 1 : 2) as 1 | 2;
    const points = (pick: (l: (typeof levels)[number]) => number) => levels.map((l) => ({ x: Math.round(l.fraction * 100), y: Math.max(pick(l), 1) }));
    series.push(
      { label: `${targetName(t.id)}: p50`, color, data: points((l) => l.p50Us.median), pointStyle: 'circle' },
      { label: `${targetName(t.id)}: p99`, color, data: points((l) => l.p99Us.median), pointStyle: 'rect' },
      { label: `${targetName(t.id)}: p99, uncorrected`, color: k === 0 ? 3 : 4, data: points((l) => l.uncorrectedP99Us.median), pointStyle: 'crossRot', dashed: true },
    );
  });
  const all = valid.flatMap(({ levels }) => levels.map((l) => Math.max(l.p50Us.median, 1)));
  return {
    spec: {
      type: 'line',
      x: { scale: 'linear', title: 'Offered load (% of the capacity found by the closed loop)', unit: '%', beginAtZero: true },
      y: { scale: 'logarithmic', title: 'Latency of one call (µs, log scale)', unit: 'µs', min: powerOfTenBelow(all.length > 0 ? Math.min(...all) : 1) },
      series,
    },
    table: {
      columns: ['Target, offered load', 'Target calls/s', 'Achieved calls/s', 'p50 (µs)', 'p99 (µs)', 'p99 interval (µs)', 'p99 uncorrected (µs)', 'Scheduler lag p99 (µs)'],
      rows: valid.flatMap(({ t, levels }) =>
        levels.map((l) => ({
          header: `${targetName(t.id)}, ${formatNumber(l.fraction * 100, 0)}%`,
          cells: [
            formatNumber(l.targetPerSec, 0),
            formatNumber(l.okPerSec.median, 0),
            formatNumber(l.p50Us.median, 0),
            formatNumber(l.p99Us.median, 0),
            `${formatNumber(l.p99Us.low, 0)}–${formatNumber(l.p99Us.high, 0)}`,
            formatNumber(l.uncorrectedP99Us.median, 0),
            formatNumber(levelClockLagP99Us(l).median, 0),
          ],
        })),
      ),
    },
  };
}

/**
 * Closed-loop throughput (calls/s) against concurrent callers (log axis), one line per target, valid
 * levels only (an invalid level has no point). Table twin: target and callers, calls/s, p50, p99, client CPU.
 */
export function loadThroughputChart(result: LoadResult): ChartData {
  return {
    spec: {
      type: 'line',
      x: { scale: 'logarithmic', title: 'Concurrent callers (closed loop, log scale)', min: 1 },
      y: { scale: 'linear', title: 'Throughput (calls/s)', unit: 'calls/s', beginAtZero: true },
      series: result.targets.map((t, k) => ({
        label: targetName(t.id),
        color: (k === 0 ? 1 : 2) as 1 | 2,
        pointStyle: k === 0 ? ('circle' as const) : ('rect' as const),
        data: t.closed.filter((l) => l.validity.valid).map((l) => ({ x: l.concurrency, y: l.callsPerSec.median })),
      })),
    },
    table: {
      columns: ['Target, callers', 'Calls/s', 'p50 (µs)', 'p99 (µs)', 'Client CPU (% of a core)'],
      rows: result.targets.flatMap((t) =>
        t.closed.filter((l) => l.validity.valid).map((l) => ({
          header: `${targetName(t.id)}, c = ${l.concurrency}`,
          cells: [formatNumber(l.callsPerSec.median, 0), formatNumber(l.p50Us.median, 0), formatNumber(l.p99Us.median, 0), formatNumber(l.clientCpuPercent.median, 0)],
        })),
      ),
    },
  };
}
