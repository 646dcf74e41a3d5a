/**
 * How a named fact is written on the page: its unit comes from its name (Us = µs, Ms = ms, Percent = %,
 * PerSec = calls/s, Cents = USD, GB, Min = minutes; "ratio.*" = ×), its precision from its size unless
 * the author asks for a number of decimals. Output uses en-US digit grouping ("4,241").
 */

/** A unit: how a value is shown next to its number. */
export interface UnitStyle {
  /** Text after the number ("µs", "%"); empty for none. */
  suffix: string;
  /** Text before the number ("$"). */
  prefix?: string;
  /** Whether a (narrow no-break) space separates number and suffix. */
  spaced: boolean;
  /** Divide the value by this before printing (cents → dollars). */
  divideBy?: number;
  /** Fixed decimals for this unit, overriding the size rule (money: 2). */
  decimals?: number;
}

const NARROW_NBSP = '\u202f';

/** Units by name suffix, tried in order; the first match wins. Other fact sources may add entries. */
export const UNIT_SUFFIXES: [suffix: string, style: UnitStyle][] = [
  ['MinPerMonth', { suffix: 'minutes a month', spaced: true }],
  ['PerSec', { suffix: 'calls/s', spaced: true }],
  ['Percent', { suffix: '%', spaced: false }],
  ['Cents', { suffix: '', prefix: '$', spaced: false, divideBy: 100, decimals: 2 }],
  ['Us', { suffix: 'µs', spaced: true }],
  ['Ms', { suffix: 'ms', spaced: true }],
  ['GB', { suffix: 'GB', spaced: true }],
  ['Min', { suffix: 'min', spaced: true }],
];

const RATIO: UnitStyle = { suffix: '×', spaced: false };
const PLAIN: UnitStyle = { suffix: '', spaced: false };

/** The unit of a fact, from its name (the last dotted segment that ends in a known suffix). */
export function unitOf(name: string): UnitStyle {
  if (name.startsWith('ratio.') || name.startsWith('ref.ratio.')) return RATIO;
  // The unit is in the last segment that names one: "E.retry.slowestMs.max" is in ms.
  for (const segment of name.split('.').reverse()) {
    for (const [suffix, style] of UNIT_SUFFIXES) if (segment.endsWith(suffix)) return style;
  }
  return PLAIN;
}

/**
 * Decimals to show for a value when the author gives none: whole numbers from 100 up, one decimal
 * from 10, two below that (so 0.08 µs, 3.20×, 71.7 µs, 230 µs).
 */
export function autoDecimals(value: number): number {
  const a = Math.abs(value);
  if (Number.isInteger(value) || a >= 100) return 0;
  if (a >= 10) return 1;
  return 2;
}

/**
 * Writes a number with en-US grouping and a fixed number of decimals.
 * @throws RangeError for a value that is not finite (never print NaN or Infinity).
 */
export function formatNumber(value: number, decimals: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`cannot print ${value}`);
  const text = value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  // "-0" after rounding a tiny negative reads as a sign error.
  return text === `-${(0).toFixed(decimals)}` ? (0).toFixed(decimals) : text;
}

/** Options for `formatFact`. */
export interface FormatOptions {
  /** Decimals to show; default from the unit or the value's size. */
  digits?: number;
  /** Show the unit (default true). */
  unit?: boolean;
}

/**
 * A fact as the page shows it, e.g. formatFact("B.p50Us", 230.32) → "230 µs".
 * @throws RangeError for a value that is not finite.
 */
export function formatFact(name: string, value: number, options: FormatOptions = {}): string {
  const style = unitOf(name);
  const shown = style.divideBy ? value / style.divideBy : value;
  const digits = options.digits ?? style.decimals ?? autoDecimals(shown);
  const number = formatNumber(shown, digits);
  if (options.unit === false) return number;
  const suffix = style.suffix === '' ? '' : `${style.spaced ? NARROW_NBSP : ''}${style.suffix}`;
  return `${style.prefix ?? ''}${number}${suffix}`;
}
