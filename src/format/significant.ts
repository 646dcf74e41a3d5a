/** Rounding to significant figures for prose ("about 2,900 times", "about 25 million calls/s"). */

/**
 * `value` rounded to `significant` significant figures, and the decimals that shows them
 * (2879.1, 2 → { value: 2900, digits: 0 }; 1.3611, 2 → { value: 1.4, digits: 1 }).
 * @throws RangeError when `significant` is not a whole number from 1 to 21.
 */
export function toSignificant(value: number, significant: number): { value: number; digits: number } {
  if (!Number.isInteger(significant) || significant < 1 || significant > 21) throw new RangeError(`significant figures must be 1–21, got ${significant}`);
  if (value === 0 || !Number.isFinite(value)) return { value, digits: 0 };
  const rounded = Number(value.toPrecision(significant));
  return { value: rounded, digits: Math.max(0, significant - 1 - Math.floor(Math.log10(Math.abs(rounded)))) };
}

/** A formatted figure whose number is at least a million, with that number written in millions: "25,000,000 calls/s" → "25 million calls/s". */
export function inMillions(text: string, value: number): string {
  return Math.abs(value) >= 1e6 ? text.replace(/^[\d,]+(?:\.\d+)?/, `${Number((value / 1e6).toPrecision(15))} million`) : text;
}
