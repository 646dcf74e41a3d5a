/**
 * Comparing two sets of figures case by case: medians, their ratio, the ratio of ratios to a base case
 * (machines differ, so the shape of the figures is what should carry over), and whether a difference
 * exceeds the runs' noise. Public (for the site); pure.
 */
import type { LatencyCaseResult, Results } from './schema.ts';
import type { ParsedReport } from './reference.ts';

/** One latency case as the comparison needs it: run p50s in µs and their median. */
export interface ComparableCase {
  id: string;
  title: string;
  p50Us: number;
  runP50Us: number[];
}

/** A side of a comparison: a label (machine, Node, date) and its latency cases. */
export interface ComparableSide {
  label: string;
  cases: ComparableCase[];
}

/** One row of a comparison. */
export interface ComparisonRow {
  id: string;
  title: string;
  /** Median p50 of each side, µs. */
  baselineP50Us: number;
  currentP50Us: number;
  /** currentP50Us / baselineP50Us. */
  ratio: number;
  /** True when the two sides' run p50 ranges do not overlap: the difference exceeds the runs' noise; null when a side has one run (no spread to judge). */
  beyondNoise: boolean | null;
  /** (current X / current base) ÷ (baseline X / baseline base) for the base case id; null for the base itself or when missing. */
  ratioOfRatios: number | null;
  /** X / base case within each side (e.g. "one hop costs N× an in-process call"). */
  baselineRatioToBase: number | null;
  currentRatioToBase: number | null;
  /** True when the per-run ratios to the base case of the two sides do not overlap; null without a base or with one run on a side. */
  ratioBeyondNoise: boolean | null;
}

/** A comparison of two sides. */
export interface Comparison {
  baseline: string;
  current: string;
  baseCaseId: string;
  rows: ComparisonRow[];
}

/** Latency cases of a results file as comparable figures. */
export function comparableFromResults(results: Results): ComparableSide {
  const env = results.environment;
  return {
    label: `${env.cpuModel}, ${env.cores} cores, Node ${env.nodeVersion}, ${env.startedAt.slice(0, 10)}`,
    cases: results.cases
      .filter((c): c is LatencyCaseResult => c.kind === 'latency')
      .map((c) => ({ id: c.id, title: c.title, p50Us: c.median.p50Us, runP50Us: c.runs.map((r) => r.p50Us) })),
  };
}

/** Latency rows of a parsed report (e.g. the reference run) as comparable figures; run p50s have one decimal. */
export function comparableFromReport(report: ParsedReport): ComparableSide {
  const node = /Node (v[\d.]+)/.exec(report.os)?.[1] ?? 'Node ?';
  return {
    label: `${report.machine.split(',')[0]}, Node ${node}, ${report.date.slice(0, 10)}`,
    cases: report.latency.map((r) => ({ id: r.id, title: r.title, p50Us: r.p50Us, runP50Us: r.runs.map((x) => x[0]) })),
  };
}

/**
 * Compares `current` against `baseline` for the cases both have.
 * @param baseCaseId the case ratios are taken to (default "B": one keep-alive hop).
 */
export function compareSides(baseline: ComparableSide, current: ComparableSide, baseCaseId = 'B'): Comparison {
  const base = (side: ComparableSide) => side.cases.find((c) => c.id === baseCaseId);
  const bBase = base(baseline);
  const cBase = base(current);
  const rows: ComparisonRow[] = [];
  for (const cur of current.cases) {
    const old = baseline.cases.find((c) => c.id === cur.id);
    if (!old) continue;
    const hasBase = bBase !== undefined && cBase !== undefined && cur.id !== baseCaseId;
    const oldRatio = hasBase ? old.p50Us / bBase.p50Us : null;
    const curRatio = hasBase ? cur.p50Us / cBase.p50Us : null;
    rows.push({
      id: cur.id,
      title: cur.title,
      baselineP50Us: old.p50Us,
      currentP50Us: cur.p50Us,
      ratio: cur.p50Us / old.p50Us,
      beyondNoise: judgeable(old.runP50Us, cur.runP50Us) ? !overlap(old.runP50Us, cur.runP50Us) : null,
      ratioOfRatios: oldRatio !== null && curRatio !== null ? curRatio / oldRatio : null,
      baselineRatioToBase: oldRatio,
      currentRatioToBase: curRatio,
      ratioBeyondNoise:
        hasBase && judgeable(old.runP50Us, cur.runP50Us) ? !overlap(perRunRatios(old, bBase), perRunRatios(cur, cBase)) : null,
    });
  }
  return { baseline: baseline.label, current: current.label, baseCaseId, rows };
}

/** The text table printed by `compare` and `--compare`. */
export function formatComparison(c: Comparison): string {
  const head = ['case', 'baseline p50 µs', 'current p50 µs', 'current/baseline', `ratio to ${c.baseCaseId}: base → current`, 'ratio of ratios'];
  const rows = c.rows.map((r) => [
    `${r.id}. ${r.title}`,
    r.baselineP50Us.toFixed(2),
    r.currentP50Us.toFixed(2),
    `${formatRatio(r.ratio)}×${r.beyondNoise ? ' *' : ''}`,
    r.baselineRatioToBase === null ? '—' : `${formatRatio(r.baselineRatioToBase)} → ${formatRatio(r.currentRatioToBase!)}`,
    r.ratioOfRatios === null ? '—' : `${formatRatio(r.ratioOfRatios)}×${r.ratioBeyondNoise ? ' *' : ''}`,
  ]);
  const widths = head.map((h, k) => Math.max(h.length, ...rows.map((r) => r[k]!.length)));
  const line = (cells: string[]) => cells.map((cell, k) => (k === 0 ? cell.padEnd(widths[k]!) : cell.padStart(widths[k]!))).join('  ');
  const starred = c.rows.some((r) => r.beyondNoise || r.ratioBeyondNoise);
  const unjudged = c.rows.some((r) => r.beyondNoise === null);
  return [
    `Baseline: ${c.baseline}`,
    `Current:  ${c.current}`,
    '',
    line(head),
    ...rows.map(line),
    ...(starred || unjudged ? [''] : []),
    ...(starred ? ['* the runs of the two sides do not overlap: the difference exceeds the noise between runs.'] : []),
    ...(unjudged ? ['Noise not judged: a side has a single run. Compare runs made with --runs 3 or more.'] : []),
  ].join('\n') + '\n';
}

/** A ratio with two decimals, or two significant digits below 0.1 (e.g. 0.0018). */
export function formatRatio(x: number): string {
  return x >= 0.1 ? x.toFixed(2) : x.toPrecision(2);
}

/** Noise can be judged only when both sides have at least two runs. */
function judgeable(a: readonly number[], b: readonly number[]): boolean {
  return a.length >= 2 && b.length >= 2;
}

function overlap(a: readonly number[], b: readonly number[]): boolean {
  return Math.min(...a) <= Math.max(...b) && Math.min(...b) <= Math.max(...a);
}

function perRunRatios(c: ComparableCase, base: ComparableCase): number[] {
  // Runs pair up by index (same run, same machine state); with unequal counts, pair what exists.
  const n = Math.min(c.runP50Us.length, base.runP50Us.length);
  return Array.from({ length: n }, (_, k) => c.runP50Us[k]! / base.runP50Us[k]!);
}
