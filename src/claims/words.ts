/**
 * Words derived from figures, so that a characterisation cannot drift from its number: the prose
 * asks for "the word for this ratio" instead of typing "roughly doubles".
 */

/** A band of a ratio and its phrase; a ratio r takes the first band with r < below. */
export interface RatioBand {
  below: number;
  phrase: string;
}

/**
 * Bands for "X costs ___ Y" (X's figure divided by Y's). Read as: "a fresh connection costs
 * about a third more than a reused one", "a hop costs hundreds of times as much as a local call".
 */
export const RATIO_BANDS: readonly RatioBand[] = [
  { below: 0.95, phrase: 'less than' },
  { below: 1.1, phrase: 'about as much as' },
  { below: 1.2, phrase: 'a little more than' },
  { below: 1.42, phrase: 'about a third more than' },
  { below: 1.75, phrase: 'about half as much again as' },
  { below: 2.5, phrase: 'about twice as much as' },
  { below: 3.5, phrase: 'about three times as much as' },
  { below: 4.5, phrase: 'about four times as much as' },
  { below: 10, phrase: 'several times as much as' },
  { below: 100, phrase: 'tens of times as much as' },
  { below: 1000, phrase: 'hundreds of times as much as' },
  { below: 2000, phrase: 'over a thousand times as much as' },
  { below: 10_000, phrase: 'thousands of times as much as' },
  { below: Infinity, phrase: 'tens of thousands of times as much as' },
];

/**
 * The phrase for a ratio, e.g. ratioPhrase(2.18) → "about twice as much as".
 * @throws RangeError for a ratio that is negative or not finite.
 */
export function ratioPhrase(ratio: number): string {
  if (!Number.isFinite(ratio) || ratio < 0) throw new RangeError(`no phrase for the ratio ${ratio}`);
  return RATIO_BANDS.find((b) => ratio < b.below)!.phrase;
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
