/**
 * The words of the two tables that set one set of runs against another set of runs, not paired round by
 * round: this build against the reference run (ReferenceComparison.astro) and the Node version matrix
 * (NodeMatrix.astro). Both mark a difference only where the noise rule's two-sample permutation test
 * (hop-bench/facts twoSampleTest, at the 5% level) calls one; with 3 runs against 3 it never can, and
 * the words say so rather than calling the figures the same.
 */
import { formatNumber } from '../format/number.ts';

/** The significance level of the test, as the page says it. */
const LEVEL = 'the 5% level';

/** What the reference comparison's note needs, from its rows (src/inputs/reference-comparison.ts). */
export interface ReferenceNoiseNoteInput {
  /** Runs paired with B on this build and on the reference. */
  currentRuns: number;
  baselineRuns: number;
  /** Per row with ratios: the test's verdict (null: too few runs) and the smallest p-value its run counts allow. */
  tests: readonly { differs: boolean | null; minPValue: number }[];
}

/**
 * The note under the reference comparison: what "*" marks, or why nothing can be marked.
 * Forms: no row judged (too few runs), some judged with a mark, some judged without one.
 */
export function referenceComparisonNoiseNote(input: ReferenceNoiseNoteInput): string {
  const judged = input.tests.filter((t) => t.differs !== null);
  const test = 'a permutation test on the two machines’ per-run ratios';
  if (judged.length === 0) {
    const best = Math.min(1, ...input.tests.map((t) => t.minPValue));
    return `No ratio of ratios is marked: ${input.currentRuns} runs here against ${input.baselineRuns} on the reference are too few for the page’s noise test (${test}) to call a difference at ${LEVEL}, since the smallest p-value they allow is ${formatNumber(best, 2)}. The brackets give each machine’s lowest and highest run.`;
  }
  if (judged.some((t) => t.differs === true)) return `* marks a ratio of ratios that the page’s noise test (${test}) calls different at ${LEVEL}.`;
  return `The page’s noise test (${test}) calls no ratio of ratios different at ${LEVEL}.`;
}

/** What the Node matrix's note needs. */
export interface MatrixNoiseNoteInput {
  /** Runs per version. */
  runs: number;
  /** The version the others are set against. */
  baselineVersion: string;
  /** Whether any figure is marked. */
  anyMarked: boolean;
  /** The fewest runs per version with which the test can call a difference at all. */
  minRunsForVerdict: number;
}

/** The matrix's note on its marks (†): what they mean, or why no figure can carry one. */
export function matrixNoiseNote(input: MatrixNoiseNoteInput): string {
  if (input.runs < input.minRunsForVerdict) {
    const runs = input.runs === 1 ? 'one run' : `${input.runs} runs`;
    return `With ${runs} per version the page’s noise test (a permutation test on two versions’ runs) cannot call a difference at ${LEVEL}, so no figure is marked; it needs ${input.minRunsForVerdict} runs per version (npm run bench:matrix -- --runs ${input.minRunsForVerdict}).`;
  }
  const mark = `A mark (†) says the page’s noise test (a permutation test on the two versions’ runs) calls a figure different from Node ${input.baselineVersion}’s at ${LEVEL}.`;
  return input.anyMarked ? mark : `${mark} No figure is marked.`;
}
