/**
 * Case I's recovery times as the page writes them, in its prose (src/prose/words.ts) and its tables alike:
 * one unit (ms, as the bench records and prints them) and one formatter (src/format/number.ts formatFact).
 */
import { formatFact } from '../../format/number.ts';

/** A duration of case I's recovery rule, ms → "1,900 ms". */
export function recoveryDuration(ms: number): string {
  return formatFact('I.recoveryMs', ms);
}

/**
 * A recovery time as the rule can read it: "within 1,000 ms" when it came within the first span (the
 * shortest time the rule can read, `spanMs`), else "1,900 ms".
 */
export function recoveryTime(ms: number, spanMs: number): string {
  return ms <= spanMs ? `within ${recoveryDuration(spanMs)}` : recoveryDuration(ms);
}
