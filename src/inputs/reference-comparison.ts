/**
 * The table of this build against the reference run (components/provenance/ReferenceComparison.astro) as
 * a typed view. Each side's median p50 is the page's fact (X.p50Us, ref.X.p50Us). Each side's ratio to B
 * is paired run by run: each run's p50 ÷ the same run's B p50, the reference's from the p50 its report
 * prints for every run, summarised as the median of those ratios and the lowest and highest run's (the
 * facts ratio.XoverB.pairedP50 and ref.ratio.XoverB.pairedP50 with .min and .max, where the page has
 * them), so the table shows the figures the prose shows. The per-run ratios and the noise mark are the
 * bench's comparison rule (hop-bench/compare compareSides), which must agree with the facts on every
 * figure they share.
 */
import type { Results } from '@split-on-evidence/hop-bench/schema';
import { comparableFromReport, comparableFromResults, compareSides } from '@split-on-evidence/hop-bench/facts';
import { parseReport } from '@split-on-evidence/hop-bench/facts';
import { FactError, hasFact, type Facts } from '../facts/facts.ts';
import { pairedOverB } from '../facts/paired-facts.ts';
import { runsMedian } from '@split-on-evidence/hop-bench/facts';

/** One side's ratios to B paired run by run (unitless): their median, the lowest and highest run's, and how many runs paired. */
export interface PairedRatio {
  median: number;
  min: number;
  max: number;
  runs: number;
}

/** One case's row. Ratios are unitless, null for the base case B (and for a ratio with no fact or a zero denominator). */
export interface ReferenceComparisonRow {
  id: string;
  title: string;
  /** Median p50, µs: this build (fact X.p50Us) and the reference run (ref.X.p50Us). */
  currentP50Us: number;
  baselineP50Us: number;
  /** Each run's p50 ÷ the same run's B p50 on each machine; null for B itself or without B. */
  currentRatioToBase: PairedRatio | null;
  baselineRatioToBase: PairedRatio | null;
  /** The median paired ratio of this build ÷ the reference's. */
  ratioOfRatios: number | null;
  /** Whether the noise rule's two-sample permutation test calls the two machines' per-run ratios different; null when their runs are too few for it to call any. */
  ratioBeyondNoise: boolean | null;
  /** That test's verdict and the smallest p-value the run counts allow; null for the base case. */
  ratioTest: { differs: boolean | null; minPValue: number } | null;
}

/** The table: the reference run's label and one row per latency case both sides have. */
export interface ReferenceComparisonView {
  /** The reference run: machine, Node, date. */
  baseline: string;
  /** The most runs any case paired with B on each side (0 when a side has no B). */
  currentRuns: number;
  baselineRuns: number;
  rows: ReferenceComparisonRow[];
}

/**
 * The comparison's view.
 * @throws FactError when a figure of the bench's comparison differs from the page's fact of the same name.
 */
export function referenceComparisonView(referenceText: string, results: Results, facts: Facts): ReferenceComparisonView {
  const comparison = compareSides(comparableFromReport(parseReport(referenceText)), comparableFromResults(results), 'B');
  // The fact when the page has one, checked against the comparison's own figure; the comparison's otherwise
  // (A's ratios, shown as n/a because A is timer-bound).
  const figure = (name: string, computed: number | null): number | null => {
    if (computed === null || !hasFact(facts, name)) return computed;
    const fact = facts[name]!;
    if (Math.abs(fact - computed) > 1e-9 * Math.max(1, Math.abs(fact))) throw new FactError(`the reference comparison's ${name} is ${computed}, the fact is ${fact}: two routes to one figure disagree. Fix: compute both from the same medians.`);
    return fact;
  };
  const paired = (prefix: string, id: string, ratios: number[]): PairedRatio | null => {
    if (ratios.length === 0) return null;
    const name = prefix + pairedOverB(id);
    return {
      median: figure(name, runsMedian(ratios))!,
      min: figure(`${name}.min`, Math.min(...ratios))!,
      max: figure(`${name}.max`, Math.max(...ratios))!,
      runs: ratios.length,
    };
  };
  const rows = comparison.rows.map((r) => {
    const current = paired('', r.id, r.currentRunRatios);
    const baseline = paired('ref.', r.id, r.baselineRunRatios);
    return {
      id: r.id,
      title: r.title,
      currentP50Us: figure(`${r.id}.p50Us`, r.currentP50Us)!,
      baselineP50Us: figure(`ref.${r.id}.p50Us`, r.baselineP50Us)!,
      currentRatioToBase: current,
      baselineRatioToBase: baseline,
      ratioOfRatios: current && baseline && baseline.median > 0 ? current.median / baseline.median : null,
      ratioBeyondNoise: r.ratioBeyondNoise,
      ratioTest: r.ratioTest && { differs: r.ratioTest.differs, minPValue: r.ratioTest.minPValue },
    };
  });
  const most = (side: (r: ReferenceComparisonRow) => PairedRatio | null) => Math.max(0, ...rows.map((r) => side(r)?.runs ?? 0));
  return { baseline: comparison.baseline, currentRuns: most((r) => r.currentRatioToBase), baselineRuns: most((r) => r.baselineRatioToBase), rows };
}
