/**
 * Comparing two sets of figures case by case: medians, their ratio, the ratio of ratios to a base case
 * (machines differ, so the shape of the figures is what should carry over), and whether a difference
 * exceeds the runs' noise: the noise rule's two-sample permutation test (permutation-test.ts
 * twoSampleTest, alpha NOISE_ALPHA) on the two sides' run figures, which no comparison of 3 runs with 3
 * can pass (its smallest p-value is 2 / 20 = 0.1). Public (for the site); pure.
 */
import type { FailureCaseResult, LatencyCaseResult, Results } from './schema.ts';
import type { ParsedReport } from './reference-run.ts';
import { medianInterval, type MedianInterval } from './stats.ts';
import { NOISE_ALPHA, twoSampleTest, type NoiseTest } from './permutation-test.ts';

/** One latency case as the comparison needs it: run p50s in µs and their median. */
export interface ComparableCase {
  id: string;
  title: string;
  p50Us: number;
  runP50Us: number[];
  /** Timed calls per run; null when the source does not say. */
  timedCalls: number | null;
}

/** Counts of one failure variant in one run (times such as the slowest call are left out). */
export interface FailureCounts {
  calls: number;
  failed: number;
  invoicesWritten: number;
  duplicates: number;
  slowCalls: number;
}

/** A side of a comparison: a label (machine, Node, date), its latency cases and its failure case's counts. */
export interface ComparableSide {
  label: string;
  /** Suite mode of a results file ("full", "quick", "custom"); null for a report text. */
  mode: string | null;
  cases: ComparableCase[];
  /** The failure case (E), variant label → counts per run; null when the side has none. */
  failure: { id: string; variants: Map<string, FailureCounts[]> } | null;
}

/** One variant of the failure case, both sides' counts per run, and whether they are equal. */
export interface FailureCountsRow {
  label: string;
  baseline: FailureCounts[];
  current: FailureCounts[];
  /** True when every run's counts are the same on both sides (the case is seeded, so they should be). */
  equal: boolean;
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
  /** Interval of each side's median p50 (stats.medianInterval: the min–max for up to 5 runs), µs, with its exact coverage. */
  baselineInterval: MedianInterval;
  currentInterval: MedianInterval;
  /** True when the permutation test calls a difference between the sides' run p50s (p ≤ alpha); false when it calls none; null when the runs are too few for it ever to call one. */
  beyondNoise: boolean | null;
  /** (current X / current base) ÷ (baseline X / baseline base) for the base case id; null for the base itself or when missing. */
  ratioOfRatios: number | null;
  /** X / base case within each side (e.g. "one hop costs N× an in-process call"). */
  baselineRatioToBase: number | null;
  currentRatioToBase: number | null;
  /** The same test on the two sides' per-run ratios to the base case; null without a base or with too few runs. */
  ratioBeyondNoise: boolean | null;
  /** That test's outcome (its p-value, and the smallest p-value these run counts allow); null without a base. */
  ratioTest: NoiseTest | null;
  /**
   * Each run's p50 ÷ the same run's base p50 (unitless), runs paired by index, on each side: a ratio whose
   * two figures come from one run. Empty for the base itself or when a side lacks the base case.
   */
  baselineRunRatios: number[];
  currentRunRatios: number[];
  /** Runs on each side (run p50s). */
  baselineRunCount: number;
  currentRunCount: number;
}

/** A comparison of two sides. */
export interface Comparison {
  baseline: string;
  current: string;
  baseCaseId: string;
  rows: ComparisonRow[];
  /** The failure case's counts by variant; empty when a side has no failure case. */
  failureRows: FailureCountsRow[];
  /** Id of the failure case compared, or null. */
  failureCaseId: string | null;
  /** Plain warnings about what makes the sides unlike (e.g. a quick run against full counts). */
  notes: string[];
  /** One sentence on the failure case's counts: equal, different, or not comparable; null when neither side has one. */
  failureNote: string | null;
}

