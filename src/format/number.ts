/**
 * The page's one number formatter, built on Intl.NumberFormat (en-US digit grouping, "4,241"). Every
 * figure on the page — tables, prose, chart tables and tooltips, costs, the claims report — goes
 * through a named precision rule here, so one value is written one way wherever it appears (the raw
 * bench report is quoted as printed and is the only exception).
 *
 * The rules (PRECISION):
 * - `bySize`: measured figures and ratios: whole numbers from 100 up, one decimal from 10, two from
 *   0.1, two significant digits below (230 µs, 71.7 µs, 3.20×, 0.08 µs, 0.00035×);
 * - `whole`: counts and rates (57, 4,241 calls/s);
 * - `money`: an amount in a currency's main unit, two decimals (1,214.80);
 * - `exactMoney`: a published price, as many decimals as it has, at least two, at most six (30.368);
 * - `report`: the claims report and `--facts`: four significant digits, no grouping (71.71, 0.3333).
 * An author may still ask for fixed decimals (`digits` in MDX), which is `fixed(n)`.
 *
 * A fact's unit comes from its name (Us = µs, Ms = ms, Percent = %, PerSec = calls/s, Cents = USD,
 * GB, Min = minutes; "ratio.*" = ×). No Node APIs: the charts' browser script imports this module.
 */

/** Intl.NumberFormat options of a precision rule (the locale is always en-US). */
export type PrecisionRule = Readonly<Intl.NumberFormatOptions>;

/** A rule, or a function choosing one from the value (for rules that depend on its size). */
export type PrecisionRuleFor = PrecisionRule | ((value: number) => PrecisionRule);

const fixed = (decimals: number): PrecisionRule => ({ minimumFractionDigits: decimals, maximumFractionDigits: decimals });

/** The named precision rules (see the module comment for what each is for). */
export const PRECISION = {
  bySize: (value: number): PrecisionRule => {
    const a = Math.abs(value);
    // Bands are judged after rounding, so 99.96 is "100", not "100.0", and 9.999 is "10.0".
    if (Number.isInteger(value) || a >= 99.95) return fixed(0);
    if (a >= 9.995) return fixed(1);
    if (a >= 0.1) return fixed(2);
    return { maximumSignificantDigits: 2 };
  },
  whole: fixed(0),
  money: fixed(2),
  exactMoney: { minimumFractionDigits: 2, maximumFractionDigits: 6 },
  report: { maximumSignificantDigits: 4, useGrouping: false },
} as const satisfies Record<string, PrecisionRuleFor>;

/** Names of the precision rules. */
export type PrecisionName = keyof typeof PRECISION;

/** Fixed decimals, for an author's explicit `digits`: fixedDecimals(1) writes 99.7. */
export function fixedDecimals(decimals: number): PrecisionRule {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 20) throw new RangeError(`expected 0 to 20 decimals, got ${decimals}`);
  return fixed(decimals);
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(rule: PrecisionRule): Intl.NumberFormat {
  const key = JSON.stringify(rule);
  let nf = formatters.get(key);
  if (!nf) {
    // signDisplay "negative": a tiny negative rounded to zero prints "0.00", never "-0.00".
    nf = new Intl.NumberFormat('en-US', { signDisplay: 'negative', ...rule });
    formatters.set(key, nf);
  }
  return nf;
}

/**
 * Writes a number by a precision rule: format(230.322, 'bySize') → "230"; format(3.2011, 'bySize')
 * → "3.20"; format(4241.12, 'whole') → "4,241"; format(0.5, fixedDecimals(1)) → "0.5".
 * @param value a finite number, or an exact decimal string ("30.368") for money that must not pass
 *   through floating point.
 * @throws RangeError for a value that is not finite (the page never prints NaN or Infinity).
 */
export function format(value: number | `${number}`, rule: PrecisionName | PrecisionRule): string {
  const n = Number(value);
  if (!Number.isFinite(n)) throw new RangeError(`cannot print ${value}`);
  const named = typeof rule === 'string' ? PRECISION[rule] : rule;
  const options = typeof named === 'function' ? named(n) : named;
  // Intl formats a numeric string as the exact decimal it spells (Intl.NumberFormat v3).
  return formatterFor(options).format(value as Intl.StringNumericLiteral);
}

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
  /** The precision rule of this unit, overriding `bySize` (money: `money`). */
  precision?: PrecisionName;
}

const NARROW_NBSP = '\u202f';

/** Units by name suffix, tried in order; the first match wins. Other fact sources may add entries. */
export const UNIT_SUFFIXES: [suffix: string, style: UnitStyle][] = [
  ['MinPerMonth', { suffix: 'minutes a month', spaced: true }],
  ['PerSec', { suffix: 'calls/s', spaced: true, precision: 'whole' }],
  ['Percent', { suffix: '%', spaced: false }],
  ['Cents', { suffix: '', prefix: '$', spaced: false, divideBy: 100, precision: 'money' }],
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
 * Decimals `bySize` shows for a value: 0 for whole numbers and from 100 up, 1 from 10, 2 from 0.1,
 * and below that as many as two significant digits need (0.08 → 2, 0.00035 → 5).
 */
export function autoDecimals(value: number): number {
  const text = format(value, 'bySize');
  return text.includes('.') ? text.length - text.indexOf('.') - 1 : 0;
}

/**
 * Writes a number with en-US grouping and a fixed number of decimals: (1234567.891, 1) → "1,234,567.9".
 * @throws RangeError for a value that is not finite (never print NaN or Infinity).
 */
export function formatNumber(value: number, decimals: number): string {
  return format(value, fixedDecimals(decimals));
}

/** A latency in µs as every table and chart shows it (rule `bySize`, no unit): 230.322 → "230". */
export function formatUs(value: number): string {
  return format(value, 'bySize');
}

/** A ratio as every table and the prose show it (rule `bySize`): 1.3611 → "1.36×", 2879.1 → "2,879×". */
export function formatRatio(value: number): string {
  return `${format(value, 'bySize')}×`;
}

/** Options for `formatFact`. */
export interface FormatOptions {
  /** Decimals to show; default from the unit's rule or the value's size. */
  digits?: number;
  /** Show the unit (default true). */
  unit?: boolean;
}

/**
 * A fact as the page shows it, e.g. formatFact("B.p50Us", 230.32) → "230 µs",
 * formatFact("ratio.CoverB.p50", 1.3611) → "1.36×".
 * @throws RangeError for a value that is not finite.
 */
export function formatFact(name: string, value: number, options: FormatOptions = {}): string {
  const style = unitOf(name);
  const shown = style.divideBy ? value / style.divideBy : value;
  const number = format(shown, options.digits !== undefined ? fixedDecimals(options.digits) : (style.precision ?? 'bySize'));
  if (options.unit === false) return number;
  const suffix = style.suffix === '' ? '' : `${style.spaced ? NARROW_NBSP : ''}${style.suffix}`;
  return `${style.prefix ?? ''}${number}${suffix}`;
}
