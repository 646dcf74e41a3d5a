/**
 * The words around a beyond case's block (<BeyondCase>): the note when its suite ran on another machine
 * or runtime, the lead-in to the bench's own warnings, and the sentence for a case not measured here.
 */

/**
 * "Case F's figures come from another machine or runtime than cases A–E on this page (<differences>);
 * set them against each other with care." `differences` as src/prose/provenance.ts machineDifferences
 * gives them, at least one.
 */
export function mixedMachinesNote(caseId: string, differences: readonly string[]): string {
  return `Case ${caseId}'s figures come from another machine or runtime than cases A–E on this page (${differences.join('; ')}); set them against each other with care.`;
}

/** The lead-in to the bench's warnings for a case, which follow quoted as it printed them. */
export function benchWarningsLead(caseId: string): string {
  return `The bench warned about case ${caseId} in this run, in its own words:`;
}

/**
 * "Case H (Over a network interface) was not measured here, because <reason>. The rest of the page does
 * not depend on it; a machine that can run it shows its figures here." `title` is left out when the
 * results do not give one; the reason's own closing full stop is dropped, so it ends in one.
 */
export function notMeasuredSentence(caseId: string, title: string | undefined, reason: string): string {
  return `Case ${caseId}${title ? ` (${title})` : ''} was not measured here, because ${reason.replace(/\.$/, '')}. The rest of the page does not depend on it; a machine that can run it shows its figures here.`;
}
