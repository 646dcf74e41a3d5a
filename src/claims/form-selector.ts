/**
 * Form selectors: functions of the facts that pick one outcome of a fixed set (zero / one / many for a
 * count), for <Form of is> (src/claims/forms.ts). Kept apart from forms.ts so src/prose/forms.ts can
 * import these helpers without a cycle.
 */
import type { FactRead } from './named.ts';

/** Picks one of `forms` from the facts. */
export interface FormSelector {
  /** Every outcome the selector can return; the article needs a <Form> for each. */
  forms: readonly string[];
  pick: (fact: FactRead) => string;
}

/** The outcome of a count: "zero", "one" or "many". */
export type CountForm = 'zero' | 'one' | 'many';

/** A count's form: 0 → "zero", 1 → "one", anything else → "many". */
export function countForm(n: number): CountForm {
  return n === 0 ? 'zero' : n === 1 ? 'one' : 'many';
}

/** A selector of zero / one / many by the count fact `name`. */
export function byCount(name: string): FormSelector {
  return { forms: ['zero', 'one', 'many'], pick: (f) => countForm(f(name)) };
}

