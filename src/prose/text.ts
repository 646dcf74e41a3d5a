/** Small text helpers the sentences share. */

/** "a full…" → "A full…": a clause opening a sentence. */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "A full…" → "a full…": a sentence continued after a lead-in. */
export function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
