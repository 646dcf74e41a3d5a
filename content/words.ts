/**
 * The article's derived words: each a named function of the facts that returns the word or sentence
 * that fits them, with a form for every outcome a faithful run can produce. The MDX refers to one by
 * name, <Word name="chainVsHopSum" />; the build evaluates each (src/claims/words-check.ts) and the
 * claims report lists the word chosen and the values read.
 */
import type { DerivedWord, FactRead } from '../src/claims/named.ts';
import { standing, type Standing } from '../src/claims/standing.ts';
import { RELATION_TOLERANCE, percentApart, ratioPhrase } from '../src/claims/words.ts';
import { NOISE } from '../src/facts/noise-facts.ts';
import { C_OVER_B_PAIRED } from '../src/facts/paired-facts.ts';
import { formatFact, formatNumber } from '../src/present/format.ts';
import { listWords, serialListWords } from '../src/present/list-words.ts';
import { recoveryDuration, recoveryTime } from '../src/cases/i-retry-storm/recovery-time.ts';
import { rankRecoveries, type RecoveryRanking } from '../src/cases/i-retry-storm/recovery-rank.ts';
import { PEER_STANDINGS, SERVICES_SATURATED_PERCENT, type PeerStanding } from '@split-on-evidence/hop-bench/cases/f-load/rules';
import { stallFloorSentences, wakeFloorVerdict } from '../src/cases/f-load/machine-floor-words.ts';

/**
 * Case D against the sum of its hops, through each run's mean (means add; medians do not): the mean of
 * per-run D ÷ (hops × B), its runs' interval and run count (src/facts/chain-facts.ts), against 1.
 */
function chainStanding(f: FactRead): Standing {
  const figure = { value: f('ratio.DoverHopsB.mean'), low: f('ratio.DoverHopsB.meanLow'), high: f('ratio.DoverHopsB.meanHigh'), runs: f('ratio.DoverHopsB.runs') };
  return standing(figure, 1);
}

