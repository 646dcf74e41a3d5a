/**
 * The article's derived words: each a named function of the facts that returns the word or sentence
 * that fits them, with a form for every outcome a faithful run can produce. The MDX refers to one by
 * name, <Word name="chainVsHopSum" />; the build evaluates each (src/claims/words-check.ts) and the
 * claims report lists the word chosen and the values read.
 */
import type { DerivedWord, FactRead } from '../src/claims/named.ts';
import { standing, type Standing } from '../src/claims/standing.ts';
import { sharePhrase } from '../src/claims/words.ts';

/**
 * Case D against the sum of its hops, through each run's mean (means add; medians do not): the mean of
 * per-run D ÷ (hops × B), its runs' interval and run count (src/facts/chain-facts.ts), against 1.
 */
function chainStanding(f: FactRead): Standing {
  const figure = { value: f('ratio.DoverHopsB.mean'), low: f('ratio.DoverHopsB.meanLow'), high: f('ratio.DoverHopsB.meanHigh'), runs: f('ratio.DoverHopsB.runs') };
  return standing(figure, 1);
}

export const WORDS = {
  /** "so the chain's cost was ___ the sum of its hops". */
  chainVsHopSum: (f) => ({ above: 'above', near: 'close to', below: 'below', same: 'not measurably different from' })[chainStanding(f)],
  /** The sentence that follows from chainVsHopSum. */
  relaysVerdict: (f) =>
    ({
      above: 'The relays add time of their own on top of the hops; the bench does not isolate why.',
      near: 'The relays add little beyond the hops themselves.',
      same: 'The relays add no time that the runs can tell apart from noise.',
      below: 'The chain cost less than its hops added up; the bench does not isolate why.',
    })[chainStanding(f)],
  /**
   * Case I: what the retry budget left of the extra load immediate retries added in the window, as a
   * share of it: (budget amplification − 1) ÷ (immediate amplification − 1).
   */
  budgetExtraShare: (f) => {
    const immediateExtra = f('I.immediate.amp.during') - 1;
    const budgetExtra = f('I.budget.amp.during') - 1;
    if (immediateExtra <= 0) return 'immediate retries added no attempts in this run, so there was no extra load for the budget to cap';
    if (budgetExtra <= 0) return 'the budget let no extra attempt through at all';
    return `the extra attempts were ${sharePhrase(budgetExtra / immediateExtra)} of those immediate retries added`;
  },
} satisfies Record<string, DerivedWord>;

/** A derived word's name. */
export type WordName = keyof typeof WORDS;
