/**
 * Chart 2: the latency distribution of each case, from the results' log-spaced histograms, all runs
 * summed. Bin k of a run covers [edgesUs[k], edgesUs[k+1]) µs and edges sit on the grid
 * 10^(j / binsPerDecade) µs, so runs and cases line up by the grid index j.
 */
import type { LatencyCaseResult, Results } from '@split-on-evidence/hop-bench/schema';
import { format, formatUs } from '../../../format/number.ts';
import type { ChartData } from '../chart-spec.ts';
import { caseName, latencyCases } from './latency.ts';

/** One histogram bin of a case, summed over its runs. */
export interface DistributionBin {
  /** Grid index j: the bin covers [10^(j/binsPerDecade), 10^((j+1)/binsPerDecade)) µs. */
  index: number;
  /** Lower and upper edge, µs, as the results file prints them. */
  fromUs: number;
  toUs: number;
  /** Calls that fell in the bin, all runs together. */
  calls: number;
}

/** A case's summed histogram. */
export interface CaseDistribution {
  id: string;
  title: string;
  binsPerDecade: number;
  /** Timed calls of all runs (= sum of the bins' calls). */
  totalCalls: number;
  /** Contiguous bins from the lowest to the highest non-empty one; empty bins inside are kept (0 calls). */
  bins: DistributionBin[];
}

function gridIndex(edgeUs: number, binsPerDecade: number): number {
  return Math.round(Math.log10(edgeUs) * binsPerDecade);
}

/**
 * Sums a latency case's histograms over its runs; with `merge` k > 1, every k neighbouring bins of the
 * stored grid become one (bins per decade divided by k; k must divide the stored bins per decade).
 * @throws Error when runs use different bins per decade, an edge is off the 10^(j/binsPerDecade) grid,
 *   or k does not divide the bins per decade.
 */
export function caseDistribution(c: LatencyCaseResult, merge = 1): CaseDistribution {
  const stored = c.runs[0].histogram.binsPerDecade;
  if (!Number.isInteger(merge) || merge < 1 || stored % merge !== 0) throw new Error(`case ${c.id}: cannot merge ${merge} of ${stored} bins per decade`);
  const binsPerDecade = stored / merge;
  const calls = new Map<number, number>();
  const edges = new Map<number, number>();
  for (const run of c.runs) {
    const h = run.histogram;
    if (h.binsPerDecade !== stored) throw new Error(`case ${c.id}: runs use different bins per decade (${stored}, ${h.binsPerDecade})`);
    if (h.edgesUs.length !== h.counts.length + 1) throw new Error(`case ${c.id} run ${run.run}: ${h.edgesUs.length} edges for ${h.counts.length} bins`);
    h.edgesUs.forEach((edge, k) => {
      const fine = gridIndex(edge, stored);
      // Stored edges carry 6 significant digits; anything further off is not the bench's grid.
      if (Math.abs(edge / 10 ** (fine / stored) - 1) > 1e-5) throw new Error(`case ${c.id} run ${run.run}: edge ${edge} µs is off the histogram grid`);
      const j = Math.floor(fine / merge);
      if (fine % merge === 0) edges.set(j, edge);
      if (k < h.counts.length) calls.set(j, (calls.get(j) ?? 0) + h.counts[k]);
    });
  }
  const nonEmpty = [...calls].filter(([, n]) => n > 0).map(([j]) => j);
  const lo = Math.min(...nonEmpty);
  const hi = Math.max(...nonEmpty);
  const bins: DistributionBin[] = [];
  for (let j = lo; j <= hi; j++) {
    // A merged edge a run did not store is still on the grid: 10^(j / binsPerDecade), 6 significant digits as stored.
    const edge = (i: number) => edges.get(i) ?? Number((10 ** (i / binsPerDecade)).toPrecision(6));
    bins.push({ index: j, fromUs: edge(j), toUs: edge(j + 1), calls: calls.get(j) ?? 0 });
  }
  return { id: c.id, title: c.title, binsPerDecade, totalCalls: bins.reduce((sum, b) => sum + b.calls, 0), bins };
}

/** Neighbouring stored bins drawn as one: 20 stored bins per decade are drawn as 5, which keeps the table twin short (the article page has an element budget). */
export const DISTRIBUTION_MERGE = 4;

/**
 * One line per case: share of the case's calls (percent) per histogram bin, plotted at the bin's
 * geometric middle on a log x axis. Table twin: one row per bin (any case non-empty), calls per case.
 * @throws Error when the results hold no latency case, or as caseDistribution.
 */
export function latencyDistributionChart(results: Results, merge = DISTRIBUTION_MERGE): ChartData {
  const cases = latencyCases(results);
  if (cases.length === 0) throw new Error('the results file holds no latency case (A–D) to chart');
  const distributions = cases.map((c) => caseDistribution(c, merge));
  const styles = ['circle', 'rect', 'triangle', 'rectRot'] as const;
  const allBins = new Map<number, { fromUs: number; toUs: number }>();
  for (const d of distributions) for (const b of d.bins) if (b.calls > 0) allBins.set(b.index, b);
  const rowIndexes = [...allBins.keys()].sort((a, b) => a - b);
  return {
    spec: {
      type: 'line',
      x: { scale: 'logarithmic', title: 'Time per call (µs, log scale)', unit: 'µs' },
      y: { scale: 'linear', title: 'Share of calls (%)', unit: '% of calls', beginAtZero: true },
      series: distributions.map((d, i) => ({
        label: caseName(d),
        color: ((i % 4) + 1) as 1 | 2 | 3 | 4,
        pointStyle: styles[i % styles.length],
        data: d.bins.map((b) => ({ x: Math.sqrt(b.fromUs * b.toUs), y: (100 * b.calls) / d.totalCalls })),
      })),
    },
    table: {
      columns: ['Bin (µs)', ...distributions.map((d) => `${d.id}: calls (${format(d.totalCalls, 'whole')} in all)`)],
      rows: rowIndexes.map((j) => {
        const edges = allBins.get(j) as { fromUs: number; toUs: number };
        return {
          header: `${formatUs(edges.fromUs)} to ${formatUs(edges.toUs)}`,
          cells: distributions.map((d) => {
            const bin = d.bins.find((b) => b.index === j);
            return bin ? format(bin.calls, 'whole') : '0';
          }),
        };
      }),
    },
  };
}
