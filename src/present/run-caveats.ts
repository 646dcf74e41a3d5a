/**
 * What a reader must know about the run behind one beyond case's figures, from the results file
 * itself: whether the beyond suite ran in its full configuration (a quick or custom run says so, with
 * its run count), and the warnings the bench printed for the case (its `warnings`, word for word:
 * unstable or contended runs, levels that did not count, a generator that may have set a figure).
 * BeyondCase shows them at the head of the case's figures.
 */

/** What this module reads of the beyond results. */
export interface BeyondRunLike {
  config: { mode: string; runs: number };
  cases: ({ id: string; status: 'measured'; warnings: string[] } | { id: string; status: 'not-measured' })[];
}

/** The caveats of one case's figures. */
export interface RunCaveats {
  /** The sentence about a run that is not the full suite, or undefined for a full run. */
  mode?: string;
  /** The bench's warnings for the case, as it printed them. */
  warnings: string[];
}

/**
 * The caveats of case `id`'s figures (none for a case that was not measured).
 * Example: a quick run → mode "Case F's figures come from a quick run of the second suite (--quick):
 * one run with smaller counts than a full run, so they rest on less data than the words around them
 * assume."
 */
export function runCaveats(beyond: BeyondRunLike, id: string): RunCaveats {
  const c = beyond.cases.find((k) => k.id === id);
  if (!c || c.status !== 'measured') return { warnings: [] };
  const { mode, runs } = beyond.config;
  const count = runs === 1 ? 'one run' : `${runs} runs`;
  const what =
    mode === 'full'
      ? undefined
      : mode === 'quick'
        ? `a quick run of the second suite (--quick): ${count} with smaller counts than a full run`
        : `a ${mode} run of the second suite, not its full configuration: ${count}`;
  return {
    ...(what ? { mode: `Case ${id}'s figures come from ${what}, so they rest on less data than the words around them assume.` } : {}),
    warnings: [...c.warnings],
  };
}