export const WORDS = {
  /** "**___ a reused one**": case C against case B through each run's C p50 ÷ the same run's B p50, under the noise rule. */
  newConnectionCost: (f) => {
    const base = `A fresh connection per call costs ${ratioPhrase(f(C_OVER_B_PAIRED))} a reused one`;
    // Overlapping runs do not make the two equal: the band, and that the runs cannot tell them apart.
    return f(C_OVER_B_PAIRED + '.noise') === NOISE.same ? `${base}, but the runs overlap, so they cannot tell the two apart` : base;
  },
  /** "so the chain's cost was ___ the sum of its hops". */
  chainVsHopSum: (f) => ({ above: 'above', near: 'close to', below: 'below', same: 'not measurably different from' })[chainStanding(f)],
  /**
   * "works out to X a call, ___": the untimed loop's time per call against A's timed median (µs). On a
   * busy machine the loop's average takes in every interruption, which the median of single calls leaves out.
   */
  untimedVsTimed: (f) => {
    const ratio = f('A.untimedCallUs') / f('A.p50Us');
    if (ratio < 0.95) return 'less than the timed median';
    if (ratio <= 1.05) return 'about the timed median';
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
  /** "this generator's closed loop reached ___" (c = 16 and 64 against autocannon, alternating rounds; case F). */
  peerVsAutocannon: (f) => peerWords(f),
  /** "On this machine, under concurrent load, ___." : the hop's capacity and what may have set it (case F). */
  hopCapacity: (f) => capacityClause(f, 'hop', 'the hop'),
  /** "**Capacity.** ___" : both targets' capacities and what may have set each, each limit said once (case F). */
  capacities: (f) => capacitiesSentences(f),
  /** "For the hop, ___." : its valid open levels, how p99 moved with load, and the highest one against one caller (case F). */
  hopOpen: (f) => openClause(f, 'hop'),
  /** "For the chain, ___." (case F). */
  chainOpen: (f) => openClause(f, 'chain'),
  /**
   * "so the law checks the measurement's bookkeeping: ___." Little's law over every run of the valid closed
   * levels of both targets: the largest |throughput × mean latency − c| ÷ c (case F).
   */
  littleLawFit: (f) => {
    const levelsThatCount = f('F.hop.validClosedLevels') + f('F.chain.validClosedLevels');
    if (levelsThatCount === 0) return 'no closed-loop level counted, so there is nothing here to check';
    const dev = f('F.littleL.maxDeviationPercent');
    const where = levelsThatCount === 1 ? 'at the one level that counts' : 'at every level that counts';
    // The tightest bound in the figure's own steps: tenths of a percent below 1%, whole percents above.
    const bound = dev < 1 ? `${formatNumber(Math.max(0.1, Math.ceil(dev * 10) / 10), 1)}%` : formatFact('F.littleL.maxDeviationPercent', Math.ceil(dev));
    const runs = f('F.runs') > 1 ? ' in every run' : '';
    return `${where}, throughput × mean latency is within ${bound} of the number of callers${runs}`;
  },
  /**
   * Case H's calls per run across the pair, plain and TLS, as a clause: "1,000 timed calls of B, 200 of C,
   * 500 of D, 1,000 of G1, 200 of G2 and 200 of G3 per run" (H.X.timedCalls, H.G.Gn.timedCalls).
   */
  vethCounts: (f) => {
    const counts = ['B', 'C', 'D', 'G.G1', 'G.G2', 'G.G3'].map((c) => `${formatNumber(f(`H.${c}.timedCalls`), 0)} ${c === 'B' ? 'timed calls ' : ''}of ${c.replace('G.', '')}`);
    return `${listWords(counts)} per run`;
  },
  /** "with the same request, ___:" how the peer check ran (alternating rounds, or one pass in older results; case F). */
  peerMethod: (f) => {
    const rounds = f('F.peer.rounds');
    return rounds > 1
      ? `taking turns in ${rounds} alternating rounds, so that a machine that slows down during the check slows both`
      : 'one after the other, in one pass each';
  },
  /** The scheduler's wake-up floor and the stall probe on this machine, against the lag rule run by run (case F). */
  wakeFloor: (f) => {
    if (f('F.wakeFloor.measured') === 0) return 'This run did not measure how late the scheduler’s clock wakes on this machine.';
    const p50 = formatFact('F.wakeFloor.p50Us', f('F.wakeFloor.p50Us'));
    const p99 = formatFact('F.wakeFloor.p99Us', f('F.wakeFloor.p99Us'));
    const range = f('F.runs') > 1 ? ` (runs ${formatNumber(f('F.wakeFloor.p99LowUs'), 0)}–${formatFact('F.wakeFloor.p99HighUs', f('F.wakeFloor.p99HighUs'))})` : '';
    // A range whose ends read alike says nothing: "in every run" instead of "ranged 0.0–0.0%".
    const stealRange = () => {
      const low = formatNumber(f('F.wakeFloor.stealLowPercent'), 1);
      const high = formatFact('F.wakeFloor.stealHighPercent', f('F.wakeFloor.stealHighPercent'), { digits: 1 });
      return `${low}%` === high ? ', in every run' : `; the median of the runs, which ranged ${low}–${high}`;
    };
    const steal = f('F.wakeFloor.stealMeasured') === 1
      ? ` During those clock tests, /proc/stat counted ${formatFact('F.wakeFloor.stealPercent', f('F.wakeFloor.stealPercent'), { digits: 1 })} of this machine’s CPU time as given by the host to other work (steal time${f('F.runs') > 1 ? stealRange() : ''}; a host that does not report steal shows 0 too).`
      : '';
    const head = `Just before ${f('F.runs') > 1 ? 'each run’s' : 'the'} open-loop levels, the bench timed the scheduler’s clock alone, with no calls to send: it woke ${p50} late at the median and ${p99} at p99${range}, whether from other work on the machine or from its idle CPUs waking slowly.${steal}`;
    const stalls = stallFloorSentences(f);
    return `${head} ${wakeFloorVerdict(f)}${stalls ? ` ${stalls}` : ''}`;
  },
  /**
   * After the generator's ceiling: whether the generator itself stopped each ceiling run (its client used at
   * least the client-CPU limit, rules.ceilingRunBound) or something else did, which makes the
   * figure a lower bound and the generator-limited mark cautious.
   */
  ceilingBound: (f) => {
    const runs = f('F.runs');
    const bound = f('F.ceilingBoundRuns');
    const limit = formatFact('F.maxClientCpuPercent', f('F.maxClientCpuPercent'));
    const which = runs === 1 ? 'In that run' : 'In every run';
    if (bound === runs) {
      const busy = f('F.ceilingResponderBusyRuns');
      // The figures themselves, not only the bound they clear: "89–99% of its core there (the rule allows 70%)".
      const lo = formatNumber(f('F.ceilingClientCpuLowPercent'), 0);
      const hi = formatFact('F.ceilingClientCpuHighPercent', f('F.ceilingClientCpuHighPercent'), { digits: 0 });
      const used = `${runs === 1 || `${lo}%` === hi ? hi : `${lo}–${hi}`} of its core there (the rule allows ${limit})`;
      if (busy === 0) return `${which} the generator used ${used}, and the responder less than ${formatNumber(SERVICES_SATURATED_PERCENT, 0)}% of its own, so the page takes the figure as the generator’s own limit.`;
      const inBusy = busy === runs ? (runs === 1 ? 'but the responder' : 'but in every run the responder') : `but in ${formatNumber(busy, 0)} of the ${formatNumber(runs, 0)} runs the responder`;
      return `${which} the generator used ${used}, ${inBusy} also used at least ${formatNumber(SERVICES_SATURATED_PERCENT, 0)}% of its own, so either may have stopped ${busy === 1 ? 'that run, whose figure' : 'those runs, whose figures'} may understate what the generator can send.`;
    }
    const marked = f('F.hop.generatorLimitedLevels') + f('F.chain.generatorLimitedLevels');
    const tail = marked === 0 ? '' : `, and a level marked generator-limited may not have been`;
    if (bound === 0) return `${which} the generator used less than ${limit} of its core there, so it did not stop ${runs === 1 ? 'that run' : 'those runs'}: the figure understates what the generator can send${tail}.`;
    const n = runs - bound;
    const them = n === 1 ? 'that run: its figure understates' : 'those runs: their figures understate';
    return `In ${formatNumber(n, 0)} of the ${formatNumber(runs, 0)} runs the generator used less than ${limit} of its core there, so it did not stop ${them} what the generator can send${tail}.`;
  },
  /** "the generator's ceiling was ___;": its median, with the runs' range when there are several (case F). */
  ceilingFigure: (f) => {
    const median = formatFact('F.ceilingPerSec', f('F.ceilingPerSec'), { digits: 0 });
    return f('F.runs') > 1 ? `${median} at the median (runs ${formatNumber(f('F.ceilingLowPerSec'), 0)}–${formatFact('F.ceilingHighPerSec', f('F.ceilingHighPerSec'), { digits: 0 })})` : median;
  },
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
  /** "Each level … and the whole measurement runs ___" (case F's runs). */
  loadRuns: (f) => timesWord(f('F.runs')),
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
  /** "… is marked generator-limited, ___." (case F). */
  generatorLimitedSummary: (f) => {
    const hop = f('F.hop.generatorLimitedLevels');
    const chain = f('F.chain.generatorLimitedLevels');
    return hop === 0 && chain === 0 ? 'and no level of either target asked for more' : `and ${levels(hop)} of the hop and ${levels(chain)} of the chain asked for more`;
  },
  /** How many closed-loop and open-loop levels of each target counted, as a sentence (case F). */
  invalidSummary: (f) => {
    const closedAll = f('F.closedLevels');
    const openAll = f('F.openLevels');
    const say = (ok: number, all: number, kind: string) => (ok === all ? `every ${kind} level counted` : ok === 0 ? `no ${kind} level counted` : `${ok} of the ${kind} levels counted`);
    const part = (t: 'hop' | 'chain') => {
      const closedOk = f(`F.${t}.validClosedLevels`);
      const openOk = f(`F.${t}.validOpenLevels`);
      if (closedOk === closedAll && openOk === openAll) return 'every level counted';
      return `${say(closedOk, closedAll, 'closed-loop')} and ${say(openOk, openAll, 'open-loop').replace(/ counted$/, ' did')}`;
    };
    const head = `Each target had ${closedAll} closed-loop and ${openAll} open-loop levels`;
    const hop = part('hop');
    const chain = part('chain');
    return hop === chain ? `${head}; for both, ${hop}.` : `${head}. For the hop, ${hop}; for the chain, ${chain}.`;
  },
  /** Where case F's generator and services ran: a sentence. */
  loadPlacement: (f) =>
    f('F.pinned') === 1
      ? `The generator ran on one CPU and every service on ${f('F.cores') > 2 ? 'the others' : 'the other'}, so their processes never took turns on a core (the kernel’s network work still runs on both).`
      : 'The generator and the services were not pinned apart here (the report says why), so they took turns on the same cores.',
  /** Case I, no retry: "… the system ___." */
  noneRecovery: (f) => `${recoveryWords(f, 'none')}${lateCaveat(f, 'none', true)}`,
  /**
   * Case I: the rule for a difference between two policies, one run each: "… only when it is larger
   * than ___" (policyDiffers; the tolerance is RELATION_TOLERANCE).
   */
  policyDifferenceRule: (_f) => `both the gap between those two runs on the same figure and ${tolerancePercent()} of the larger figure; a smaller difference, or one only in the rounding shown, reads as none`,
  /** Case I, naive immediate retries: "… naive immediate retries ___;" (the article's short block). */
  immediateRecoveryClause: (f) => recoveryWords(f, 'immediate'),
  /** Case I, deadline-drop: "… the system ___." */
  deadlineRecovery: (f) => recoveryWords(f, 'deadline'),
  /** Case I: "goodput after it was ___." for naive immediate retries (after against before, one run: the word tolerance decides). */
  immediateGoodputAfter: (f) => goodputAfterWords(f, 'immediate'),
  /** Case I: the same for backoff with full jitter. */
  backoffGoodputAfter: (f) => goodputAfterWords(f, 'backoff'),
  /**
   * Case I, the retry budget, from the retries it let reach the server (I.budget.retriesReceived) against
   * those it refused (I.budget.budgetRefused): at or below RETRIES_OFF_SHARE of the retries asked for, it
   * in effect turned retries off, and is not credited with capping a storm; otherwise whether that was
   * enough, from whether it and naive immediate retries recovered.
   */
  budgetVerdict: (f) => {
    const received = f('I.budget.retriesReceived');
    const refused = f('I.budget.budgetRefused');
    const wanted = received + refused;
    const recovery = recoveryWords(f, 'budget');
    if (wanted === 0) return `Its clients asked for no retry in this run, so the budget had nothing to refuse; the system ${recovery}.`;
    const asked = `${formatFact('I.budget.retriesReceived', wanted)} ${wanted === 1 ? 'retry' : 'retries'} its clients asked for`;
    const through =
      received === 0
        ? `let none of the ${asked} reach the server`
        : refused === 0
          ? `let ${wanted === 1 ? 'the one retry its clients asked for' : `all ${asked}`} reach the server and refused none`
          : `let ${formatFact('I.budget.retriesReceived', received)} of the ${asked} reach the server (${sharePercent(received / wanted)}) and refused the rest`;
    if (received / wanted <= RETRIES_OFF_SHARE) {
      const failed = formatFact('I.budget.failed', f('I.budget.failed'));
      const noneFailed = formatFact('I.none.failed', f('I.none.failed'));
      const against = failed === noneFailed ? `as many as without retries${lateCaveat(f, 'none')}` : `against ${noneFailed} without retries${lateCaveat(f, 'none')}, ${COUNT_VERDICT[countDifference(f, 'failed', 'budget', 'none')](1)}`;
      return `The budget ${through}, so in effect it turned retries off rather than capping a storm: ${failed} calls failed, ${against}, and the system ${recovery}.`;
    }
    if (f('I.budget.recovered') !== 1) return `The budget ${through}; that was not enough to bring goodput back before the run ended.`;
    if (f('I.immediate.recovered') !== 1) return `The budget ${through}, and that was enough: the system ${recovery}, where naive immediate retries had not brought goodput back when the run ended.`;
    return `The budget ${through}; the system ${recovery}, but naive immediate retries recovered in this run too, so there was no lasting damage here for the budget to cap.`;
  },
  /**
   * Case I: which policy recovered first, by one rule: recovery times are read to one bucket, but the
   * recovery rule judges goodput over spans of I.recovery.windowMs, so a policy is ranked ahead of
   * another only when its time is at least one full span earlier; a pair less than a span apart is not
   * ranked. "Recovered first" is said only of a policy a full span ahead of every other that recovered.
   * A time of one span or less is the floor of the measure (the first span after the brownout already
   * met the rule): the policy may have recovered earlier still, so its lead on a later one is given as
   * "at least" the gap, and such a pair is said to be unranked only because the rule asks for a full span.
   * Each policy ran once, so "first" is this run's; a run whose caller fell behind its schedule is named.
   */
  firstToRecover: (f) => {
    const recovered = POLICY_KEYS.filter((k) => f(`I.${k}.recovered`) === 1).map((k) => ({ k, ms: f(`I.${k}.recoveryMs`) }));
    return recoveryRankingWords(f, rankRecoveries(recovered, recovered.length > 1 ? f('I.recovery.windowMs') : 0));
  },
  /**
   * Case I: goodput in the first recovery span after the brownout (I.R.goodput.firstSpanAfterPerSec,
   * calls/s) compared across the five policies by the one-run rule (policyDiffers), each against the
   * highest: every policy the same as shown; all within the rule of the highest; or the highest with
   * those the rule does not tell from it and those below it by more than the rule allows for.
   */
  firstSpanGoodput: (f) => {
    const measure = 'goodput.firstSpanAfterPerSec';
    const runs = POLICY_KEYS.map((k) => ({ k, v: f(`I.${k}.${measure}`), shown: formatFact(`I.${k}.${measure}`, f(`I.${k}.${measure}`)) }));
    const top = runs.reduce((a, b) => (b.v > a.v ? b : a));
    const head = `In the first ${formatFact('I.recovery.windowMs', f('I.recovery.windowMs'))} after the brownout`;
    const late = lateRunsSentence(f, POLICY_KEYS, ['goodput', 'goodput figures']);
    if (runs.every((r) => r.shown === top.shown)) return `${head}, goodput was ${top.shown} under every policy.${late}`;
    // Equal figures said once: "0 calls/s under no retry and the retry budget"; groups take a serial
    // comma, so a group's own "and" does not run into the list's.
    const at = (rs: typeof runs) => {
      const groups = [...new Set(rs.map((r) => r.shown))].map((v) => `${v} under ${listWords(rs.filter((r) => r.shown === v).map((r) => POLICY_NAMES[r.k]!))}`);
      return groups.some((g) => g.includes(' and ')) ? serialListWords(groups) : listWords(groups);
    };
    const others = runs.filter((r) => r !== top);
    const below = others.filter((r) => r.shown !== top.shown && policyDiffers(f, measure, r.k, top.k));
    const close = others.filter((r) => !below.includes(r));
    if (below.length === 0) return `${head}, goodput was ${at(runs)}: no policy below the highest by more than the rule allows for.${late}`;
    const highest = `${head}, goodput was highest under ${POLICY_NAMES[top.k]}, ${top.shown}`;
    const tied = close.length === 0 ? '' : `; not lower by more than the rule allows for: ${at(close)}`;
    return `${highest}${tied}; lower by more than ${close.length === 0 ? 'the rule' : 'it'} allows for: ${at(below)}.${late}`;
  },
  /**
   * Case I: "its clients sent … as many attempts as calls, ___": backoff's amplification against naive
   * immediate retries', as shown (two decimals): the same figure reads "as many as"; a difference counts
   * only by the one-run rule (policyDiffers: beyond the two naive runs' difference and the tolerance).
   */
  backoffAmpVsImmediate: (f) => {
    const imm = formatRatio(f('I.immediate.amp.overall'));
    const short = formatRatio(f('I.immediateShortTtl.amp.overall'));
    const backoff = formatRatio(f('I.backoff.amp.overall'));
    if (backoff === imm) return `as many as naive immediate retries sent (${imm})`;
    if (!policyDiffers(f, 'amp.overall', 'backoff', 'immediate')) {
      return `about as many as naive immediate retries sent (${imm}; their two runs sent ${imm} and ${short}, and a difference between two single runs counts only beyond both that and ${tolerancePercent()})`;
    }
    const fewer = f('I.backoff.amp.overall') < f('I.immediate.amp.overall');
    return `${fewer ? 'fewer' : 'more'} than the ${imm} of naive immediate retries, by more than ${tolerancePercent()} and more than their two runs differ (${imm} and ${short})`;
  },
  /** Case I: "goodput during the brownout was ___" for deadline-drop, against no retry, by the one-run rule (policyDiffers), with the caveat of a run whose caller fell behind. */
  deadlineDuringVsNone: (f) => {
    const deadline = formatFact('I.deadline.goodput.duringPerSec', f('I.deadline.goodput.duringPerSec'));
    const none = formatFact('I.none.goodput.duringPerSec', f('I.none.goodput.duringPerSec'));
    const caveat = lateCaveat(f, 'none') + lateCaveat(f, 'deadline');
    if (deadline === none) return `${deadline}, as without retries${caveat}`;
    if (!policyDiffers(f, 'goodput.duringPerSec', 'deadline', 'none')) {
      return `${deadline}, against ${none} without retries${caveat}, a difference within ${tolerancePercent()} or no larger than the two runs of naive immediate retries show between themselves, so not counted`;
    }
    return `${deadline}, against ${none} without retries${caveat}`;
  },
  /**
   * Case I: second invoices from calls without a key under each policy that retries, each set against
   * naive immediate retries by the one-run rule (countDifference): those it does not tell apart, those
   * fewer and those more, each group said once.
   */
  unkeyedDuplicatesByPolicy: (f) => {
    const keys = POLICY_KEYS.filter((k) => k !== 'none');
    const counts = keys.map((k) => ({ k, n: f(`I.${k}.duplicates.unkeyed`) }));
    if (counts.every((c) => c.n === 0)) return 'Calls without a key wrote no second invoice under any policy in this run.';
    const shown = (c: (typeof counts)[number]) => `${c.n === 0 ? 'none' : formatFact(`I.${c.k}.duplicates.unkeyed`, c.n)} under ${POLICY_NAMES[c.k]}`;
    const others = counts.filter((c) => c.k !== 'immediate').map((c) => ({ c, kind: c.n === counts[0]!.n ? 'same' : countDifference(f, 'duplicates.unkeyed', c.k, 'immediate') }));
    const groups = (['same', 'none', 'fewer', 'more'] as const).flatMap((kind) => {
      const g = others.filter((o) => o.kind === kind);
      return g.length === 0 ? [] : [`${listWords(g.map((o) => shown(o.c)))}, ${COUNT_VERDICT[kind](g.length)}`];
    });
    return `Calls without a key wrote second invoices when their retries were served: ${shown(counts[0]!)}; against that, ${groups.join('; ')}.`;
  },
  /**
   * Case I, keys kept a day: what a keyed retry found, per policy that retries, from the server's replies:
   * a 409 (an earlier attempt of its call still in progress, I.R.replies.conflict409) or the stored reply
   * (it had finished, I.R.replies.replayed); zero, one or many of each, none of either said as such.
   */
  keyedRetriesFound: (f) => {
    const keys = POLICY_KEYS.filter((k) => k !== 'none');
    const counts = keys.map((k) => ({ k, conflicts: f(`I.${k}.replies.conflict409`), replayed: f(`I.${k}.replies.replayed`) }));
    const head = 'a keyed retry that found an earlier attempt of its call still in progress got a 409, and one that found it finished got the stored reply.';
    if (counts.every((c) => c.conflicts === 0 && c.replayed === 0)) return `${head} In this run no keyed retry got either.`;
    const n = (k: string, what: string, v: number) => (v === 0 ? 'none' : formatFact(`I.${k}.replies.${what}`, v));
    const part = (c: (typeof counts)[number]) =>
      `under ${POLICY_NAMES[c.k]}, ${c.conflicts === 0 && c.replayed === 0 ? 'none got either' : `${n(c.k, 'conflict409', c.conflicts)} got a 409 and ${n(c.k, 'replayed', c.replayed)} the stored reply`}`;
    return `${head} ${capitalise(counts.map(part).join('; '))}.`;
  },
  /**
   * Case I, backoff with full jitter: how long its waits were, from the config (I.backoff.baseMs, capMs,
   * I.maxAttempts): before retry n a uniform draw below min(cap, base × 2^(n−1)) (bench backoff.ts), so
   * about half that on average, against the timeout (I.clientTimeoutMs). When backoff did not recover,
   * adds that the run does not show what longer waits would do.
   */
  backoffWaits: (f) => {
    const retries = f('I.maxAttempts') - 1;
    if (retries < 1) return 'With one attempt per call its clients never waited to retry.';
    const base = f('I.backoff.baseMs');
    const cap = f('I.backoff.capMs');
    const ceilings = Array.from({ length: retries }, (_, i) => Math.min(cap, base * 2 ** i));
    const ms = (v: number) => formatFact('I.backoff.baseMs', v);
    const timeout = formatFact('I.clientTimeoutMs', f('I.clientTimeoutMs'));
    const below = ceilings.map((c, i) => (i === 0 ? `the wait before the ${retries === 1 ? '' : 'first '}retry is drawn at random below ${ms(c)}` : `the one before the ${ORDINALS[i] ?? `${i + 1}th`} below ${ms(c)}`));
    const means = `about ${listWords(ceilings.map((c) => ms(c / 2)))} on average`;
    const drawn = `With a base of ${ms(base)} and a cap of ${ms(cap)}, ${listWords(below)}: ${means}`;
    const short = ceilings.every((c) => c / 2 < f('I.clientTimeoutMs'));
    const against = short ? `, ${retries === 1 ? 'below' : 'each below'} the ${timeout} timeout` : `, the longest not below the ${timeout} timeout`;
    const stuck = f('I.backoff.recovered') !== 1;
    if (!stuck) return `${drawn}${against}.`;
    return short ? `${drawn}${against}. These waits are short, so this run does not show what backoff with longer waits would do.` : `${drawn}${against}.`;
  },
  /**
   * Case I: "With the budget, clients sent the server ___." Attempts against calls as a ratio, or as
   * counts when the ratio would show as 1.00× though some retries reached the server.
   */
  budgetAttempts: (f) => attemptsWords(f, 'budget'),
  /** Case I: "Backoff with full jitter recovered, …, having sent the server ___;" (as budgetAttempts). */
  backoffAttempts: (f) => attemptsWords(f, 'backoff'),
  /**
   * Case I: whether the open-loop caller kept its schedule, from the latest start of any run against
   * the bench's own limit (I.schedule.lateLimitMs, the threshold of its warning).
   */
  callerSettle: (f) => {
    const warm = `Before the first storm the caller sent ${formatNumber(f('I.settle.warmUpCalls'), 0)} untimed calls, so that no storm timed code being compiled`;
    return f('I.settle.collectsGarbage') === 1
      ? `${warm}, and before each storm its heap was collected in full, outside the timed run, so that a garbage-collection pause left by earlier cases could not hold up its schedule.`
      : `${warm}.`;
  },
  callerSchedule: (f) => {
    const limit = formatFact('I.schedule.lateLimitMs', f('I.schedule.lateLimitMs'));
    const behind = f('I.schedule.runsBehind');
    const runs = f('I.schedule.runs');
    if (behind === 0) return `The caller kept that schedule: in no storm did a call start more than ${limit} after it was due.`;
    const late = f('I.schedule.lateMaxMs');
    // "storms", not "runs": the page's setup line counts the suite's runs, and case I ran each storm once.
    const which = behind === runs ? `in all ${runs} storms` : behind === 1 ? `in one of the ${runs} storms` : `in ${behind} of the ${runs} storms`;
    const worst = `${formatFact('I.schedule.lateMaxMs', late)}${late > f('I.clientTimeoutMs') ? ', longer than the timeout itself' : ''}`;
    return (
      `The caller fell behind that schedule ${which}: it started calls more than ${limit} (a quarter of the timeout) after they were due, at worst ${worst}. ` +
      'Arrivals bunched, so the server saw a burstier load than this describes, and the bench warned to run again on a quieter machine.'
    );
  },
  /** TLS page, case G: "**On a kept-alive connection** ___." G1 against B (tlsVsPlain). */
  tlsKeptAliveVsPlain: (f) => tlsVsPlain(f, 'G1', 'B', 'B'),
  /** TLS page, case G: "… a kept-alive HTTPS call (8.62×); ___." G2 against a new plain connection, C (tlsVsPlain). */
  tlsNewVsPlain: (f) => tlsVsPlain(f, 'G2', 'C', 'a new plain connection (C)'),
  /** TLS page, case H: B across the veth pair against loopback. */
  vethB: (f) => acrossRuns(f, 'H.ratio.BvethOverB.p50', 'across the pair it costs', 'it does on loopback', 'a second network stack'),
  /** TLS page, case H: C across the veth pair against loopback. */
  vethC: (f) => acrossRuns(f, 'H.ratio.CvethOverC.p50', 'across the pair it costs', 'it does on loopback', 'a second network stack'),
  /** TLS page, case H: D (its caller's hop across the pair) against loopback. */
  vethD: (f) => acrossRuns(f, 'H.ratio.DvethOverD.p50', 'across the pair it costs', 'it does on loopback', 'a second network stack'),
  /** TLS page, case H: G1 (HTTPS, kept alive) across the veth pair against G1 on loopback. */
  vethG1: (f) => acrossRuns(f, 'H.ratio.G1vethOverG1.p50', 'across the pair it costs', 'it does on loopback', 'a second network stack'),
  /** TLS page, case H: G2 across the veth pair against G2 on loopback. */
  vethG2: (f) => acrossRuns(f, 'H.ratio.G2vethOverG2.p50', 'across the pair it costs', 'it does on loopback', 'a second network stack'),
  /** TLS page, case H: G3 (resumed session) across the veth pair against G3 on loopback. */
  vethG3: (f) => acrossRuns(f, 'H.ratio.G3vethOverG3.p50', 'across the pair it costs', 'it does on loopback', 'a second network stack'),
} satisfies Record<string, DerivedWord>;

/** Case I: at or below this share of the retries its clients asked for, the budget in effect turned retries off. */
export const RETRIES_OFF_SHARE = 0.1;

/** "under 1%", "1%", "40%": a share as a whole percent, never "0%" for a share above zero. */
function sharePercent(share: number): string {
  const pct = 100 * share;
  return pct > 0 && pct < 0.5 ? 'under 1%' : `${Math.round(pct)}%`;
}

/** "2.28×". */
function formatRatio(value: number): string {
  return `${value.toFixed(2)}×`;
}

/**
 * Case I, one run per policy: a difference between two policies' figure `measure` counts only when it
 * is larger than the difference between the two runs of naive immediate retries on the same figure
 * (the same clients in the same storm, with keys kept a day and kept 100 ms: not two runs of one setup,
 * so their difference holds more than noise and makes a generous yardstick), the only run-to-run
 * difference the results hold, AND larger than the page's one-run tolerance
 * (RELATION_TOLERANCE of the larger figure, as `standing` judges one run): a yardstick of zero spread
 * would otherwise count any gap, however small, as an effect.
 */
function policyDiffers(f: FactRead, measure: string, a: string, b: string): boolean {
  const spread = Math.abs(f(`I.immediate.${measure}`) - f(`I.immediateShortTtl.${measure}`));
  const va = f(`I.${a}.${measure}`);
  const vb = f(`I.${b}.${measure}`);
  const gap = Math.abs(va - vb);
  return gap > spread && gap > RELATION_TOLERANCE * Math.max(Math.abs(va), Math.abs(vb));
}

/**
 * Case I: run `a`'s count `measure` (e.g. "failed") against run `b`'s by the one-run rule (policyDiffers):
 * "none" (no difference it counts), or "fewer" / "more" for `a`.
 */
function countDifference(f: FactRead, measure: string, a: string, b: string): 'none' | 'fewer' | 'more' {
  if (!policyDiffers(f, measure, a, b)) return 'none';
  return f(`I.${a}.${measure}`) < f(`I.${b}.${measure}`) ? 'fewer' : 'more';
}

/** The words of a countDifference (or "same": equal counts) for a group of `n` counts: "a difference too small for the rule to count", "each fewer, by more than the rule allows for". */
const COUNT_VERDICT: Readonly<Record<'same' | 'none' | 'fewer' | 'more', (n: number) => string>> = {
  same: (n) => (n === 1 ? 'as many' : 'each as many'),
  none: (n) => (n === 1 ? 'a difference too small for the rule to count' : 'differences too small for the rule to count'),
  fewer: (n) => `${n === 1 ? '' : 'each '}fewer, by more than the rule allows for`,
  more: (n) => `${n === 1 ? '' : 'each '}more, by more than the rule allows for`,
};

/** "10%": the one-run tolerance in words. */
function tolerancePercent(): string {
  return `${Math.round(100 * RELATION_TOLERANCE)}%`;
}

/**
 * Case I: a clause for a figure or comparison that uses run `key`'s figures when that run's caller fell
 * behind its schedule (I.<key>.lateStartMs above I.schedule.lateLimitMs, the bench's warning threshold),
 * else "". `full` (the run's first mention) says how late; later mentions name the run's state only.
 */
function lateCaveat(f: FactRead, key: string, full = false): string {
  const late = f(`I.${key}.lateStartMs`);
  if (late <= f('I.schedule.lateLimitMs')) return '';
  if (full) return ` (though in that run the caller fell behind its schedule, starting calls up to ${formatFact(`I.${key}.lateStartMs`, late)} late, so its load came in bursts)`;
  return key === 'none' ? ' (a run whose caller fell behind its schedule)' : ` (${POLICY_NAMES[key]}: a run whose caller fell behind its schedule)`;
}

/**
 * Case I: a sentence naming the runs among `keys` whose caller fell behind, whose figures (`what`:
 * singular and plural, recovery times by default) came from a burstier load, or "".
 */
function lateRunsSentence(f: FactRead, keys: readonly string[], what: [string, string] = ['recovery time', 'recovery times']): string {
  const limit = f('I.schedule.lateLimitMs');
  const behind = keys.filter((k) => f(`I.${k}.lateStartMs`) > limit);
  if (behind.length === 0) return '';
  const one = behind.length === 1;
  return ` The ${what[one ? 0 : 1]} of ${listWords(behind.map((k) => POLICY_NAMES[k]!))} ${one ? 'comes from a run' : 'come from runs'} whose caller fell behind its schedule, a burstier load than the others'.`;
}

/**
 * A comparison between two runs' figures, under the one noise rule (the ratio's ".noise" fact,
 * src/facts/noise-facts.ts): "the runs overlap, so they cannot tell the two apart (the medians alone
 * would say <subject> <band> <object>)" when the runs' intervals overlap, the verdict first; with one run on a side, the ratio's band and that one run cannot
 * tell it from noise; otherwise the band. When `adds` is given (TLS, a second network stack), a ratio below
 * 0.95 is flagged: it only adds work, so a lower figure comes from something that differed between the two measurements, not from it.
 */
function acrossRuns(f: FactRead, name: string, subject: string, object: string, adds?: string): string {
  const ratio = f(name);
  const noise = f(`${name}.noise`);
  const base = `${subject} ${ratioPhrase(ratio)} ${object}`;
  const below = adds !== undefined && ratio < 0.95 ? `; ${adds} only adds work, so a lower figure comes from something that differed between the two measurements, not from ${adds === 'TLS' ? 'TLS' : 'the pair'}` : '';
  // Overlapping runs do not make the two equal: give the median ratio's band, and say the runs cannot tell them apart.
  if (noise === NOISE.same) return `the runs overlap, so they cannot tell the two apart (the medians alone would say ${base})${below}`;
  if (noise === NOISE.unjudged) return `${base}, from one run on a side, too few to tell a difference from the noise between runs${below}`;
  return `${base}, outside the noise between runs${below}`;
}

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
  // "TLS only adds work …" is said once, after the first ratio below 0.95 (acrossRuns).
  const words = (fact: string, flag = true) => acrossRuns(f, fact, `${tls} costs`, object, flag ? 'TLS' : undefined);
  const g = `G.ratio.${name}.p50`;
  if (f(`G.ratio.${name}.sameRunInH`) !== 1) return `${tls} ÷ ${plain} is ${shown(g)} at the median on loopback, ${across}, so it carries whatever changed between them as well: ${words(g)}`;
  const h = `H.ratio.${name}.p50`;
  return `${tls} ÷ ${plain} is ${shown(h)} at the median in case H, which timed both in one run across the veth pair: ${words(h)}. On loopback it is ${shown(g)}, ${across}: ${words(g, f(h) >= 0.95)}`;
}

