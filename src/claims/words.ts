/**
 * Words derived from figures, so that a characterisation cannot drift from its number: the prose
 * asks for "the word for this ratio" instead of typing "roughly doubles".
 */

const NUMBER_WORDS = ['', 'once', 'twice', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

/** Rounds to the nearest multiple of `step`. */
const roundTo = (x: number, step: number) => Math.round(x / step) * step;

/** 2 significant figures, grouped: 2879 → "2,900". */
function twoSignificant(x: number): string {
  return Number(x.toPrecision(2)).toLocaleString('en-US', { maximumFractionDigits: 2 });
}

/**
 * The phrase for "X costs ___ Y" where the ratio is X's figure ÷ Y's, in bands a reader agrees with:
 * - within ±5%: "about as much as";
 * - 1.05 to 1.95: "about N% more than", N to the nearest 5 (1.39 → "about 40% more than");
 * - 1.95 to 10: "about N times as much as", N the nearest whole number in words when the ratio is
 *   within 10% of it (2.18 → "about twice as much as", 3.2 → "about three times as much as"), else to
 *   2 significant figures (2.29 → "about 2.3 times as much as");
 * - 10 to 100: the nearest whole number (13.2 → "about 13 times as much as");
 * - from 100: 2 significant figures (2,879 → "about 2,900 times as much as");
 * - 0.55 to 0.95: "about N% less than" (0.86 → "about 15% less than");
 * - 0.45 to 0.55: "about half as much as"; below: "about N% as much as" (N to the nearest 5, or to
 *   2 significant figures below 10%).
 * @throws RangeError for a ratio that is negative or not finite.
 */
export function ratioPhrase(ratio: number): string {
  if (!Number.isFinite(ratio) || ratio < 0) throw new RangeError(`no phrase for the ratio ${ratio}`);
  if (Math.abs(ratio - 1) < 0.05) return 'about as much as';
  if (ratio > 1 && ratio < 1.95) return `about ${Math.max(5, roundTo((ratio - 1) * 100, 5))}% more than`;
  if (ratio >= 1.95 && ratio < 10) {
    const n = Math.round(ratio);
    if (Math.abs(ratio / n - 1) > 0.1) return `about ${twoSignificant(ratio)} times as much as`;
    return n === 2 ? 'about twice as much as' : n < 10 ? `about ${NUMBER_WORDS[n]} times as much as` : `about ${n} times as much as`;
  }
  if (ratio >= 10 && ratio < 100) return `about ${Math.round(ratio)} times as much as`;
  if (ratio >= 100) return `about ${twoSignificant(ratio)} times as much as`;
  if (ratio >= 0.55) return `about ${Math.max(5, roundTo((1 - ratio) * 100, 5))}% less than`;
  if (ratio >= 0.45) return 'about half as much as';
  const percent = ratio * 100;
  return `about ${percent >= 10 ? roundTo(percent, 5) : twoSignificant(percent)}% as much as`;
}

/**
 * A share as a reader would say it: "about 10%" (to the nearest 5 from 10%, else 2 significant
 * figures: "about 1%", "about 0.4%"), "about half", "all of it" from 0.98 … 1.02, more than 1 as
 * "about 1.3 times".
 * @throws RangeError for a share that is negative or not finite.
 */
export function sharePhrase(share: number): string {
  if (!Number.isFinite(share) || share < 0) throw new RangeError(`no phrase for the share ${share}`);
  if (share === 0) return 'none';
  if (Math.abs(share - 1) <= 0.02) return 'about all';
  if (share > 1) return `about ${twoSignificant(share)} times`;
  if (Math.abs(share - 0.5) <= 0.02) return 'about half';
  const percent = share * 100;
  return `about ${percent >= 10 ? roundTo(percent, 5) : twoSignificant(percent)}%`;
}

/** Words for how a value stands against a reference value. */
export interface RelationWords {
  above: string;
  near: string;
  below: string;
}

/**
 * How far a value may stand from its reference and still read "close to": a fraction of the
 * reference (0.1 = ±10%). The one tolerance for <Relation> and for every claim that says "roughly"
 * or "more than" about the same comparison; claims read it as the fact `words.nearTolerance`.
 */
export const RELATION_TOLERANCE = 0.1;

/** The word tolerances as facts, so claim conditions use the same number as <Relation>: words.nearTolerance (fraction). */
export function wordFacts(): Record<string, number> {
  return { 'words.nearTolerance': RELATION_TOLERANCE };
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
