/**
 * Words for a comparison under the page's one noise rule: a ratio fact with a companion noise fact
 * ("….noise", src/facts/noise-facts.ts). When the two sides' runs overlap, the words say there is no
 * measurable difference; otherwise they take the ratio's band (ratio-words.ts ratioPhrase).
 */
import { NOISE, NOISE_SUFFIX } from '../facts/noise-facts.ts';
import type { FactRead } from '../claims/named.ts';
import { ratioPhrase } from './ratio-words.ts';

/** The slot phrase ("X costs ___ Y") for a comparison whose runs overlap. */
export const NO_MEASURABLE_DIFFERENCE_PHRASE = 'no more or less, within the noise between runs, than';

/**
 * "X costs ___ Y" for a ratio and its noise verdict (NOISE.same → NO_MEASURABLE_DIFFERENCE_PHRASE;
 * NOISE.differ, NOISE.unjudged or none → the ratio's band).
 * @throws RangeError as ratioPhrase.
 */
export function noiseAwareRatioPhrase(ratio: number, noise: number | undefined): string {
  return noise === NOISE.same ? NO_MEASURABLE_DIFFERENCE_PHRASE : ratioPhrase(ratio);
}

/** The two forms of a comparison sentence. */
export interface ComparisonForms {
  /** The sentence when the difference is measurable (or cannot be judged), given the ratio's phrase. */
  differ: (phrase: string) => string;
  /** The sentence when the runs overlap: it must say there is no measurable difference. */
  same: string;
}

/**
 * A comparison sentence for a derived word (src/prose/words.ts): reads the ratio `name` and its noise
 * fact, and returns `forms.same` when the runs overlap, else `forms.differ(ratioPhrase(ratio))`.
 * Example: comparison(f, 'H.ratio.CvethOverC.p50', { differ: (p) => `C costs ${p} it does on loopback`,
 * same: 'C shows no measurable difference from loopback' }).
 * @throws FactError when the ratio or its noise fact is unknown; RangeError as ratioPhrase.
 */
export function comparison(f: FactRead, name: string, forms: ComparisonForms): string {
  const ratio = f(name);
  return f(name + NOISE_SUFFIX) === NOISE.same ? forms.same : forms.differ(ratioPhrase(ratio));
}
