/** The cost section's words around its tables: how old the prices are, and the warning when they are too old. */

/** "1 day", "40 days" (a whole number of days). */
export function daysCount(days: number): string {
  return days === 1 ? '1 day' : `${days} days`;
}

/**
 * The warning for stale prices: "These prices are more than 180 days old (oldest read 2026-05-01);
 * check the sources before relying on them." `maxAgeDays` is the limit the build warns at, `oldestReadOn`
 * the oldest item's read date as written in the price file (YYYY-MM-DD).
 */
export function stalePricesWarning(maxAgeDays: number, oldestReadOn: string): string {
  return `These prices are more than ${maxAgeDays} days old (oldest read ${oldestReadOn}); check the sources before relying on them.`;
}
