/**
 * Expected texts for the tests, written out by the page's documented rules and never with the code
 * under test (src/format/, src/claims/words.ts): a test that built its expectation with the production
 * formatter would pass whatever that formatter printed.
 *
 * - Numbers: en-US grouping ("4,241"); measured figures and ratios by size: whole from 100, one decimal
 *   from 10, two from 0.1, two significant digits below, the bands judged after rounding (99.96 → "100").
 * - A run's date: "30 November 2026, 06:46 UTC", day without a leading zero, 24-hour time in UTC.
 */

/** A fixed-point number ("4241.5") with en-US grouping of its whole part ("4,241.5"). */
export const group = (fixed: string): string => {
  const [whole, fraction] = fixed.split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
};

/** A measured figure or ratio by size (see above), without its unit. */
export const bySize = (v: number): string => {
  const a = Math.abs(v);
  if (Number.isInteger(v) || a >= 99.95) return group(v.toFixed(0));
  if (a >= 9.995) return group(v.toFixed(1));
  if (a >= 0.1) return v.toFixed(2);
  return String(Number(v.toPrecision(2)));
};

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** An ISO instant as a run's date reads: "30 November 2026, 06:46 UTC". */
export const runDateText = (iso: string): string => {
  const d = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${two(d.getUTCHours())}:${two(d.getUTCMinutes())} UTC`;
};
