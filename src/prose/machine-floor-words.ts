/**
 * Case F's words on the machine's own floors, run by run: how late the clock alone woke (the wake-up
 * floor) and how late a scheduler that never slept would have been (the stall probe), each against both
 * targets' unloaded p50, which the lag rule holds a level's lag p99 to. The counts of runs come from the
 * bench's rules.machineLagFloors (facts F.T.floorBreaksLagRuns and F.T.stallsBreakLagRuns).
 */
import type { FactRead } from '../claims/named.ts';
import { formatFact, formatNumber } from '../format/number.ts';
import { listWords } from '../format/list-words.ts';

const TARGETS = ['hop', 'chain'] as const;
type Target = (typeof TARGETS)[number];

/** "in every run", "in 2 of the 3 runs"; nothing when there is one run. */
function inRuns(k: number, n: number): string {
  if (n === 1) return '';
  return k === n ? ' in every run' : ` in ${formatNumber(k, 0)} of the ${formatNumber(n, 0)} runs`;
}

/** Targets whose count of runs under `fact` (F.T.<fact>) is above 0, with that count. */
function breaking(f: FactRead, fact: string): { t: Target; k: number }[] {
  return TARGETS.flatMap((t) => (f(`F.${t}.${fact}`) > 0 ? [{ t, k: f(`F.${t}.${fact}`) }] : []));
}

/**
 * "in every run later than the hop’s unloaded p50 (87 µs) and within the chain’s (365 µs)", "later than
 * the hop’s unloaded p50 (87 µs) in 2 of the 3 runs, and within the chain’s (365 µs) in every run", or
 * "in every run within both targets’ unloaded p50" when no run broke it (no run count for one run).
 */
function comparison(f: FactRead, fact: string): string {
  const n = f('F.runs');
  const above = breaking(f, fact);
  const every = n > 1 ? 'in every run ' : '';
  if (above.length === 0) return `${every}within both targets’ unloaded p50`;
  const p50 = (t: Target) => formatFact(`F.${t}.unloadedP50Us`, f(`F.${t}.unloadedP50Us`));
  const within = TARGETS.filter((t) => !above.some((a) => a.t === t));
  // Every count is every run: say it once, in front.
  const hoist = above.every((a) => a.k === n);
  const runs = (k: number) => (hoist ? '' : inRuns(k, n));
  const clauses = above.map((a, i) => `the ${a.t}’s ${i === 0 ? 'unloaded p50 ' : ''}(${p50(a.t)})${runs(a.k)}`);
  const rest = within.map((t) => `${hoist ? '' : ','} and within the ${t}’s (${p50(t)})${runs(n)}`);
  return `${hoist ? every : ''}later than ${listWords(clauses)}${rest.join('')}`;
}

/** "the hop", "the chain" or "either target", for the targets that broke `fact` in some run. */
function whose(f: FactRead, fact: string): string {
  const above = breaking(f, fact);
  return above.length === 2 ? 'either target' : `the ${above[0]!.t}`;
}

/** True when every target that broke `fact` did so in every run. */
function everyRun(f: FactRead, fact: string): boolean {
  return breaking(f, fact).every((a) => a.k === f('F.runs'));
}

/** The wake-up floor's verdict, after the sentence that gives its figures. */
export function wakeFloorVerdict(f: FactRead): string {
  const tail = breaking(f, 'floorBreaksLagRuns').length === 0
    ? ', so the clock alone does not break the lag rule here.'
    : `, so an open-loop level of ${whose(f, 'floorBreaksLagRuns')} is unlikely to meet the lag rule ${everyRun(f, 'floorBreaksLagRuns') ? 'on this machine' : 'in those runs'}.`;
  return `That p99 was ${comparison(f, 'floorBreaksLagRuns')}${tail}`;
}

function stallsMeasured(f: FactRead): boolean {
  return f('F.stallFloor.measured') === 1;
}

/**
 * The stall probe's sentences: what a thread that never slept lost, how late that makes any scheduler
 * at p99, and the verdict against both targets; '' for results written before the probe.
 */
export function stallFloorSentences(f: FactRead): string {
  if (!stallsMeasured(f)) return '';
  const n = f('F.runs');
  const low = f('F.stallFloor.stalledLowPercent');
  const high = f('F.stallFloor.stalledHighPercent');
  const share = n === 1 || formatNumber(low, 2) === formatNumber(high, 2) ? `${formatNumber(high, 2)}%` : `${formatNumber(low, 2)}–${formatNumber(high, 2)}%`;
  const late = formatFact('F.stallFloor.lateP99Us', f('F.stallFloor.lateP99Us'));
  const lateRange = n > 1 ? ` (runs ${formatNumber(f('F.stallFloor.lateP99LowUs'), 0)}–${formatFact('F.stallFloor.lateP99HighUs', f('F.stallFloor.lateP99HighUs'))})` : '';
  const spin = formatFact('F.stallFloor.measureMs', f('F.stallFloor.measureMs'));
  const head =
    `Right after, a thread that never slept, spinning on the generator’s core for ${spin}${n > 1 ? ' in each run' : ''}, was stopped for ${share} of that time in pauses of over ${formatNumber(f('F.stallFloor.thresholdUs'), 0)} µs, ` +
    `the longest ${formatFact('F.stallFloor.maxUs', f('F.stallFloor.maxUs'))}; those pauses alone would make a scheduler that never slept ${late} late at p99${lateRange}.`;
  if (breaking(f, 'stallsBreakLagRuns').length === 0) {
    return `${head} That is ${comparison(f, 'stallsBreakLagRuns')}, so the pauses alone would not break the lag rule; the clock’s lateness beyond them comes from sleeping and waking.`;
  }
  // The probe samples one second of each run, not each level: it says what the machine does while it pauses like that.
  return `${head} That is ${comparison(f, 'stallsBreakLagRuns')}: while the machine pauses like that, no scheduler, sleeping or spinning, can keep ${whose(f, 'stallsBreakLagRuns')}’s open levels within the lag rule, so a scheduler-lag mark there can be the machine’s alone, not the generator’s.`;
}
