/**
 * Case F's table and chart captions (the under-load page): what each shows, how many runs its medians
 * come from, and the rules a level must meet to count. Figures in, caption out; the components place them.
 */
import { formatNumber } from '../format/number.ts';

/** "3 runs", "1 run". */
export function runsCount(runs: number): string {
  return `${formatNumber(runs, 0)} run${runs === 1 ? '' : 's'}`;
}

/** The closed-loop levels' rules, as the bench's config gives them (percent of a core, percent of calls). */
export interface ClosedRules {
  maxClientCpuPercent: number;
  maxFailedPercent: number;
}

/** The open-loop levels' rules: the closed loop's, and the share of the generator's ceiling a level may ask for (a fraction). */
export interface OpenRules extends ClosedRules {
  generatorLimitFraction: number;
}

/** The Little's-law table's caption: callers against throughput × mean latency, and when a closed-loop level counts. */
export function littleLawCaption(runs: number, rules: ClosedRules): string {
  return (
    `Closed loop, every level, medians of ${runsCount(runs)}: callers against throughput × mean latency (Little's law). ` +
    `A level counts only if the client used at most ${formatNumber(rules.maxClientCpuPercent, 0)}% of a core and at most ` +
    `${formatNumber(rules.maxFailedPercent, 0)}% of calls failed, in every run; a level that does not is marked with the reason.`
  );
}

/** The open-loop table's caption: what its columns time, and when an open-loop level counts. */
export function openLevelsCaption(runs: number, rules: OpenRules): string {
  return (
    `Open loop, every level, medians of ${runsCount(runs)} (p99 with the range of the runs; failed or dropped calls from the worst run). ` +
    `Latency is timed from each call's intended send; "uncorrected" from its actual send. A level counts only if, in every run, ` +
    `the client used at most ${formatNumber(rules.maxClientCpuPercent, 0)}% of a core, the scheduler's lag p99 (how late it woke for ` +
    `each call's tick, without any wait for a free connection) was at most the target's unloaded p50, and at most ` +
    `${formatNumber(rules.maxFailedPercent, 0)}% of calls failed or were dropped; and only if its rate is at most ` +
    `${formatNumber(rules.generatorLimitFraction * 100, 0)}% of the generator's ceiling in its slowest run.`
  );
}

/**
 * The peer table's caption: autocannon `autocannonVersion` against case F's closed loop, whether both
 * were pinned, and how they took turns (`rounds` alternating rounds, or one pass in results written
 * before rounds, rounds = 1).
 */
export function peerCaption(autocannonVersion: string, pinned: boolean, rounds: number): string {
  const how =
    rounds > 1
      ? `taking turns in ${rounds} alternating rounds. Throughputs are medians of the rounds, and the ratio is the median of the rounds' ratios, which need not equal one median over the other when the machine's speed changes from round to round`
      : 'one tool after the other, one pass';
  return (
    `Peer check in this build's run: autocannon ${autocannonVersion} and case F's closed loop against the hop's service, ` +
    `the same request${pinned ? ', each tool pinned as case F pins its generator' : ''}, ${how}.`
  );
}

/** Where case F's processes ran, for the throughput chart: pinned apart (with how many service CPUs), or sharing `cores` cores. */
export interface LoadPlacement {
  pinned: boolean;
  serviceCpus: number;
  cores: number;
}

/** The throughput chart's caption. */
export function throughputChartCaption(runs: number, placement: LoadPlacement): string {
  const where = placement.pinned
    ? `The generator ran on its own CPU and the services on the other${placement.serviceCpus === 1 ? '' : 's'}.`
    : `Client and services shared ${placement.cores} cores.`;
  return (
    'Closed loop: calls per second against the number of concurrent callers, each with its own kept-alive connection and waiting for its previous call; ' +
    `median of ${runsCount(runs)}, levels that count only (every level is in the table below, with the reason for any that does not count). ${where}`
  );
}

/** The throughput chart's label for screen readers, with the concurrencies tried. */
export function throughputChartLabel(concurrency: readonly number[]): string {
  return `Line chart of throughput in calls per second against concurrent callers (${concurrency.join(', ')}), one hop and the chain of three, levels that count only.`;
}

/** The latency chart's caption; `poisson` when the open loop's arrivals were Poisson, else evenly spaced. */
export function latencyChartCaption(runs: number, poisson: boolean): string {
  return (
    "Open loop: latency of one call against offered load, as % of each target's own closed-loop capacity; p50 and p99 timed from each call's intended send, " +
    `and the uncorrected p99 timed from its actual send (dashed). ${poisson ? 'Poisson' : 'Evenly spaced'} arrivals; median of ${runsCount(runs)}; ` +
    'levels that count only (every level is in the table below).'
  );
}
