/**
 * The "Across Node versions" subsection's data: from this machine's matrix rows, the chart (B, C and D
 * p50 per Node version) with its table twin, and the per-version table with V8, OpenSSL, ratios to B,
 * and the differences that exceed the noise between runs against one baseline version.
 */
import { beyondNoise, type MatrixRow } from '@split-on-evidence/hop-bench/facts';
import { formatNumber, type ChartData } from '../chart-spec.ts';

const CASES = ['B', 'C', 'D'] as const;
const CASE_TITLES = { B: 'B: HTTP, keep-alive', C: 'C: HTTP, new connection per call', D: 'D: 3 sequential HTTP hops' } as const;

/** Rows of versions that ran (with results), in matrix order. */
export function ranRows(rows: readonly MatrixRow[]): MatrixRow[] {
  return rows.filter((r) => r.results !== null);
}

/**
 * Grouped bars: one group per Node version, one bar each for B, C and D p50 (median of the runs, µs),
 * on a linear axis from zero (the cases differ by a few times, not by orders of magnitude); the twin
 * table lists the same figures.
 * @throws Error when no version ran.
 */
export function nodeMatrixChart(rows: readonly MatrixRow[]): ChartData {
  const ran = ranRows(rows);
  if (ran.length === 0) throw new Error('no Node version of the matrix ran; nothing to chart');
  return {
    spec: {
      type: 'bar',
      // Two lines: four versions side by side on one line each run into each other on a phone.
      labels: ran.map((r) => ['Node', r.entry.version]),
      x: { scale: 'category', title: 'Node version' },
      y: { scale: 'linear', title: 'Time per call, p50 (µs)', unit: 'µs', beginAtZero: true },
      series: CASES.map((id, k) => ({ label: CASE_TITLES[id], color: (k + 1) as 1 | 2 | 3, data: ran.map((r) => r.p50Us[id] ?? 0) })),
    },
    table: {
      columns: ['Node', 'B p50 (µs)', 'C p50 (µs)', 'D p50 (µs)'],
      rows: ran.map((r) => ({ header: `v${r.entry.version}`, cells: CASES.map((id) => (r.p50Us[id] === null ? 'not run' : formatNumber(r.p50Us[id]!, 1))) })),
    },
  };
}

/** The version every other row is compared with: the one sharing the page's Node major version, else the first that ran. */
export function baselineRow(rows: readonly MatrixRow[], pageNodeVersion: string): MatrixRow | null {
  const ran = ranRows(rows);
  const major = pageNodeVersion.replace(/^v/, '').split('.')[0];
  return ran.find((r) => r.entry.version.split('.')[0] === major) ?? ran[0] ?? null;
}

/** One figure of one version, with whether it differs from the baseline beyond the noise between runs. */
export interface MatrixCell {
  /** The value (µs for p50, unitless for ratios); null when not run. */
  value: number | null;
  /** Lowest and highest run, when there are two runs or more. */
  range: [number, number] | null;
  /** True when the noise rule's two-sample permutation test calls the runs different from the baseline's (see beyondNoise). */
  beyondNoise: boolean;
}

/** A version's cells: B, C, D p50 and C ÷ B, D ÷ B. */
export interface MatrixTableRow {
  row: MatrixRow;
  isBaseline: boolean;
  p50: Record<'B' | 'C' | 'D', MatrixCell>;
  ratio: Record<'C' | 'D', MatrixCell>;
}

/** The per-version table's rows (versions that ran), each cell marked against the baseline. */
export function matrixTable(rows: readonly MatrixRow[], baseline: MatrixRow | null): MatrixTableRow[] {
  const cell = (value: number | null, runs: number[], base: number[], self: boolean): MatrixCell => ({
    value,
    range: runs.length > 1 ? [Math.min(...runs), Math.max(...runs)] : null,
    beyondNoise: !self && value !== null && beyondNoise(runs, base),
  });
  return ranRows(rows).map((r) => {
    const self = r === baseline;
    return {
      row: r,
      isBaseline: self,
      p50: Object.fromEntries(CASES.map((id) => [id, cell(r.p50Us[id], r.runP50Us[id], baseline?.runP50Us[id] ?? [], self)])) as MatrixTableRow['p50'],
      ratio: {
        C: cell(r.ratio.C, r.runRatio.C, baseline?.runRatio.C ?? [], self),
        D: cell(r.ratio.D, r.runRatio.D, baseline?.runRatio.D ?? [], self),
      },
    };
  });
}
