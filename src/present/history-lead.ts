/**
 * The article's pointer to the run-history and Node-matrix page, in words that fit what this machine
 * has: other archived runs (none, one, many) and a Node version matrix (found or not). Never promises
 * earlier runs or other Node releases that the page does not show.
 */

/** What the pointer depends on. */
export interface HistoryLeadInput {
  /** Archived full runs other than this page's own run. */
  otherRuns: number;
  /** Whether this machine's Node version matrix is on the page (MatrixLookup status "found"). */
  matrix: boolean;
}

/**
 * The clause after "This build's run … measured X for one kept-alive hop at the median; ___", without a
 * final stop, e.g. "the archive sets its figures beside 3 other runs, and the Node version matrix beside
 * other Node releases".
 * @throws RangeError when otherRuns is negative or not an integer.
 */
export function historyLead({ otherRuns, matrix }: HistoryLeadInput): string {
  if (!Number.isInteger(otherRuns) || otherRuns < 0) throw new RangeError(`otherRuns must be a whole number ≥ 0, got ${otherRuns}`);
  const runs = otherRuns === 0 ? null : `the archive sets its figures beside ${otherRuns === 1 ? 'one other run' : `${otherRuns} other runs`}`;
  if (runs && matrix) return `${runs}, and the Node version matrix beside other Node releases`;
  if (runs) return `${runs}; no Node version matrix has been run on this machine yet`;
  if (matrix) return 'it is the only archived run so far, and the Node version matrix sets its figures beside other Node releases';
  return 'it is the only archived run so far, and no Node version matrix has been run on this machine yet';
}
