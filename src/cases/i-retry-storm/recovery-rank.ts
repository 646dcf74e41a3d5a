/**
 * Case I: which policy recovered first, as a pure ranking of recovery times, without words
 * (src/prose/words.ts renders it). Recovery times are read to one bucket, but the recovery rule judges
 * goodput over spans of I.recovery.windowMs, so a policy is ranked ahead of another only when its time
 * is at least one full span earlier; a pair less than a span apart is not ranked. A time of one span
 * or less is the floor of the measure (the first span after the brownout already met the rule).
 */

/** One policy's recovery: its fact-name key ("none", "deadline", …) and its time after the brownout, ms. */
export interface RecoveryTime {
  k: string;
  ms: number;
}

/** Policies that recovered at the same time: their keys, the time (ms) and its lead over the floor group's latest time (ms). */
export interface TimeGroup {
  keys: string[];
  ms: number;
  leadMs: number;
}

/** The ranking of the policies that recovered. */
export interface RecoveryRanking {
  /** Those that recovered, earliest first (ties in the order given). */
  times: RecoveryTime[];
  /** Those whose time is at most one span: the floor of the measure. */
  floor: RecoveryTime[];
  /** Later times less than a span behind the floor group's latest, grouped by equal time, earliest first. */
  closeBehindFloor: TimeGroup[];
  /** Each policy at least a full span ahead of some others, with those others (earliest first). */
  ranked: { a: RecoveryTime; behind: RecoveryTime[] }[];
  /** The entry of `ranked` a full span ahead of every other that recovered, if any. */
  leader: { a: RecoveryTime; behind: RecoveryTime[] } | undefined;
  /** Pairs less than a span apart (not ranked), as [earlier, later], in order. */
  closePairs: [RecoveryTime, RecoveryTime][];
}

/** Recovery times grouped by equal time, in the order given: the keys and the time, ms. */
export function groupByTime(times: readonly RecoveryTime[]): { keys: string[]; ms: number }[] {
  const groups: { keys: string[]; ms: number }[] = [];
  for (const t of times) {
    const last = groups[groups.length - 1];
    if (last && last.ms === t.ms) last.keys.push(t.k);
    else groups.push({ keys: [t.k], ms: t.ms });
  }
  return groups;
}

/**
 * Ranks the recovery times of the policies that recovered (ms after the brownout) by the one-span rule.
 * @param recovered the policies that recovered, in the article's order (ties keep it).
 * @param spanMs the recovery rule's span, ms (I.recovery.windowMs).
 */
export function rankRecoveries(recovered: readonly RecoveryTime[], spanMs: number): RecoveryRanking {
  const times = [...recovered].sort((a, b) => a.ms - b.ms);
  const floor = times.filter((t) => t.ms <= spanMs);
  // The floor group's latest time: a lead measured from it is the smallest the group can have.
  const floorMs = floor.length > 0 ? floor[floor.length - 1]!.ms : 0;
  const closeBehindFloor = groupByTime(times.filter((t) => t.ms > spanMs && t.ms - floorMs < spanMs)).map((g) => ({ ...g, leadMs: g.ms - floorMs }));
  const ranked = times.map((a) => ({ a, behind: times.filter((b) => b.ms - a.ms >= spanMs) })).filter((r) => r.behind.length > 0);
  const leader = ranked.find((r) => r.behind.length === times.length - 1);
  const closePairs: [RecoveryTime, RecoveryTime][] = [];
  for (let i = 0; i < times.length; i++) {
    for (let j = i + 1; j < times.length; j++) {
      if (times[j]!.ms - times[i]!.ms < spanMs) closePairs.push([times[i]!, times[j]!]);
    }
  }
  return { times, floor, closeBehindFloor, ranked, leader, closePairs };
}