/** Latency cases of a results file as comparable figures. */
export function comparableFromResults(results: Results): ComparableSide {
  const env = results.environment;
  const failure = results.cases.find((c): c is FailureCaseResult => c.kind === 'failure');
  return {
    label: `${env.cpuModel}, ${env.cores} cores, Node ${env.nodeVersion}, ${env.startedAt.slice(0, 10)}`,
    mode: results.config.mode,
    cases: results.cases
      .filter((c): c is LatencyCaseResult => c.kind === 'latency')
      .map((c) => ({
        id: c.id,
        title: c.title,
        p50Us: c.median.p50Us,
        runP50Us: c.runs.map((r) => r.p50Us),
        timedCalls: results.config.latency[c.id]?.timedCalls ?? null,
      })),
    failure: failure
      ? { id: failure.id, variants: new Map(failure.variants.map((v) => [v.label, v.runs.map(countsOf)])) }
      : null,
  };
}

function countsOf(r: FailureCounts): FailureCounts {
  return { calls: r.calls, failed: r.failed, invoicesWritten: r.invoicesWritten, duplicates: r.duplicates, slowCalls: r.slowCalls };
}

/** Latency rows of a parsed report (e.g. the reference run) as comparable figures; run p50s have one decimal. */
export function comparableFromReport(report: ParsedReport): ComparableSide {
  const node = /Node (v[\d.]+)/.exec(report.os)?.[1] ?? 'Node ?';
  // "Iterations per run: A 100,000 (warm-up 10,000), B 10,000 (1,000), …, E 2,000 per variant"
  const timed = new Map([...report.iterations.matchAll(/\b([A-Z]) ([\d,]+) \(/g)].map((m) => [m[1]!, Number(m[2]!.replace(/,/g, ''))]));
  const failureId = /\b([A-Z]) [\d,]+ per variant/.exec(report.iterations)?.[1] ?? 'E';
  return {
    label: `${report.machine.split(',')[0]}, Node ${node}, ${report.date.slice(0, 10)}`,
    mode: null,
    cases: report.latency.map((r) => ({
      id: r.id,
      title: r.title,
      p50Us: r.p50Us,
      runP50Us: r.runs.map((x) => x[0]),
      timedCalls: timed.get(r.id) ?? null,
    })),
    failure: report.failure.size > 0 ? { id: failureId, variants: new Map([...report.failure].map(([label, runs]) => [label, runs.map(countsOf)])) } : null,
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
    const baselineInterval = medianInterval(old.runP50Us);
    const currentInterval = medianInterval(cur.runP50Us);
    const ratioTest = hasBase ? twoSampleTest(perRunRatios(old, bBase), perRunRatios(cur, cBase)) : null;
    rows.push({
      id: cur.id,
      title: cur.title,
      baselineP50Us: old.p50Us,
      currentP50Us: cur.p50Us,
      ratio: cur.p50Us / old.p50Us,
      baselineInterval,
      currentInterval,
      beyondNoise: twoSampleTest(old.runP50Us, cur.runP50Us).differs,
      ratioOfRatios: oldRatio !== null && curRatio !== null ? curRatio / oldRatio : null,
      baselineRatioToBase: oldRatio,
      currentRatioToBase: curRatio,
      ratioBeyondNoise: ratioTest?.differs ?? null,
      ratioTest,
      baselineRunRatios: hasBase ? perRunRatios(old, bBase) : [],
      currentRunRatios: hasBase ? perRunRatios(cur, cBase) : [],
      baselineRunCount: old.runP50Us.length,
      currentRunCount: cur.runP50Us.length,
    });
  }
  const failureRows = compareFailure(baseline, current);
  return {
    baseline: baseline.label,
    current: current.label,
    baseCaseId,
    rows,
    failureRows,
    failureCaseId: baseline.failure && current.failure ? current.failure.id : null,
    notes: countNotes(baseline, current),
    failureNote: failureNote(baseline, current, failureRows),
  };
}

/** Notes when the sides ran different counts: a quick run has a tenth of the full counts. */
function countNotes(baseline: ComparableSide, current: ComparableSide): string[] {
  const differing = current.cases.flatMap((cur) => {
    const old = baseline.cases.find((c) => c.id === cur.id);
    return old && old.timedCalls !== null && cur.timedCalls !== null && old.timedCalls !== cur.timedCalls ? [{ id: cur.id, old: old.timedCalls, cur: cur.timedCalls }] : [];
  });
  const notes: string[] = [];
  if (current.mode === 'quick' || differing.length > 0) {
    const factors = new Set(differing.map((d) => d.old / d.cur));
    const share = factors.size === 1 && [...factors][0] === 10 ? 'a tenth of the baseline\'s counts' : 'other counts than the baseline';
    const list = differing.map((d) => `${d.id} ${int(d.cur)} vs ${int(d.old)}`).join(', ');
    notes.push(
      `The current side is ${current.mode === 'quick' ? 'a quick run' : 'a run'} with ${share}` +
        (list ? ` (timed calls per run: ${list})` : '') +
        `: its figures are a smoke test, not a measurement to set against the baseline. Compare a full run (npm run bench).`,
    );
  }
  if (baseline.mode === 'quick') notes.push('The baseline is a quick run: its figures are a smoke test, not a measurement.');
  return notes;
}

function failureNote(baseline: ComparableSide, current: ComparableSide, rows: FailureCountsRow[]): string | null {
  if (!baseline.failure && !current.failure) return null;
  if (!baseline.failure || !current.failure) {
    return `Case ${(baseline.failure ?? current.failure)!.id} (failure injection) is on one side only; its counts are not compared.`;
  }
  const id = current.failure.id;
  if (rows.length === 0) return `Case ${id}: the two sides share no variant; its counts are not compared.`;
  const oldCalls = rows[0]!.baseline[0]?.calls;
  const curCalls = rows[0]!.current[0]?.calls;
  if (oldCalls !== undefined && curCalls !== undefined && oldCalls !== curCalls) {
    return `Case ${id} ran ${int(curCalls)} calls a variant against the baseline's ${int(oldCalls)}: its counts cannot be equal; compare a full run.`;
  }
  if (rows.every((r) => r.equal)) return `Case ${id}'s counts are equal on both sides in every run (the case is seeded; it should reproduce them exactly).`;
  return `Case ${id}'s counts differ from the baseline in ${rows.filter((r) => !r.equal).map((r) => `"${r.label}"`).join(', ')}: with the same seeds and counts they should be equal; see the rows above.`;
}

function compareFailure(baseline: ComparableSide, current: ComparableSide): FailureCountsRow[] {
  if (!baseline.failure || !current.failure) return [];
  const rows: FailureCountsRow[] = [];
  for (const [label, cur] of current.failure.variants) {
    const old = baseline.failure.variants.get(label);
    if (!old) continue;
    const same = (a: FailureCounts, b: FailureCounts) =>
      a.calls === b.calls && a.failed === b.failed && a.invoicesWritten === b.invoicesWritten && a.duplicates === b.duplicates && a.slowCalls === b.slowCalls;
    rows.push({ label, baseline: old, current: cur, equal: old.length === cur.length && old.every((o, k) => same(o, cur[k]!)) });
  }
  return rows;
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');


/** The text table printed by `compare` and `--compare`. */
export function formatComparison(c: Comparison): string {
  const head = ['case', 'baseline p50 µs (interval)', 'current p50 µs (interval)', 'current/baseline', `ratio to ${c.baseCaseId}: base → current`, 'ratio of ratios'];
  const rows = c.rows.map((r) => [
    `${r.id}. ${r.title}`,
    withInterval(r.baselineP50Us, r.baselineInterval),
    withInterval(r.currentP50Us, r.currentInterval),
    `${formatRatio(r.ratio)}×${r.beyondNoise ? ' *' : ''}`,
    r.baselineRatioToBase === null ? '—' : `${formatRatio(r.baselineRatioToBase)} → ${formatRatio(r.currentRatioToBase!)}`,
    r.ratioOfRatios === null ? '—' : `${formatRatio(r.ratioOfRatios)}×${r.ratioBeyondNoise ? ' *' : ''}`,
  ]);
  const widths = head.map((h, k) => Math.max(h.length, ...rows.map((r) => r[k]!.length)));
  const line = (cells: string[]) => cells.map((cell, k) => (k === 0 ? cell.padEnd(widths[k]!) : cell.padStart(widths[k]!))).join('  ');
  const starred = c.rows.some((r) => r.beyondNoise || r.ratioBeyondNoise);
  const unjudged = c.rows.some((r) => r.beyondNoise === null);
  const coverages = [...new Set(c.rows.flatMap((r) => [r.baselineInterval, r.currentInterval]).filter((i) => i.confidencePercent > 0).map((i) => formatPercent(i.confidencePercent)))];
  const failure = c.failureRows.map((f) => {
    if (f.equal) return `  ${f.label}: equal in all ${f.current.length} runs: ${f.current.map(countsText).join('; ')}`;
    const runs = f.current.map((cur, k) => {
      const old = f.baseline[k];
      return `run ${k + 1} ${old ? `${countsText(old)} → ` : ''}${countsText(cur)}`;
    });
    return `  ${f.label}: DIFFERENT: ${runs.join('; ')}${f.baseline.length !== f.current.length ? ` (${f.baseline.length} runs → ${f.current.length})` : ''}`;
  });
  return [
    `Baseline: ${c.baseline}`,
    `Current:  ${c.current}`,
    ...c.notes.map((n) => `Warning: ${n}`),
    '',
    line(head),
    ...rows.map(line),
    ...(starred || unjudged || coverages.length > 0 ? [''] : []),
    ...(coverages.length > 0
      ? [`Intervals: distribution-free intervals for the median across runs (the min–max for up to 5 runs), exact coverage ${coverages.join(', ')}.`]
      : []),
    ...(starred ? [`* a permutation test on the two sides' runs calls the difference beyond the noise between runs (p ≤ ${NOISE_ALPHA}).`] : []),
    ...(unjudged
      ? [`Noise not judged: ${runCounts(c)} runs (baseline and current) are too few for a permutation test ever to reach p ≤ ${NOISE_ALPHA} (3 runs against 3 give at best p = 0.1). Compare runs made with --runs 4 or more on both sides.`]
      : []),
    ...(c.failureCaseId ? ['', `${c.failureCaseId}. failure-injection counts per run (failed/calls, invoices written, duplicates, slow calls), baseline → current:`, ...failure] : []),
    ...(c.failureNote ? [c.failureCaseId ? c.failureNote : `Note: ${c.failureNote}`] : []),
  ].join('\n') + '\n';
}

/** The run counts of the rows that could not be judged, e.g. "3 and 3". */
function runCounts(c: Comparison): string {
  const pairs = new Set(c.rows.filter((r) => r.beyondNoise === null).map((r) => `${r.baselineRunCount} and ${r.currentRunCount}`));
  return [...pairs].join(', or ');
}

function withInterval(p50Us: number, i: MedianInterval): string {
  const bound = (us: number) => us.toFixed(us < 10 ? 2 : 1);
  return i.confidencePercent === 0 ? p50Us.toFixed(2) : `${p50Us.toFixed(2)} (${bound(i.low)}–${bound(i.high)})`;
}

function formatPercent(x: number): string {
  return `${Number(x.toFixed(2))}%`;
}

function countsText(f: FailureCounts): string {
  return `${f.failed}/${f.calls}, ${f.invoicesWritten}, ${f.duplicates}, ${f.slowCalls}`;
}

/** A ratio with two decimals, or two significant digits below 0.1 (e.g. 0.0018). */
export function formatRatio(x: number): string {
  return x >= 0.1 ? x.toFixed(2) : x.toPrecision(2);
}


function perRunRatios(c: ComparableCase, base: ComparableCase): number[] {
  // Runs pair up by index (same run, same machine state); with unequal counts, pair what exists.
  const n = Math.min(c.runP50Us.length, base.runP50Us.length);
  return Array.from({ length: n }, (_, k) => c.runP50Us[k]! / base.runP50Us[k]!);
}
