/**
 * The article's sentence forms: each a selector that picks one outcome from the facts, used as
 * <Form of="name" is="outcome">…</Form> in the MDX, with one <Form> per outcome (src/claims/forms.ts).
 * Counts take zero / one / many forms with `byCount('fact.name')`.
 */
import { byCount, type FormSelector } from '../claims/form-selector.ts';
import { NOISE } from '../facts/noise-facts.ts';
import { C_OVER_B_PAIRED } from '../facts/paired-facts.ts';

/**
 * Case I: "stuck" when the run's `I.<key>.recovered` is 0; otherwise "withinSpan" when it recovered
 * within the first span the recovery rule judges (I.recovery.windowMs, the shortest time it can read:
 * an exact time would overstate how late it came), or "later" (a time read to I.bucketMs).
 * Reads I.<key>.recoveryMs only when the run has it (an outcome-dependent fact).
 */
function recovery(key: string): FormSelector {
  return {
    forms: ['stuck', 'withinSpan', 'later'],
    pick: (f) => {
      if (f(`I.${key}.recovered`) !== 1) return 'stuck';
      return f(`I.${key}.recoveryMs`) <= f('I.recovery.windowMs') ? 'withinSpan' : 'later';
    },
  };
}

export const FORMS = {
  /**
   * Case C against case B, paired run by run (each run's C p50 ÷ its own B p50, src/facts/paired-facts.ts),
   * by the one noise rule: "same" when the runs' interval holds 1, else "slower" or "faster" by the mean ratio.
   */
  newConnection: {
    forms: ['slower', 'same', 'faster'],
    pick: (f) => (f(C_OVER_B_PAIRED + '.noise') === NOISE.same ? 'same' : f(C_OVER_B_PAIRED) > 1 ? 'slower' : 'faster'),
  },
  /** Case F: open-loop levels that counted, both targets together (zero: no latency-against-load chart). */
  validOpenLevels: byCount('F.open.validLevels'),
  /** Case I: whether naive immediate retries recovered within the run ("stuck" when they did not). */
  immediateRecovery: recovery('immediate'),
  /** Case I: whether backoff with full jitter recovered within the run. */
  backoffRecovery: recovery('backoff'),
  /** Case I: queued requests the server dropped for their deadline under deadline-drop (zero: it ran as naive immediate retries). */
  deadlineDrops: byCount('I.deadline.dropped'),
  /** Case I: invoices written for calls the client counted as failed, without retries. */
  noRetryInvoicesForFailed: byCount('I.none.invoicesForFailedCalls'),
  /** Case I: keyed duplicates in the run whose keys expire before a retry arrives. */
  shortTtlKeyedDuplicates: byCount('I.immediateShortTtl.duplicates.keyed'),
  /**
   * Case E against the reference run: "all" runs compared have its counts, "some", or "none" (each late
   * reply races the client's timeout, so a busy machine can tip a close race).
   */
  eMatchesReference: {
    forms: ['all', 'some', 'none'],
    pick: (f) => {
      const compared = f('E.refMatch.runsCompared');
      const equal = f('E.refMatch.runsEqual');
      return compared > 0 && equal === compared ? 'all' : equal > 0 ? 'some' : 'none';
    },
  },
} satisfies Record<string, FormSelector>;
