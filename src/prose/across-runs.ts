/** A ratio between two measurements in words, under the one noise rule: the shared form of case G's and case H's comparisons. */
import type { FactRead } from '../claims/named.ts';
import { NOISE } from '../facts/noise-facts.ts';
import { ratioPhrase } from './ratio-words.ts';
import { RELATION_TOLERANCE } from './rules.ts';

/**
 * A comparison between two runs' figures, under the one noise rule (the ratio's ".noise" fact,
 * src/facts/noise-facts.ts): "the runs overlap, so they cannot tell the two apart (the medians alone
 * would say <subject> <band> <object>)" when the runs' intervals overlap, the verdict first; with one run on a side, the ratio's band and that one run cannot
 * tell it from noise; otherwise the band. When `adds` is given (TLS, a second network stack), a ratio that
 * reads below 1 (readsBelow) is flagged: it only adds work, so a lower figure comes from something that
 * differed between the two measurements, not from it.
 */
export function acrossRuns(f: FactRead, name: string, subject: string, object: string, adds?: string): string {
  const ratio = f(name);
  const noise = f(`${name}.noise`);
  const base = `${subject} ${ratioPhrase(ratio)} ${object}`;
  const below = adds !== undefined && readsBelow(ratio) ? `; ${adds} only adds work, so a lower figure comes from something that differed between the two measurements, not from ${adds === 'TLS' ? 'TLS' : 'the pair'}` : '';
  // Overlapping runs do not make the two equal: give the median ratio's band, and say the runs cannot tell them apart.
  if (noise === NOISE.same) return `the runs overlap, so they cannot tell the two apart (the medians alone would say ${base})${below}`;
  if (noise === NOISE.unjudged) return `${base}, from one run on a side, too few to tell a difference from the noise between runs${below}`;
  return `${base}, outside the noise between runs${below}`;
}

/**
 * True when a ratio is lower than its reference by more than the one tolerance (RELATION_TOLERANCE):
 * within it the two read "close to" each other, so a lower figure there is nothing to explain.
 */
export function readsBelow(ratio: number): boolean {
  return ratio < 1 - RELATION_TOLERANCE;
}
