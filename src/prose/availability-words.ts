/**
 * The availability calculator's and table's words: a chain of services and what it is available. Used
 * at build time and by the calculator's browser script alike, so the first answer and every later one
 * read the same; imports nothing, so the browser bundle takes only this.
 */

/** "1 service", "3 services". */
export function servicesCount(n: number): string {
  return `${n} ${n === 1 ? 'service' : 'services'}`;
}

/**
 * The calculator's answer, a whole sentence that names its inputs so it never reads as an orphan line:
 * "3 services in sequence at 99.9% each: the chain is available 99.700% of the time, about M minutes of
 * downtime per month." Every figure comes as shown (percent strings, minutes already rounded).
 */
export function chainAvailabilitySentence(services: number, eachPercent: string, chainPercent: string, downtimeMinutes: string): string {
  return `${servicesCount(services)} in sequence at ${eachPercent}% each: the chain is available ${chainPercent}% of the time, about ${downtimeMinutes} minutes of downtime per month.`;
}

/** The calculator's answer to input it cannot compute. */
export const CALCULATOR_INPUT_HINT = 'Enter 1 to 50 services and a percentage from 0 to 100, such as 99.95.';
