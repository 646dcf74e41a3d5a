/**
 * Case F's finding, the paragraph the under-load page opens with (issue 29: a deep dive opens with its
 * finding in at most 100 plain words, before the method): each target's capacity, how much longer a
 * call took at that load than alone, and whether the open loop could show latency against an arrival
 * rate on this machine. Facts in (src/cases/f-load/facts.ts), words out.
 */
import type { FactRead } from '../claims/named.ts';
import { formatFact } from '../format/number.ts';
import { callers } from './load-capacity-words.ts';
import { ratioPhrase } from './ratio-words.ts';

type Target = 'hop' | 'chain';
const NAME: Record<Target, string> = { hop: 'one hop', chain: 'the three-hop chain' };

/** "one hop answered up to 11,552 calls/s, with 64 callers", or that none of its closed levels counted. */
function capacityPart(f: FactRead, t: Target): string {
  if (f(`F.${t}.capacityFromValidLevel`) === 0) return `no closed-loop level of ${t === 'hop' ? 'the single hop' : NAME[t]} counted`;
  return `${NAME[t]} answered up to ${formatFact(`F.${t}.capacityPerSec`, f(`F.${t}.capacityPerSec`))}, with ${callers(f(`F.${t}.capacityConcurrency`))}`;
}

/**
 * "At that load the hop's median call took 5,083 µs, about 23 times as long as with a single caller."
 * Only when the capacity level counted, has more than one caller and the single-caller level counted
 * too; "" otherwise.
 */
function loadedPart(f: FactRead): string {
  const t: Target = 'hop';
  if (f(`F.${t}.capacityFromValidLevel`) === 0 || f(`F.${t}.unloadedCounts`) === 0) return '';
  const c = f(`F.${t}.capacityConcurrency`);
  if (c <= 1) return '';
  const loaded = f(`F.${t}.closed.p50Us.c${c}`);
  const alone = f(`F.${t}.closed.p50Us.c1`);
  const ratio = loaded / alone;
  // The page's one ratio phrase (ratioPhrase), said of time: "as long as", "longer than", "shorter than".
  const how = ratioPhrase(ratio).replace(/as much as$/, 'as long as').replace(/ more than$/, ' longer than').replace(/ less than$/, ' shorter than');
  return ` At that load the hop’s median call took ${formatFact(`F.${t}.closed.p50Us.c${c}`, loaded)}, ${how} with a single caller.`;
}

/** Whether any open-loop level counted: it is what shows latency against a given arrival rate. */
function openPart(f: FactRead): string {
  const valid = f('F.open.validLevels');
  // Not why: a level fails for lag, failed calls or a limited generator, and the tables give each reason.
  if (valid === 0) return ' No open-loop level counted here, so the page cannot show latency against an arrival rate; the tables below give each level’s reason.';
  return ` ${valid === 1 ? 'One open-loop level' : `${valid} open-loop levels`} counted, so the page shows latency against an arrival rate${valid === 1 ? ' at one rate only' : ''}.`;
}

/**
 * The under-load page's opening finding, as plain sentences (at most 100 words on every branch; the
 * test holds it there): "On this machine, one hop answered up to X, with N callers, and the three-hop
 * chain up to Y, with M callers. At that load … . No open-loop level counted here: …".
 */
export function loadFinding(f: FactRead): string {
  const chain = capacityPart(f, 'chain').replace(/^the three-hop chain answered up to /, 'the three-hop chain up to ');
  return `On this machine, ${capacityPart(f, 'hop')}, and ${chain}.${loadedPart(f)}${openPart(f)}`;
}
