/**
 * The table of this build against the reference run (components/provenance/ReferenceComparison.astro) as
 * a typed view. Each side's median p50 and median ÷ B's median are the page's facts (X.p50Us,
 * ratio.XoverB.p50; ref.X.p50Us, ref.ratio.XoverB.p50), so the table shows the figures the prose shows;
 * the ratio of ratios and its noise mark are the bench's comparison rule (hop-bench/compare compareSides),
 * which must agree with the facts on every figure they share.
 */
import type { Results } from '@split-on-evidence/hop-bench/schema';
import { comparableFromReport, comparableFromResults, compareSides } from '@split-on-evidence/hop-bench/facts';
import { parseReport } from '@split-on-evidence/hop-bench/facts';
import { FactError, hasFact, type Facts } from '../facts/facts.ts';

/** One case's row. Ratios are unitless, null for the base case B (and for a ratio with no fact or a zero denominator). */
export interface ReferenceComparisonRow {
  id: string;
  title: string;
  /** Median p50, µs: this build (fact X.p50Us) and the reference run (ref.X.p50Us). */
  currentP50Us: number;
  baselineP50Us: number;
  /** Median p50 ÷ B's median p50 on each machine (ratio.XoverB.p50, ref.ratio.XoverB.p50). */
  currentRatioToBase: number | null;
  baselineRatioToBase: number | null;
  /** currentRatioToBase ÷ baselineRatioToBase. */
  ratioOfRatios: number | null;
  /** Whether the two machines' per-run ratios do not overlap (beyond the noise); null when it cannot be judged. */
  ratioBeyondNoise: boolean | null;
}

/** The table: the reference run's label and one row per latency case both sides have. */
export interface ReferenceComparisonView {
  /** The reference run: machine, Node, date. */
  baseline: string;
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
  return {
    baseline: comparison.baseline,
    rows: comparison.rows.map((r) => ({
      id: r.id,
      title: r.title,
      currentP50Us: figure(`${r.id}.p50Us`, r.currentP50Us)!,
      baselineP50Us: figure(`ref.${r.id}.p50Us`, r.baselineP50Us)!,
      currentRatioToBase: figure(`ratio.${r.id}overB.p50`, r.currentRatioToBase),
      baselineRatioToBase: figure(`ref.ratio.${r.id}overB.p50`, r.baselineRatioToBase),
      ratioOfRatios: r.ratioOfRatios,
      ratioBeyondNoise: r.ratioBeyondNoise,
    })),
  };
}
