/**
 * The reference suite's derived words (cases A–D): a fresh connection against a reused one, the chain
 * against the sum of its hops, and A's untimed loop against its timed median.
 */
import type { DerivedWord, FactRead } from '../claims/named.ts';
import { standing, type Standing } from '../claims/standing.ts';
import { NOISE } from '../facts/noise-facts.ts';
import { C_OVER_B_PAIRED } from '../facts/paired-facts.ts';
import { ratioPhrase } from './ratio-words.ts';
import { RELATION_TOLERANCE } from './rules.ts';

export const REFERENCE_WORDS = {
  /** "**___ a reused one**": case C against case B through each run's C p50 ÷ the same run's B p50, under the noise rule. */
  newConnectionCost: (f) => {
    const base = `A fresh connection per call costs ${ratioPhrase(f(C_OVER_B_PAIRED))} a reused one`;
    // Overlapping runs do not make the two equal: the band, and that the runs cannot tell them apart.
    return f(C_OVER_B_PAIRED + '.noise') === NOISE.same ? `${base}, but the runs overlap, so they cannot tell the two apart` : base;
  },
  /** "so the chain's cost was ___ the sum of its hops". */
  chainVsHopSum: (f) => ({ above: 'above', near: 'close to', below: 'below', same: 'not measurably different from' })[chainStanding(f)],
  /**
   * "works out to X a call, ___": the untimed loop's time per call against A's timed median (µs), "about"
   * within the one tolerance (RELATION_TOLERANCE). On a busy machine the loop's average takes in every
   * interruption, which the median of single calls leaves out.
   */
  untimedVsTimed: (f) => {
    const ratio = f('A.untimedCallUs') / f('A.p50Us');
    if (ratio < 1 - RELATION_TOLERANCE) return 'less than the timed median';
    if (ratio <= 1 + RELATION_TOLERANCE) return 'about the timed median';
    return "more than the timed median: the loop's average takes in every interruption during the run, which the median of single calls leaves out";
  },
  /** The sentence that follows from chainVsHopSum. */
  relaysVerdict: (f) =>
    ({
      above: 'The relays add time of their own on top of the hops; the bench does not isolate why.',
      near: 'The relays add little beyond the hops themselves.',
      same: 'The relays add no time that the runs can tell apart from noise.',
      below: 'The chain cost less than its hops added up; the bench does not isolate why.',
    })[chainStanding(f)],
} satisfies Record<string, DerivedWord>;

/**
 * Case D against the sum of its hops, through each run's mean (means add; medians do not): the mean of
 * per-run D ÷ (hops × B), its runs' interval and run count (src/facts/chain-facts.ts), against 1.
 */
function chainStanding(f: FactRead): Standing {
  const figure = { value: f('ratio.DoverHopsB.mean'), low: f('ratio.DoverHopsB.meanLow'), high: f('ratio.DoverHopsB.meanHigh'), runs: f('ratio.DoverHopsB.runs') };
  return standing(figure, 1);
}
