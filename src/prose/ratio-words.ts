/**
 * Words derived from figures, so that a characterisation cannot drift from its number: the prose
 * asks for "the word for this ratio" instead of typing "roughly doubles". The tolerances they apply
 * are in rules.ts.
 */
import { RELATION_TOLERANCE, SHARE_ABOUT_TOLERANCE } from './rules.ts';

const NUMBER_WORDS = ['', 'once', 'twice', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

/** Rounds to the nearest multiple of `step`. */
const roundTo = (x: number, step: number) => Math.round(x / step) * step;

/** 2 significant figures, grouped: 2879 → "2,900". */
function twoSignificant(x: number): string {
  return Number(x.toPrecision(2)).toLocaleString('en-US', { maximumFractionDigits: 2 });
}

/**
 * |ratio − 1| in percent as the page shows it: to the whole per cent from 1%, to one decimal below it,
 * "0" below 0.05% (1.33 → "33", 0.97 → "3", 1.004 → "0.4", 1.0004 → "0").
 */
export function percentApart(ratio: number): string {
  const pct = Math.abs(ratio - 1) * 100;
  // Not thresholds of judgement but of display: from 0.95% one decimal would show "1.0", below 0.05% "0.0".
  return pct >= 0.95 || pct === 0 ? String(Math.round(pct)) : pct < 0.05 ? '0' : pct.toFixed(1);
}

/**
 * "about K times as much as" for a ratio from 1.995: K the nearest whole number in words when the ratio
 * is within the one tolerance (RELATION_TOLERANCE, 10%) of it (2.18 → "about twice", 3.2 → "about three times"), else to 2 significant figures
 * (2.29 → "about 2.3 times", 2.5 → "about 2.5 times"); from 10 to 100 the nearest whole number
 * (13.2 → "about 13 times"); from 100, 2 significant figures (2,879 → "about 2,900 times").
 */
function timesPhrase(ratio: number): string {
  if (ratio >= 100) return `about ${twoSignificant(ratio)} times as much as`;
  const n = Math.round(ratio);
  if (ratio >= 10) return `about ${n} times as much as`;
  if (Math.abs(ratio / n - 1) > RELATION_TOLERANCE) return `about ${twoSignificant(ratio)} times as much as`;
  return n === 2 ? 'about twice as much as' : n < 10 ? `about ${NUMBER_WORDS[n]} times as much as` : `about ${n} times as much as`;
}

/**
 * The phrase for "X costs ___ Y" where the ratio is X's figure ÷ Y's (unitless), as tight as the ratio
 * shown beside it:
 * - "as much as" when the difference shows as 0% (percentApart);
 * - below twice: "N% more than" / "N% less than", N by percentApart (1.33 → "33% more than",
 *   0.97 → "3% less than", 1.004 → "0.4% more than");
 * - from twice (N rounds to 100% or more): timesPhrase, "about K times as much as" (a spread
 *   ratio of several times is not stated finer than its runs allow);
 * - half or less: "half as much as" when N shows as 50, else "P% as much as", P the ratio in per cent,
 *   whole from 10%, 2 significant figures below (0.3 → "30% as much as", 0.004 → "0.4% as much as").
 * @throws RangeError for a ratio that is negative or not finite.
 */
export function ratioPhrase(ratio: number): string {
  if (!Number.isFinite(ratio) || ratio < 0) throw new RangeError(`no phrase for the ratio ${ratio}`);
  const pct = percentApart(ratio);
  if (pct === '0') return 'as much as';
  if (ratio > 1) {
    return Number(pct) < 100 ? `${pct}% more than` : timesPhrase(ratio);
  }
  if (pct === '50') return 'half as much as';
  if (Number(pct) < 50) return `${pct}% less than`;
  const percent = ratio * 100;
  return `${percent >= 10 ? Math.round(percent) : twoSignificant(percent)}% as much as`;
}

/**
 * A share as a reader would say it: "about 10%" (to the nearest 5 from 10%, else 2 significant
 * figures: "about 1%", "about 0.4%"), "about half" and "about all" within SHARE_ABOUT_TOLERANCE
 * (0.48 … 0.52, 0.98 … 1.02), more than 1 as
 * "about 1.3 times".
 * @throws RangeError for a share that is negative or not finite.
 */
export function sharePhrase(share: number): string {
  if (!Number.isFinite(share) || share < 0) throw new RangeError(`no phrase for the share ${share}`);
  if (share === 0) return 'none';
  if (Math.abs(share - 1) <= SHARE_ABOUT_TOLERANCE) return 'about all';
  if (share > 1) return `about ${twoSignificant(share)} times`;
  if (Math.abs(share - 0.5) <= SHARE_ABOUT_TOLERANCE) return 'about half';
  const percent = share * 100;
  return `about ${percent >= 10 ? roundTo(percent, 5) : twoSignificant(percent)}%`;
}

/** Words for how a value stands against a reference value. */
export interface RelationWords {
  above: string;
  near: string;
  below: string;
}

/** Default words: "the chain's median is ___ three hops' worth". */
export const RELATION_WORDS: RelationWords = { above: 'above', near: 'close to', below: 'below' };

/**
 * "above", "close to" or "below": value against reference, "close to" meaning within ± tolerance
 * (a fraction of the reference, default RELATION_TOLERANCE).
 * @throws RangeError for a value or reference that is not finite, or a reference of zero.
 */
export function relationWord(value: number, reference: number, tolerance = RELATION_TOLERANCE, words: RelationWords = RELATION_WORDS): string {
  if (!Number.isFinite(value) || !Number.isFinite(reference) || reference === 0) {
    throw new RangeError(`cannot relate ${value} to ${reference}`);
  }
  const ratio = value / reference;
  if (ratio > 1 + tolerance) return words.above;
  if (ratio < 1 - tolerance) return words.below;
  return words.near;
}
