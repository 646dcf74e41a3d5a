/**
 * Case F's derived words (the under-load page and the article's summary): the peer check, the
 * capacities and what set them, the open-loop levels, Little's law, the machine's floors, the
 * generator's ceiling and which levels counted.
 */
import { capitalise } from './text.ts';
import type { DerivedWord, FactRead } from '../claims/named.ts';
import { formatFact, formatNumber } from '../format/number.ts';
import { SERVICES_SATURATED_PERCENT } from '@split-on-evidence/hop-bench/facts';
import { capacitiesSentences, capacityClause } from './load-capacity-words.ts';
import { peerWords } from './load-peer-words.ts';
import { loadFinding } from './load-finding-words.ts';
import { stallFloorSentences, wakeFloorVerdict } from './machine-floor-words.ts';
import { ratioPhrase } from './ratio-words.ts';

export const LOAD_WORDS = {
  /** "**The finding.** ___": the under-load page's opening paragraph (load-finding-words.ts; case F). */
  loadFinding: (f) => loadFinding(f),
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
    const head = `Just before ${f('F.runs') > 1 ? 'each run’s' : 'the'} open-loop levels, the bench timed the scheduler’s clock alone, with no calls to send. It woke ${p50} late at the median and ${p99} at p99${range}, whether from other work on the machine or from its idle CPUs waking slowly.${steal}`;
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
  /** "Each level … and the whole measurement runs ___" (case F's runs). */
  loadRuns: (f) => timesWord(f('F.runs')),
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
} satisfies Record<string, DerivedWord>;

/** "no level", "one level", "3 levels". */
function levels(n: number): string {
  return n === 0 ? 'no level' : n === 1 ? 'one level' : `${n} levels`;
}

/** "once", "twice", "3 times". */
function timesWord(n: number): string {
  return n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`;
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
  if (f(`F.${t}.unloadedCounts`) === 0) return `${trend}. ${capitalise(where)}`;
  const single = formatFact(`F.${t}.closed.p99Us.c1`, f(`F.${t}.closed.p99Us.c1`));
  return `${trend}. ${capitalise(where)}, ${ratioPhrase(f(`F.${t}.open.last.p99OverUnloaded`))} its p99 with a single caller (${single})`;
}
