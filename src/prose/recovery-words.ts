/** Case I's recoveries in words: when each policy recovered, and which recovered first (recovery-rank.ts rankRecoveries). */
import type { FactRead } from '../claims/named.ts';
import { formatFact } from '../format/number.ts';
import { listWords, serialListWords } from '../format/list-words.ts';
import { recoveryDuration, recoveryTime } from '../cases/i-retry-storm/recovery-time.ts';
import type { RecoveryRanking } from '../cases/i-retry-storm/recovery-rank.ts';
import { POLICY_KEYS, POLICY_NAMES, lateCaveat, lateRunsSentence } from './retry-rule.ts';
import { capitalise } from './text.ts';

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
export function recoveryWords(f: FactRead, key: string): string {
  return f(`I.${key}.recovered`) === 1
    ? `recovered ${recoveredWhen(f, f(`I.${key}.recoveryMs`))}`
    : `had not recovered when the run ended, ${formatFact('I.afterWindowMs', f('I.afterWindowMs'))} after the brownout`;
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
export function recoveryRankingWords(f: FactRead, r: RecoveryRanking): string {
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
