/**
 * Case G's derived words (the TLS and network page): a full handshake against a resumed one, how many
 * sessions resumed, and TLS against plain HTTP.
 */
import type { DerivedWord, FactRead } from '../claims/named.ts';
import { NOISE } from '../facts/noise-facts.ts';
import { formatFact, formatNumber } from '../format/number.ts';
import { acrossRuns, readsBelow } from './across-runs.ts';
import { percentApart, ratioPhrase } from './ratio-words.ts';
import { capitalise, lowerFirst } from './text.ts';
import { noiseRuleCheck } from './noise-check-words.ts';

export const TLS_WORDS = {
  /** TLS page and the run-history page: the noise rule's A/A check and the permutation test's power (noise-check-words.ts; case G). */
  noiseRuleCheck: (f) => noiseRuleCheck(f),
  /**
   * TLS page, case G: "**Resuming skips part of the handshake.** ___." G2 against G3 paired run by run
   * (G.ratio.G2overG3.pairedP50: the median of each run's G2 p50 ÷ its G3 p50, .min/.max the runs' range,
   * with the interval the one noise rule reads against 1, src/facts/paired-ratios.ts). Gives the range as
   * well as the median, since a skewed range makes the median alone understate it, and names the method,
   * which is not the ratio of the two medians over runs (G.ratio.G2overG3.p50).
   */
  tlsFullVsResumed: (f) => {
    const loopback = fullVsResumed(f, 'G', 'paired here');
    // Case H times G2 and G3 in one run across the veth pair: the same pairing there, where it was measured.
    if (f('G.ratio.G2overG3.pairedInH') !== 1) return loopback;
    return `${loopback}. Across the veth pair, ${lowerFirst(fullVsResumed(f, 'H.G', 'that case H paired the same way', 'the same pairing'))}`;
  },
  /**
   * TLS page, case G: how many of G3's timed calls resumed their session, as a sentence: every one (in
   * each run), or the lowest run's share; with the rate below which the bench fails a run.
   */
  tlsResumeRate: (f) => {
    const runs = f('G.G3.runs');
    const min = f('G.G3.reuseRatePercent.min');
    const floor = `${runs === 1 ? 'the' : 'a'} run fails below ${formatFact('G.minReuseRatePercent', f('G.minReuseRatePercent'), { digits: 0 })}`;
    if (min >= 100) return `Every one of G3’s timed calls resumed its session${runs === 1 ? '' : `, in each of its ${formatNumber(runs, 0)} runs`} (${floor}).`;
    const shown = formatFact('G.G3.reuseRatePercent.min', min, { digits: 1 });
    // A share just under 100% must not read as all of them.
    const share = shown.startsWith('100') ? `more than ${formatFact('G.G3.reuseRatePercent.min', 99.9, { digits: 1 })}` : shown;
    return runs === 1 ? `${capitalise(share)} of G3’s timed calls resumed their session (${floor}).` : `In the run with the fewest, ${share} of G3’s timed calls resumed their session (${floor}).`;
  },
  /** TLS page, case G: "**On a kept-alive connection** ___." G1 against B (tlsVsPlain). */
  tlsKeptAliveVsPlain: (f) => tlsVsPlain(f, 'G1', 'B', 'B'),
  /** TLS page, case G: "… a kept-alive HTTPS call (8.62×); ___." G2 against a new plain connection, C (tlsVsPlain). */
  tlsNewVsPlain: (f) => tlsVsPlain(f, 'G2', 'C', 'a new plain connection (C)'),
} satisfies Record<string, DerivedWord>;

/**
 * TLS variant `tls` ("G1") against its plain counterpart `plain` ("B"; `object` names it in prose), at
 * the median p50, each under the one noise rule (acrossRuns). Leads with case H's ratio from one run,
 * where H timed both across the veth pair (G.ratio.<tls>over<plain>.sameRunInH = 1, then
 * H.ratio.<tls>over<plain>.p50); then, or alone, the loopback ratio G.ratio.<tls>over<plain>.p50, which
 * divides case G's figure by the reference suite's, two separate runs, and says so.
 */
