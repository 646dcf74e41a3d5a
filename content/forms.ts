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
} satisfies Record<string, FormSelector>;
