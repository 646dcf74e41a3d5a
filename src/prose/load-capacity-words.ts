/** Case F's capacities in words: each target's highest throughput among the levels that counted, and what may have set it. */
import type { FactRead } from '../claims/named.ts';
import { formatFact, formatNumber } from '../format/number.ts';
import { listWords } from '../format/list-words.ts';
import { capitalise } from './text.ts';

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
export function callers(c: number): string {
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
      return `for ${who}, ${busy} ${target === 'both' ? 'saturated' : `${pct} busy`} at that level, so the service${t === 'chain' || target === 'both' ? 's' : ''}, not the generator, limited that level. The next level does not count because the client needed more of its core than the rule allows. So the figure is a floor: what the service answered at least, not the most it can`;
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
export function capacityClause(f: FactRead, t: 'hop' | 'chain', name: string): string {
  const limit = capacityLimit(f, t);
  if (limit === 'none') return limitClause(f, limit, name);
  // The capacity is the highest median over runs among the levels that counted, not the highest any run reached.
  const median = f('F.runs') > 1 ? 'median ' : '';
  return `${name}’s highest ${median}throughput among the levels that counted was ${capacityFigure(f, t)}; ${limitClause(f, limit, 'it', t).replace(/^for it, /, '')}`;
}

/** Both targets' capacities, each limit said once (for both when they share it). */
export function capacitiesSentences(f: FactRead): string {
  const hop = capacityLimit(f, 'hop');
  const chain = capacityLimit(f, 'chain');
  // One run on both targets, with other levels that counted: the caveat is said once, for both.
  const bothUnjudged = hop !== 'none' && chain !== 'none' && f('F.hop.capacityTies') === -1 && f('F.chain.capacityTies') === -1;
  const heads = [hop === 'none' ? null : `the hop ${capacityFigure(f, 'hop', !bothUnjudged)}`, chain === 'none' ? null : `the chain ${capacityFigure(f, 'chain', !bothUnjudged)}`].filter((x) => x !== null);
  const median = f('F.runs') > 1 ? 'median ' : '';
  const once = bothUnjudged ? '. From one run, neither can be told from the other levels by the noise between runs' : '';
  const first = heads.length === 0 ? '' : `The highest ${median}throughput among the levels that counted was, for ${heads.join(', and for ')}${once}. `;
  // The ceiling and a plateau carry each target's own figures: said per target.
  const limits = hop === chain && hop !== 'none' && hop !== 'ceiling' && hop !== 'plateau'
    ? limitClause(f, hop, 'both')
    : `${limitClause(f, hop, 'the hop')}. ${capitalise(limitClause(f, chain, 'the chain'))}`;
  return `${first}${capitalise(limits)}.`;
}
