/**
 * Case I's derived words (the retry-storm page and the article's short block): each policy's recovery,
 * goodput and attempts, the retry budget's verdict, duplicates and what keyed retries found, backoff's
 * waits and whether the caller kept its schedule. Differences between policies go by the one-run rule
 * (retry-rule.ts).
 */
import type { DerivedWord, FactRead } from '../claims/named.ts';
import { standing } from '../claims/standing.ts';
import { formatFact, formatNumber } from '../format/number.ts';
import { listWords, serialListWords } from '../format/list-words.ts';
import { rankRecoveries } from '../cases/i-retry-storm/recovery-rank.ts';
import { recoveryRankingWords, recoveryWords } from './recovery-words.ts';
import { COUNT_VERDICT, POLICY_KEYS, POLICY_NAMES, countDifference, lateCaveat, lateRunsSentence, policyDiffers, tolerancePercent } from './retry-rule.ts';
import { RETRIES_OFF_SHARE } from './rules.ts';
import { capitalise } from './text.ts';

export const RETRY_STORM_WORDS = {
  /** Case I, no retry: "… the system ___." */
  noneRecovery: (f) => `${recoveryWords(f, 'none')}${lateCaveat(f, 'none', true)}`,
  /**
   * Case I: the rule for a difference between two policies, one run each: "… only when it is larger
   * than ___" (policyDiffers; the tolerance is RELATION_TOLERANCE). The two naive runs share one seed, so
   * their gap is often below the tolerance, and the bar is then the tolerance alone: said plainly.
   */
  policyDifferenceRule: (_f) =>
    `both the gap between those two runs on the same figure and ${tolerancePercent()} of the larger figure. ` +
    `The two runs share one seed, so their gap can be small: wherever it is below that ${tolerancePercent()}, the bar is simply ${tolerancePercent()} of the larger figure. ` +
    'A smaller difference, or one only in the rounding shown, reads as none',
  /**
   * Case I: how many storms each policy's figures come from (I.runsPerPolicy), so what any order among
   * the policies rests on: one storm each, or that many storms each.
   */
  stormsPerPolicy: (f) => {
    const runs = f('I.runsPerPolicy');
    if (runs === 1) return 'Each policy ran once, in one storm, so these figures, and any order among the policies, come from one storm each.';
    return `Each policy ran ${formatNumber(runs, 0)} times, so these figures, and any order among the policies, come from ${formatNumber(runs, 0)} storms each.`;
  },
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
    return `The budget ${through}. The system ${recovery}. But naive immediate retries recovered in this run too, so there was no lasting damage here for the budget to cap.`;
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
    if (below.length === 0) return `${head}, goodput was ${at(runs)}. No policy was below the highest by more than the rule allows for.${late}`;
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
    return `Calls without a key wrote second invoices when their retries were served: ${shown(counts[0]!)}. Against that, ${groups.join('; ')}.`;
  },
  /**
   * Case I, keys kept a day: what a keyed retry found, per policy that retries, from the server's replies:
   * a 409 (an earlier attempt of its call still in progress, I.R.replies.conflict409) or the stored reply
   * (it had finished, I.R.replies.replayed); zero, one or many of each, none of either said as such.
   */
  keyedRetriesFound: (f) => {
    const keys = POLICY_KEYS.filter((k) => k !== 'none');
    const counts = keys.map((k) => ({ k, conflicts: f(`I.${k}.replies.conflict409`), replayed: f(`I.${k}.replies.replayed`) }));
    const head = 'A keyed retry that found an earlier attempt of its call still in progress got a 409, and one that found it finished got the stored reply.';
    if (counts.every((c) => c.conflicts === 0 && c.replayed === 0)) return `${head} In this run no keyed retry got either.`;
    const n = (k: string, what: string, v: number) => (v === 0 ? 'none' : formatFact(`I.${k}.replies.${what}`, v));
    const part = (c: (typeof counts)[number]) =>
      `under ${POLICY_NAMES[c.k]}, ${c.conflicts === 0 && c.replayed === 0 ? 'none got either' : `${n(c.k, 'conflict409', c.conflicts)} got a 409 and ${n(c.k, 'replayed', c.replayed)} the stored reply`}`;
    return `${head} ${counts.map((c) => `${capitalise(part(c))}.`).join(' ')}`;
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
    const drawn = `With a base of ${ms(base)} and a cap of ${ms(cap)}, ${listWords(below)}. That is ${means}`;
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
  /** Case I: how the caller settled before the storms: its untimed warm-up calls, and the heap collected before each storm when the config asks. */
  callerSettle: (f) => {
    const warm = `Before the first storm the caller sent ${formatNumber(f('I.settle.warmUpCalls'), 0)} untimed calls, so that no storm timed code being compiled`;
    return f('I.settle.collectsGarbage') === 1
      ? `${warm}. Before each storm its heap was also collected in full, outside the timed run, so that a garbage-collection pause left by earlier cases could not hold up its schedule.`
      : `${warm}.`;
  },
  /**
   * Case I: whether the open-loop caller kept its schedule, from the latest start of any run against
   * the bench's own limit (I.schedule.lateLimitMs, the threshold of its warning).
   */
  callerSchedule: (f) => {
    const limit = formatFact('I.schedule.lateLimitMs', f('I.schedule.lateLimitMs'));
    const behind = f('I.schedule.runsBehind');
    const runs = f('I.schedule.runs');
    const late = f('I.schedule.lateMaxMs');
    const lateText = formatFact('I.schedule.lateMaxMs', late);
    // The measured latest start, not the threshold, is the figure: the limit is only what it is held to.
    if (behind === 0) return `The caller kept that schedule: across the storms the latest any call started after it was due was ${lateText}, within the limit of ${limit} (a quarter of the timeout).`;
    // "storms", not "runs": the page's setup line counts the suite's runs, and case I ran each storm once.
    const which = behind === runs ? `in all ${runs} storms` : behind === 1 ? `in one of the ${runs} storms` : `in ${behind} of the ${runs} storms`;
    const worst = `${lateText}${late > f('I.clientTimeoutMs') ? ', longer than the timeout itself' : ''}`;
    return (
      `The caller fell behind that schedule ${which}: it started calls more than ${limit} (a quarter of the timeout) after they were due, at worst ${worst}. ` +
      'Arrivals bunched, so the server saw a burstier load than this describes, and the bench warned to run again on a quieter machine.'
    );
  },
} satisfies Record<string, DerivedWord>;

/** "under 1%", "1%", "40%": a share as a whole percent, never "0%" for a share above zero. */
function sharePercent(share: number): string {
  const pct = 100 * share;
  return pct > 0 && pct < 0.5 ? 'under 1%' : `${Math.round(pct)}%`;
}

/** "2.28×". */
function formatRatio(value: number): string {
  return `${value.toFixed(2)}×`;
}

/** Ordinals for retries in words ("before the second"). */
const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth'];

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