/** "no level", "one level", "3 levels". */
function levels(n: number): string {
  return n === 0 ? 'no level' : n === 1 ? 'one level' : `${n} levels`;
}

/** "once", "twice", "3 times". */
function timesWord(n: number): string {
  return n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`;
}

/**
 * Case F's peer check, as the predicate of "this generator's closed loop ___": each compared
 * concurrency's standing against autocannon, read from F.peer.standing.c{c}, the bench's
 * rules.peerStanding (the predicate its report's warning reads): no measurable difference when the
 * rounds' ratios have an interval that includes 1; otherwise within the target band (rules.PEER_TARGET_RATIO),
 * short of it, or above it. Results written before rounds have one pass, where the band alone decides.
 * Concurrencies with the same standing are said together.
 */
function peerWords(f: FactRead): string {
  const runs = f('F.peer.rounds');
  const band = `${Math.round(100 * (1 - f('F.peer.targetRatio')))}%`;
  const rows = [16, 64].map((c) => ({ c, s: PEER_STANDINGS[f(`F.peer.standing.c${c}`)]!, under: f(`F.peer.ratioHigh.c${c}`) < 1 }));
  if (rows.some((r) => r.s === undefined)) throw new RangeError('F.peer.standing.c* is not an index of rules.PEER_STANDINGS');
  const phrase: Record<PeerStanding, string> = {
    slower: 'fell short of autocannon’s throughput',
    near: `came within ${band} of autocannon’s throughput`,
    same: 'could not be told from autocannon’s throughput',
    faster: 'exceeded autocannon’s throughput',
  };
  const order: PeerStanding[] = ['slower', 'same', 'near', 'faster'];
  // With rounds, 'near' rows are grouped by side, so that each group's rule ("all below 1", "all above 1") holds for every row in it.
  const key = (r: (typeof rows)[number]) => (r.s === 'near' && runs > 1 ? `near-${r.under ? 'under' : 'over'}` : r.s);
  const keys = [...new Set(order.flatMap((st) => rows.filter((r) => r.s === st).map(key)))];
  const groups = keys.map((k) => ({ k, st: rows.find((r) => key(r) === k)!.s, cs: rows.filter((r) => key(r) === k).map((r) => r.c) }));
  const range = (c: number) => `${formatNumber(f(`F.peer.ratioLow.c${c}`), 2)}–${formatNumber(f(`F.peer.ratioHigh.c${c}`), 2)}`;
  // With rounds, each verdict carries the rounds' range and the rule it was read by: a range that
  // includes 1 is no measurable difference.
  const rule = (k: string): [string, string] =>
    k === 'same' ? ['a range that includes 1', 'ranges that include 1'] : k === 'faster' || k === 'near-over' ? ['all above 1', 'all above 1'] : ['all below 1', 'all below 1'];
  const where = (g: (typeof groups)[number]) => {
    const r = rule(g.k);
    return runs > 1 ? ` (the rounds’ ratios ran ${g.cs.map(range).join(' and ')}, ${r[g.cs.length === 1 ? 0 : 1]})` : '';
  };
  const at = (cs: number[]) => cs.map((c) => `c = ${c}`).join(' and ');
  const both = (st: PeerStanding) => (st === 'same' ? 'at either concurrency compared' : 'at both concurrencies compared');
  const parts = groups.map((g) => `${phrase[g.st]} ${groups.length === 1 && g.cs.length === 2 ? both(g.st) : `at ${at(g.cs)}`}${where(g)}`);
  const tail = rows.some((r) => r.s === 'slower') ? ', so where it fell short the generator, not the service, may have set the figure' : '';
  // "Could not be told apart" is no proof of parity: say where the rounds reach below the target.
  const target = f('F.peer.targetRatio');
  const shortRounds = runs > 1 ? rows.filter((r) => r.s === 'same' && f(`F.peer.ratioLow.c${r.c}`) < target).map((r) => r.c) : [];
  const reach = shortRounds.length === 0 ? '' : `; at ${at(shortRounds)} the rounds reached below the ${formatNumber(target, 2)}× target, so a shortfall that large is not ruled out`;
  return `${listWords(parts)}${tail}${reach}`;
}

/** What may have set target T's capacity, from the facts (validity.ts capacityOf and the noise rule). */
type CapacityLimit = 'none' | 'client-cpu' | 'client-cpu-busy' | 'services-busy' | 'ceiling' | 'most-callers' | 'plateau' | 'flat';

function capacityLimit(f: FactRead, t: 'hop' | 'chain'): CapacityLimit {
  if (f(`F.${t}.capacityFromValidLevel`) === 0) return 'none';
  // The next level broke the client-CPU rule; with the services' core saturated at this one, they set it all the same.
  if (f(`F.${t}.capacitySetByService`) === 0) return f(`F.${t}.capacityServicesSaturated`) === 1 ? 'client-cpu-busy' : 'client-cpu';
  // A saturated service core is a direct reading; the ceiling comparison is an indirect one.
  if (f(`F.${t}.capacityServicesSaturated`) === 1) return 'services-busy';
  if (f(`F.${t}.capacityNearCeiling`) === 1) return 'ceiling';
  if (f(`F.${t}.capacityConcurrency`) < f('F.maxConcurrency')) return 'flat';
  // The most callers tried, but not measurably above fewer (rules.capacityTies): more did not help, so
  // "more might have brought more" would not fit.
  return f(`F.${t}.capacityTies`) > 0 ? 'plateau' : 'most-callers';
}

/** "11,552 calls/s with 64 callers (runs 8,382–11,887)": target T's capacity, its callers and its runs' range. */
function capacityFigure(f: FactRead, t: 'hop' | 'chain', withTie = true): string {
  const c = f(`F.${t}.capacityConcurrency`);
  const perSec = formatFact(`F.${t}.capacityPerSec`, f(`F.${t}.capacityPerSec`));
  const runs = f('F.runs') > 1 ? ` (runs ${formatNumber(f(`F.${t}.capacityLowPerSec`), 0)}–${formatFact(`F.${t}.capacityHighPerSec`, f(`F.${t}.capacityHighPerSec`))})` : '';
  return `${perSec} with ${callers(c)}${runs}${withTie ? capacityTieClause(f, t) : ''}`;
}

/** "a single caller", "16 callers". */
function callers(c: number): string {
  return c === 1 ? 'a single caller' : `${c} callers`;
}

/**
 * After target T's capacity figure: the valid levels it is not measurably above (F.T.capacityTies, the
 * bench's rules.capacityTies by the one noise rule), or that one run cannot tell it from the others; "" when
 * it is measurably above every other valid level, or is the only one.
 */
function capacityTieClause(f: FactRead, t: 'hop' | 'chain'): string {
  const ties = f(`F.${t}.capacityTies`);
  if (ties === -1) return ', from one run, too few to tell it from the other levels by the noise between runs';
  if (ties === 0) return '';
  const cs = Array.from({ length: ties }, (_, i) => f(`F.${t}.capacityTie.${i}`));
  return `, not measurably above the ${ties === 1 ? 'level' : 'levels'} with ${listWords(cs.map(callers))} (paired run by run, the ratios’ interval includes 1)`;
}

/** What set it, as a clause about `who` ("the hop", "both"). */
function limitClause(f: FactRead, limit: CapacityLimit, who: string, target: 'hop' | 'chain' | 'both' = who === 'both' ? 'both' : who === 'the chain' ? 'chain' : 'hop'): string {
  switch (limit) {
    case 'none':
      return `no closed-loop level of ${who} counted, so it has no capacity the page can use, and its open-loop rates came from a level that does not count`;
    case 'client-cpu':
      return `for ${who}, the next level needed more of a core than the client may use, so the generator, not the service, set that figure`;
    case 'client-cpu-busy': {
      const t = target === 'both' ? 'hop' : target;
      const busy = target === 'both' ? 'the services kept their core' : t === 'chain' ? 'its three services kept their shared core' : 'its service kept its core';
      const pct = formatFact(`F.${t}.capacityServicesCpuPercent`, f(`F.${t}.capacityServicesCpuPercent`), { digits: 0 });
      return `for ${who}, ${busy} ${target === 'both' ? 'saturated' : `${pct} busy`} at that level, so the service${t === 'chain' || target === 'both' ? 's' : ''}, not the generator, limited that level; the next level does not count because the client needed more of its core than the rule allows, so the figure is a floor: what the service answered at least, not the most it can`;
    }
    case 'services-busy': {
      const pct = (t: 'hop' | 'chain') => formatFact(`F.${t}.capacityServicesCpuPercent`, f(`F.${t}.capacityServicesCpuPercent`), { digits: 0 });
      if (target === 'both') {
        const [lo, hi] = [f('F.hop.capacityServicesCpuPercent'), f('F.chain.capacityServicesCpuPercent')].sort((a, b) => a - b);
        const range = Math.round(lo!) === Math.round(hi!) ? pct('hop') : `${formatNumber(lo!, 0)}–${formatFact('F.hop.capacityServicesCpuPercent', hi!, { digits: 0 })}`;
        return `for both, the services kept their core ${range} busy at that level, so the services, not the generator, set that figure`;
      }
      const services = target === 'chain' ? 'its three services kept their shared core' : 'its service kept its core';
      return `for ${who}, ${services} ${pct(target)} busy at that level, so the service${target === 'chain' ? 's' : ''}, not the generator, set that figure`;
    }
    case 'ceiling': {
      // Only the ceiling runs the generator itself limited (rules.ceilingRunBound) say where its limit is.
      const low = f('F.ceilingBoundLowPerSec');
      const high = f('F.ceilingBoundHighPerSec');
      const figure = low === high ? formatFact('F.ceilingBoundHighPerSec', high) : `${formatNumber(low, 0)}–${formatFact('F.ceilingBoundHighPerSec', high)}`;
      return `for ${who}, that is within the noise of what the generator reached against a trivial responder while using a full share of its core (${figure}), so the generator may have set it, not the service`;
    }
    case 'most-callers':
      return `for ${who}, ${f('F.maxConcurrency')} callers was the most tried, so more callers might have brought more`;
    case 'plateau': {
      const t = target === 'both' ? 'hop' : target;
      if (f('F.pinned') === 0) return `for ${who}, ${plateauFrom(f, t)} brought no measurable gain; the services shared cores with the generator, so this run does not show which of them held it there`;
      const services = formatFact(`F.${t}.capacityServicesCpuPercent`, f(`F.${t}.capacityServicesCpuPercent`), { digits: 0 });
      const cpuFact = `F.${t}.closed.clientCpuPercent.c${f(`F.${t}.capacityConcurrency`)}`;
      const client = formatFact(cpuFact, f(cpuFact), { digits: 0 });
      const svc = t === 'chain' ? `its three services used ${services} of their shared core` : `its service used ${services} of its core`;
      return `for ${who}, ${plateauFrom(f, t)} brought no measurable gain, yet at that level ${svc} and the generator ${client} of its own: neither was saturated, so this run does not show what held it there`;
    }
    case 'flat':
      return `for ${who}, more callers brought no more`;
  }
}

/**
 * "going from 16 callers to 64": from the fewest callers the capacity level is not measurably above
 * (F.T.capacityTie.0, ascending) to the capacity level's; only the step the noise rule could not tell apart.
 */
function plateauFrom(f: FactRead, t: 'hop' | 'chain'): string {
  return `going from ${callers(f(`F.${t}.capacityTie.0`))} to ${f(`F.${t}.capacityConcurrency`)}`;
}

/** Target T's capacity and what may have set it, as one clause (the article's summary). */
function capacityClause(f: FactRead, t: 'hop' | 'chain', name: string): string {
  const limit = capacityLimit(f, t);
  if (limit === 'none') return limitClause(f, limit, name);
  // The capacity is the highest median over runs among the levels that counted, not the highest any run reached.
  const median = f('F.runs') > 1 ? 'median ' : '';
  return `${name}’s highest ${median}throughput among the levels that counted was ${capacityFigure(f, t)}; ${limitClause(f, limit, 'it', t).replace(/^for it, /, '')}`;
}

/** Both targets' capacities, each limit said once (for both when they share it). */
function capacitiesSentences(f: FactRead): string {
  const hop = capacityLimit(f, 'hop');
  const chain = capacityLimit(f, 'chain');
  // One run on both targets, with other levels that counted: the caveat is said once, for both.
  const bothUnjudged = hop !== 'none' && chain !== 'none' && f('F.hop.capacityTies') === -1 && f('F.chain.capacityTies') === -1;
  const heads = [hop === 'none' ? null : `the hop ${capacityFigure(f, 'hop', !bothUnjudged)}`, chain === 'none' ? null : `the chain ${capacityFigure(f, 'chain', !bothUnjudged)}`].filter((x) => x !== null);
  const median = f('F.runs') > 1 ? 'median ' : '';
  const once = bothUnjudged ? '; from one run, neither can be told from the other levels by the noise between runs' : '';
  const first = heads.length === 0 ? '' : `The highest ${median}throughput among the levels that counted was, for ${heads.join(', and for ')}${once}. `;
  // The ceiling and a plateau carry each target's own figures: said per target.
  const limits = hop === chain && hop !== 'none' && hop !== 'ceiling' && hop !== 'plateau'
    ? limitClause(f, hop, 'both')
    : `${limitClause(f, hop, 'the hop')}; ${limitClause(f, chain, 'the chain')}`;
  return `${first}${capitalise(limits)}.`;
}

/** Target T's valid open levels: how many, how p99 moved with load (the bench's rule), and the highest against one caller. */
function openClause(f: FactRead, t: 'hop' | 'chain'): string {
  const n = f(`F.${t}.validOpenLevels`);
  if (n === 0) return 'no open-loop level counted, so no sentence or chart uses its loaded latency';
  const trend = n === 1
    ? 'one open-loop level counted, too few for a trend'
    : f(`F.${t}.p99NeverFalls`) === 1
      ? `${n} open-loop levels counted, and their p99 never fell measurably as the offered load rose`
      : `${n} open-loop levels counted, and their p99 fell measurably at least once as the offered load rose, which more load should not do: read it as noise the runs did not average out`;
  const load = formatFact(`F.${t}.open.last.loadPercent`, f(`F.${t}.open.last.loadPercent`));
  const p99 = formatFact(`F.${t}.open.last.p99Us`, f(`F.${t}.open.last.p99Us`));
  const where = n === 1 ? `at ${load} of capacity its p99 was ${p99}` : `at ${load} of capacity, the highest load that counted, its p99 was ${p99}`;
  if (f(`F.${t}.unloadedCounts`) === 0) return `${trend}; ${where}`;
  const single = formatFact(`F.${t}.closed.p99Us.c1`, f(`F.${t}.closed.p99Us.c1`));
  return `${trend}; ${where}, ${ratioPhrase(f(`F.${t}.open.last.p99OverUnloaded`))} its p99 with a single caller (${single})`;
}

/** One end of a range of ratios in words: "42% more", "3% less", "the same". */
function endWord(ratio: number): string {
  const pct = percentApart(ratio);
  return pct === '0' ? 'the same' : `${pct}% ${ratio > 1 ? 'more' : 'less'}`;
}

/** Ordinals for retries in words ("before the second"). */
const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth'];

/** Case I's policies by fact-name segment, in the article's order, with their names in prose. */
const POLICY_KEYS = ['none', 'immediate', 'backoff', 'budget', 'deadline'] as const;
const POLICY_NAMES: Readonly<Record<string, string>> = {
  none: 'no retry',
  immediate: 'naive immediate retries',
  backoff: 'backoff with full jitter',
  budget: 'the retry budget',
  deadline: 'deadline-drop',
};

/**
 * Case I: when a recovery came, as the rule reads it: "within 1,000 ms of the brownout’s end" when it
 * came within the first span (the shortest time the rule can read), else "1,400 ms after the brownout ended".
 */
function recoveredWhen(f: FactRead, ms: number): string {
  const span = f('I.recovery.windowMs');
  // The table's formatter (recovery-time.ts): one unit and one format for a recovery time on the page.
  return ms <= span ? `${recoveryTime(ms, span)} of the brownout’s end` : `${recoveryTime(ms, span)} after the brownout ended`;
}

/** Case I: "recovered <when>" or "had not recovered when the run ended, <time> after the brownout". Reads I.<key>.recoveryMs only when the run has it. */
function recoveryWords(f: FactRead, key: string): string {
  return f(`I.${key}.recovered`) === 1
    ? `recovered ${recoveredWhen(f, f(`I.${key}.recoveryMs`))}`
    : `had not recovered when the run ended, ${formatFact('I.afterWindowMs', f('I.afterWindowMs'))} after the brownout`;
}

/**
 * Case I: goodput after the brownout against before it, for "goodput after it was ___". Above before
 * is no gain: callers start at a constant rate, so replies beyond it answer calls held up by the brownout.
 */
function goodputAfterWords(f: FactRead, key: string): string {
  const after = formatFact(`I.${key}.goodput.afterPerSec`, f(`I.${key}.goodput.afterPerSec`));
  const before = formatFact(`I.${key}.goodput.beforePerSec`, f(`I.${key}.goodput.beforePerSec`));
  if (f(`I.${key}.goodput.beforePerSec`) === 0) return `${after}, against none before it`;
  const ratio = f(`I.${key}.goodput.afterOverBefore`);
  const where = standing({ value: ratio, low: ratio, high: ratio, runs: 1 }, 1);
  if (where === 'above') return `${after}, above the ${before} before it: not a gain, but calls held up by the brownout being answered late`;
  if (where === 'below') return `${after}, below the ${before} before it`;
  return `${after}, about the ${before} before it`;
}

/**
 * Case I: run `key`'s attempts against its calls: "1.40× as many attempts as calls", or, when that ratio
 * shows as 1.00× though retries reached the server, the counts: "1,109 attempts for 1,105 calls".
 */
function attemptsWords(f: FactRead, key: string): string {
  const shown = formatRatio(f(`I.${key}.amp.overall`));
  if (shown !== formatRatio(1) || f(`I.${key}.retriesReceived`) === 0) return `${shown} as many attempts as calls`;
  return `${formatFact(`I.${key}.attempts`, f(`I.${key}.attempts`))} attempts for ${formatFact(`I.${key}.calls`, f(`I.${key}.calls`))} calls`;
}

/** "", "both " or "all ": for a group of policies that recovered at the same time. */
function together(n: number): string {
  return n === 1 ? '' : n === 2 ? 'both ' : 'all ';
}

/**
 * Case I: the words of a recovery ranking (recovery-rank.ts rankRecoveries): "No policy recovered within
 * the run.", "X was the only policy …", which policies the run cannot rank and why, or each rank with
 * the pairs left unranked. A floor time (one span or less) may hide an earlier recovery, so a lead
 * measured from it is "at least" the gap. Names runs whose caller fell behind its schedule. The
 * recovery times themselves are not restated: the sentences before it on the page give each one.
 */
function recoveryRankingWords(f: FactRead, r: RecoveryRanking): string {
  const { times, floor, closeBehindFloor, ranked, leader } = r;
  if (times.length === 0) return 'No policy recovered within the run.';
  if (times.length === 1) return `${capitalise(POLICY_NAMES[times[0]!.k]!)} was the only policy that recovered within the run${lateCaveat(f, times[0]!.k)}.`;
  const deadline = times.some((t) => t.k === 'deadline') ? '' : '; deadline-drop did not recover within the run';
  const span = f('I.recovery.windowMs');
  const spanShown = formatFact('I.recovery.windowMs', span);
  const spanWords = `one ${spanShown} span`;
  const atFloor = 'within the first span after the brownout, the earliest the measure can show';
  const name = (t: { k: string }) => POLICY_NAMES[t.k]!;
  const names = (keys: readonly string[]) => listWords(keys.map((k) => POLICY_NAMES[k]!));
  const late = lateRunsSentence(f, times.map((t) => t.k));
  const them = times.length === 2 ? 'the two' : 'them';
  const leads = closeBehindFloor.map((g) => recoveryDuration(g.leadMs));
  if (ranked.length === 0) {
    const who = times.length === POLICY_KEYS.length ? 'Every policy' : capitalise(listWords(times.map(name)));
    if (floor.length === times.length) return `${who} ${who === 'Every policy' ? '' : together(floor.length)}recovered ${atFloor}, so this run cannot rank ${them}${deadline}.${late}`;
    if (floor.length === 0) {
      const when = times[times.length - 1]!.ms === times[0]!.ms ? 'recovered at the same time' : `recovered less than ${spanWords} apart`;
      return `${who} ${when}, so this run does not rank ${them}${deadline}.${late}`;
    }
    const later = closeBehindFloor.map((g, i) => `${names(g.keys)} at least ${leads[i]}`);
    return (
      `${capitalise(listWords(floor.map(name)))} ${together(floor.length)}recovered ${atFloor}, and ${listWords(later)} later, possibly more, ` +
      `but the rule ranks one policy ahead of another only when a full ${spanShown} span separates them, so this run does not rank ${them}${deadline}.${late}`
    );
  }
  const clauses = ranked.map((x) =>
    x === leader
      ? `${name(x.a)} recovered first, at least ${spanWords} before ${listWords(x.behind.map(name))}`
      : `${name(x.a)} recovered at least ${spanWords} before ${listWords(x.behind.map(name))}`,
  );
  // Pairs less than a span apart, in three kinds: both at the floor (the measure cannot order them),
  // one at the floor (a lead of at least the gap, short of a full span), neither (less than a span apart).
  const exact = r.closePairs.filter(([a]) => a.ms > span).map(([a, b]) => `${name(a)} from ${name(b)}`);
  const parts: string[] = [];
  if (floor.length > 1 || closeBehindFloor.length > 0) {
    const ahead = closeBehindFloor.map((g, i) => `${leads[i]} before ${names(g.keys)}`);
    const lead = ahead.length > 0 ? `, at least ${listWords(ahead)}, possibly more, but less than the full span the rule ranks by` : '';
    parts.push(`${listWords(floor.map(name))} ${together(floor.length)}recovered ${atFloor}${lead}`);
  }
  if (exact.length > 0) parts.push(`less than ${spanWords} separates ${serialListWords(exact)}`);
  const n = r.closePairs.length;
  const unranked = n === 0 ? '' : `; ${parts.join('; ')}, so ${n === 1 ? 'that pair is' : 'those pairs are'} not ranked${leader ? '' : ', and no policy recovered a full span ahead of every other'}`;
  return `${capitalise(clauses.join('; '))}${unranked}${deadline}.${late}`;
}


function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
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
  if (noise === NOISE.unjudged) return `A full handshake cost ${ratioPhrase(ratio)} a resumed one in the one run ${paired} (that run’s G2 median over its G3 median, not a ratio of medians over runs), too few runs to tell a difference from the noise between runs`;
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

/** "A full…" → "a full…": a sentence continued after a lead-in. */
function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
