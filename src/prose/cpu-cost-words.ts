/**
 * The CPU a call spends, and its price (case F at a single caller: F.T.cpuPerCallUs.*, priced in
 * src/facts/call-cpu-cost.ts at the newest snapshot's per-CPU price). The article's sentence gives
 * caller and services together; the under-load page splits them.
 */
import type { FactRead } from '../claims/named.ts';
import { formatDay } from '../format/dates.ts';
import { formatFact } from '../format/number.ts';

const TARGETS = ['hop', 'chain'] as const;
type Target = (typeof TARGETS)[number];

const MS_PER_DAY = 86_400_000;

/** Whether T's single-caller level counted (its CPU per call exists only then). */
const counted = (f: FactRead, T: Target) => f(`F.${T}.unloadedCounts`) === 1;

const us = (f: FactRead, T: Target, part: string) => formatFact(`F.${T}.cpuPerCallUs.${part}`, f(`F.${T}.cpuPerCallUs.${part}`));

/** Dollars per billion calls; an amount that rounds to nothing is said as "under $0.01". */
const dollars = (f: FactRead, T: Target, part: string) => {
  const name = `F.${T}.cpuCostPerBillionCalls.${part}Cents`;
  const cents = f(name);
  return cents < 0.5 ? 'under $0.01' : formatFact(name, cents);
};

/** "Render’s $25-a-month 1-CPU price, read 19 October 2026": the price item, its price and read date. */
function priceWords(f: FactRead): string {
  const cents = f('cpuPrice.monthCents');
  const price = cents % 100 === 0 ? `$${cents / 100}` : formatFact('cpuPrice.monthCents', cents);
  const day = formatDay(new Date(f('cpuPrice.readOnDay') * MS_PER_DAY));
  return `Render’s ${price}-a-month ${f('cpuPrice.cpus')}-CPU price, read ${day}`;
}

/**
 * The article's sentence (at most 40 words): CPU per call, caller and services together, for one hop
 * and the three-hop chain at a single caller, and its price per billion calls with the price's source
 * and read date. A target whose single-caller level did not count gets no figure, and the sentence says
 * so; without case F ("beyond.F.measured" 0), one sentence says there is none.
 */
export function boundaryCpuCost(f: FactRead): string {
  // The article places this outside case F's block, so it must read on a run without case F.
  if (f('beyond.F.measured') === 0) return 'Case F did not run here, so the page gives no CPU time per call.';
  const hop = counted(f, 'hop');
  const chain = counted(f, 'chain');
  if (!hop && !chain) return 'Neither the hop’s nor the chain’s single-caller level counted in this run, so the page gives no CPU time per call.';
  if (hop && chain) {
    return `With one caller, a call spent ${us(f, 'hop', 'total')} of CPU, caller and services together, over one hop and ${us(f, 'chain', 'total')} over the three-hop chain: ` +
      `${dollars(f, 'hop', 'total')} and ${dollars(f, 'chain', 'total')} per billion calls at ${priceWords(f)}.`;
  }
  const [T, where, other] = hop ? (['hop', 'one hop', 'the chain’s'] as const) : (['chain', 'the three-hop chain', 'the single hop’s'] as const);
  return `With one caller, a call spent ${us(f, T, 'total')} of CPU, caller and services together, over ${where}: ` +
    `${dollars(f, T, 'total')} per billion calls at ${priceWords(f)}; ${other} single-caller level did not count.`;
}

/** One target's clause of the breakdown. */
function targetBreakdown(f: FactRead, T: Target): string {
  const name = T === 'hop' ? 'the hop' : 'the chain';
  if (!counted(f, T)) return `${name}’s single-caller level did not count, so it has no figure`;
  const services = T === 'hop' ? 'its service' : 'its three services together';
  return `for ${name}, the generator spent ${us(f, T, 'client')} of CPU a call and ${services} ${us(f, T, 'services')}, ${dollars(f, T, 'client')} and ${dollars(f, T, 'services')} per billion calls`;
}

/**
 * The under-load page's breakdown (a short paragraph): at a single caller, the generator's and the
 * services' CPU per call for the hop and the chain, each priced per billion calls, with the price's
 * source and date, and why the generator's figure is a floor for a real caller.
 */
export function loadCpuBreakdown(f: FactRead): string {
  if (!counted(f, 'hop') && !counted(f, 'chain')) return 'Neither target’s single-caller level counted, so this run gives no CPU time per call.';
  const clauses = TARGETS.map((T) => targetBreakdown(f, T));
  const first = clauses[0]!.charAt(0).toUpperCase() + clauses[0]!.slice(1);
  return `With a single caller, where no call waits behind another, each process’s CPU time over the level’s window divided by its calls gives the CPU of one call. ` +
    `${first}. ${clauses[1]!.charAt(0).toUpperCase() + clauses[1]!.slice(1)}. Prices use ${priceWords(f)}. ` +
    'The generator writes requests to raw sockets, so a caller using Node’s HTTP client would spend more.';
}

/** The derived words of this file, by name (registered in words.ts). */
export const CPU_COST_WORDS = {
  /** "___" : the article's sentence on the CPU a call spends and its price (case F, single caller). */
  boundaryCpuCost: (f: FactRead) => boundaryCpuCost(f),
  /** "**CPU per call.** ___" : the under-load page's breakdown, caller against services, hop against chain (case F). */
  loadCpuBreakdown: (f: FactRead) => loadCpuBreakdown(f),
};
