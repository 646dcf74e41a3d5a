/**
 * Chart 1: latency of one call by case, p50/p95/p99 (median of the runs), on a log axis.
 */
import type { LatencyCaseResult, Results } from '@split-on-evidence/hop-bench/schema';
import { formatUs } from '../../../format/number.ts';
import { powerOfTenBelow, wrapLabel, type ChartData } from '../chart-spec.ts';

/** The latency cases of a results file, in the order they ran. */
export function latencyCases(results: Results): LatencyCaseResult[] {
  return results.cases.filter((c): c is LatencyCaseResult => c.kind === 'latency');
}

/** "A: in-process function call" — how cases are named on charts and in tables. */
export function caseName(c: { id: string; title: string }): string {
  return `${c.id}: ${c.title}`;
}

/** What the percentile chart draws of one latency case: its medians across runs, µs, and its hops. */
export interface PercentileCase {
  id: string;
  title: string;
  hops: number;
  median: { p50Us: number; p95Us: number; p99Us: number };
}

/**
 * Bars of p50, p95 and p99 per latency case (µs, median across runs: on the page the facts X.p50Us …,
 * through the latency table's view), with a table twin: case, hops, p50, p95, p99 in µs.
 * @throws Error when there is no latency case.
 */
export function latencyPercentilesChart(cases: readonly PercentileCase[]): ChartData {
  if (cases.length === 0) throw new Error('the results file holds no latency case (A–D) to chart');
  const percentiles = [
    { key: 'p50Us', label: 'p50 (median call)', color: 1 },
    { key: 'p95Us', label: 'p95', color: 2 },
    { key: 'p99Us', label: 'p99', color: 3 },
  ] as const;
  return {
    spec: {
      type: 'bar',
      labels: cases.map((c) => [c.id, ...wrapLabel(c.title, 10)]),
      // At 320 px the titles' longest words ("connection", "sequential") overlap: the letters alone.
      narrowLabels: cases.map((c) => c.id),
      x: { scale: 'category', title: 'Case' },
      y: {
        scale: 'logarithmic',
        title: 'Time per call (µs, log scale)',
        unit: 'µs',
        min: powerOfTenBelow(Math.min(...cases.map((c) => c.median.p50Us))),
      },
      series: percentiles.map((p) => ({ label: p.label, color: p.color, data: cases.map((c) => c.median[p.key]) })),
    },
    table: {
      columns: ['Case', 'Network hops', 'p50 (µs)', 'p95 (µs)', 'p99 (µs)'],
      rows: cases.map((c) => ({
        header: caseName(c),
        cells: [String(c.hops), formatUs(c.median.p50Us), formatUs(c.median.p95Us), formatUs(c.median.p99Us)],
      })),
    },
  };
}
