/**
 * The article's sentence forms: each a selector that picks one outcome from the facts, used as
 * <Form of="name" is="outcome">…</Form> in the MDX, with one <Form> per outcome (src/claims/forms.ts).
 * Counts take zero / one / many forms with `byCount('fact.name')`.
 */
import { byCount, type FormSelector } from '../src/claims/form-selector.ts';

export const FORMS = {
  /** Case I: duplicates written by calls without a key under backoff. */
  backoffUnkeyedDuplicates: byCount('I.backoff.duplicates.unkeyed'),
  /** Case I: keyed duplicates in the backoff run whose keys expire early. */
  shortTtlKeyedDuplicates: byCount('I.backoffShortTtl.duplicates.keyed'),
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
