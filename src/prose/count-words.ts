/** A whole-number count with its noun, as <Count> shows it. */

/**
 * "57 duplicate invoices", "1 duplicate invoice", "no duplicate invoices" (zero with a noun reads "no …",
 * not "0 …"), or the bare figure without a noun. `shownCount` is the count as the page formats it
 * ("1,234"), `count` its value; `plural` defaults to `noun` + "s".
 */
export function countWords(count: number, shownCount: string, noun?: string, plural?: string): string {
  if (noun === undefined) return shownCount;
  return `${count === 0 ? 'no' : shownCount} ${count === 1 ? noun : (plural ?? `${noun}s`)}`;
}