function tlsVsPlain(f: FactRead, tls: string, plain: string, object: string): string {
  const name = `${tls}over${plain}`;
  const shown = (fact: string) => `${formatFact(fact, f(fact), { unit: false })}×`;
  const across = `a ratio across two separate runs (case G’s in the second suite over ${plain}’s in the reference suite)`;
  // "TLS only adds work …" is said once, after the first ratio that reads below 1 (acrossRuns, readsBelow).
  const words = (fact: string, flag = true) => acrossRuns(f, fact, `${tls} costs`, object, flag ? 'TLS' : undefined);
  const g = `G.ratio.${name}.p50`;
  if (f(`G.ratio.${name}.sameRunInH`) !== 1) return `${tls} ÷ ${plain} is ${shown(g)} at the median on loopback, ${across}, so it carries whatever changed between them as well: ${words(g)}`;
  const h = `H.ratio.${name}.p50`;
  return `${tls} ÷ ${plain} is ${shown(h)} at the median in case H, which timed both in one run across the veth pair: ${words(h)}. On loopback it is ${shown(g)}, ${across}: ${words(g, !readsBelow(f(h)))}`;
}

/** One end of a range of ratios in words: "42% more", "3% less", "the same". */
function endWord(ratio: number): string {
  const pct = percentApart(ratio);
  return pct === '0' ? 'the same' : `${pct}% ${ratio > 1 ? 'more' : 'less'}`;
}

/**
 * "A full handshake cost … a resumed one in each of the 3 runs paired here: …; that range … leaves out 1×
 * …": `prefix`'s G2 ÷ G3 paired run by run (<prefix>.ratio.G2overG3.pairedP50 with .min, .max, .low, .high,
 * .runs and .noise, cases/g-tls/facts.ts), under the one noise rule. `paired` names where ("paired here"),
 * `method` how, in brackets after the median.
 */
function fullVsResumed(f: FactRead, prefix: string, paired: string, method = 'each run’s G2 median over the same run’s G3 median, not the ratio of the two medians over runs'): string {
  const name = `${prefix}.ratio.G2overG3.pairedP50`;
  const ratio = f(name);
  const noise = f(`${name}.noise`);
  if (noise === NOISE.unjudged) return `A full handshake cost ${ratioPhrase(ratio)} a resumed one in the one run ${paired} (that run’s G2 median over its G3 median, not a ratio of medians over runs). One run is too few to tell a difference from the noise between runs`;
  const runs = formatNumber(f(`${name}.runs`), 0);
  const min = f(`${name}.min`);
  const max = f(`${name}.max`);
  const same = percentApart(min) === percentApart(max);
  const range =
    min > 1
      ? `more than a resumed one in each of the ${runs} runs ${paired}: ${same ? `${percentApart(min)}% more in each` : `between ${percentApart(min)}% and ${percentApart(max)}% more`}`
      : max < 1
        ? `less than a resumed one in each of the ${runs} runs ${paired}: ${same ? `${percentApart(max)}% less in each` : `between ${percentApart(max)}% and ${percentApart(min)}% less`}`
        : `from ${endWord(min)} to ${endWord(max)} than a resumed one in the ${runs} runs ${paired}`;
  const median = same && (min > 1 || max < 1) ? `(${method})` : `${endWord(ratio)} at the median (${method})`;
  const low = f(`${name}.low`);
  const high = f(`${name}.high`);
  const interval = low === min && high === max ? 'that range, the interval the noise rule reads,' : `the interval the noise rule reads, ${formatNumber(low, 2)}–${formatNumber(high, 2)},`;
  const verdict = noise === NOISE.same ? `${interval} includes 1× (no difference), so the runs cannot tell the two apart` : `${interval} leaves out 1× (no difference): a difference beyond the noise between runs`;
  return `A full handshake cost ${range}${median.startsWith('(') ? ' ' : ', '}${median}; ${verdict}`;
}
