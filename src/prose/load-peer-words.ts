/** Case F's peer check in words: the generator's closed loop against autocannon at each concurrency compared. */
import type { FactRead } from '../claims/named.ts';
import { formatNumber } from '../format/number.ts';
import { listWords } from '../format/list-words.ts';
import { PEER_STANDINGS, type PeerStanding } from '@split-on-evidence/hop-bench/facts';

/**
 * Case F's peer check, as the predicate of "this generator's closed loop ___": each compared
 * concurrency's standing against autocannon, read from F.peer.standing.c{c}, the bench's
 * rules.peerStanding (the predicate its report's warning reads): no measurable difference when the
 * rounds' ratios have an interval that includes 1; otherwise within the target band (rules.PEER_TARGET_RATIO),
 * short of it, or above it. Results written before rounds have one pass, where the band alone decides.
 * Concurrencies with the same standing are said together; with rounds, a 'near' standing whose rounds
 * are all above 1 reads "exceeded … by at most <band>", and one all below 1 "came within <band> of …".
 */
export function peerWords(f: FactRead): string {
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
  // Rounds all above 1 within the band are a small lead, not a shortfall: "within 10%" would hide the side.
  const says = (g: (typeof groups)[number]) => (g.k === 'near-over' ? `${phrase.faster} by at most ${band}` : phrase[g.st]);
  const parts = groups.map((g) => `${says(g)} ${groups.length === 1 && g.cs.length === 2 ? both(g.st) : `at ${at(g.cs)}`}${where(g)}`);
  const tail = rows.some((r) => r.s === 'slower') ? ', so where it fell short the generator, not the service, may have set the figure' : '';
  // "Could not be told apart" is no proof of parity: say where the rounds reach below the target.
  const target = f('F.peer.targetRatio');
  const shortRounds = runs > 1 ? rows.filter((r) => r.s === 'same' && f(`F.peer.ratioLow.c${r.c}`) < target).map((r) => r.c) : [];
  const reach = shortRounds.length === 0 ? '' : `; at ${at(shortRounds)} the rounds reached below the ${formatNumber(target, 2)}× target, so a shortfall that large is not ruled out`;
  return `${listWords(parts)}${tail}${reach}`;
}
