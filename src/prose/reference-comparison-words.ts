/**
 * The words of the table of this build against the reference run (ReferenceComparison.astro): its caption
 * and its ratio cells. Both sides' ratios to B are paired run by run, the reference's from the p50 its
 * report prints for each run (src/inputs/reference-comparison.ts).
 */
import { formatRatio } from '../format/number.ts';

/** What the caption needs: the reference run's label and how many runs each side paired with B. */
export interface ReferenceComparisonCaptionInput {
  /** Machine, Node and date of the reference run. */
  baseline: string;
  /** Runs paired with B on this build and on the reference (0 when a side has no B). */
  currentRuns: number;
  baselineRuns: number;
}

/**
 * The caption: what the p50 and ratio columns hold, with a form for each side's run count (several
 * runs: median with the lowest and highest run's; one run: that run's; none: missing).
 */
export function referenceComparisonCaption(input: ReferenceComparisonCaptionInput): string {
  const head = `This build against the reference run (${input.baseline}): median p50 in µs, and each case’s p50 divided by case B’s p50 in the same run, on each machine.`;
  const { currentRuns: c, baselineRuns: b } = input;
  if (c >= 2 && c === b) {
    return `${head} Each ratio is the median of ${c} runs’ ratios, with the lowest and highest run’s in brackets; the reference’s come from the p50 its report prints for each run.`;
  }
  return `${head} This build’s ratio is ${side(c, 'it has')}; the reference’s is ${side(b, 'its report has')}${b > 0 ? ', from the p50 its report prints for each run' : ''}.`;
}

function side(runs: number, has: string): string {
  if (runs === 0) return `missing, as ${has} no run of case B`;
  if (runs === 1) return 'its one run’s ratio';
  return `the median of its ${runs} runs’ ratios, with the lowest and highest run’s in brackets`;
}

/**
 * A ratio cell: "2.17× (2.15–2.18×)" for the median of several runs' paired ratios with the lowest and
 * highest run's, the bare ratio for one run.
 */
export function pairedRatioCell(r: { median: number; min: number; max: number; runs: number }): string {
  return r.runs >= 2 ? `${formatRatio(r.median)} (${formatRatio(r.min).replace('×', '')}–${formatRatio(r.max)})` : formatRatio(r.median);
}
