/**
 * How a measured figure stands against a reference value, by the page's one noise rule (the bench's,
 * hop-bench/noise): when the runs' interval of the figure contains the reference, there is no
 * measurable difference; otherwise it is "near" within the word tolerance (RELATION_TOLERANCE), or above
 * or below. With one run there is no spread to judge, so only the tolerance decides.
 */
import { RELATION_TOLERANCE } from '../prose/rules.ts';

/** Where a figure stands against its reference. */
export type Standing = 'above' | 'near' | 'below' | 'same';

/** A figure with the interval of its runs (same unit as the reference). */
export interface RunFigure {
  /** The figure (e.g. a mean of per-run ratios). */
  value: number;
  /** The runs' interval, low and high (hop-bench/noise runsInterval). */
  low: number;
  high: number;
  /** How many runs the interval comes from. */
  runs: number;
}

/**
 * "same" when runs ≥ 2 and low ≤ reference ≤ high (no measurable difference); else "near" when
 * |value ÷ reference − 1| ≤ tolerance (a fraction); else "above" or "below".
 * @throws RangeError for a non-finite figure or a reference of zero.
 */
export function standing(figure: RunFigure, reference: number, tolerance = RELATION_TOLERANCE): Standing {
  const { value, low, high, runs } = figure;
  if (![value, low, high, reference].every(Number.isFinite) || reference === 0) throw new RangeError(`cannot set ${value} against ${reference}`);
  if (runs >= 2 && low <= reference && reference <= high) return 'same';
  const ratio = value / reference;
  if (Math.abs(ratio - 1) <= tolerance) return 'near';
  return ratio > 1 ? 'above' : 'below';
}

/** The words for each standing, e.g. { above: 'above', near: 'close to', below: 'below', same: 'no different, within the noise, from' }. */
export type StandingWords = Record<Standing, string>;
