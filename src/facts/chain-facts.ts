/**
 * The chain (case D) against the sum of its hops (D.hops × case B), through means, not medians: for
 * right-skewed latencies the median of a sum exceeds the sum of the medians even with no relay
 * overhead, while means add. Each run's ratio pairs D and B of the same run (same processes, same
 * machine state), so the runs' spread of that ratio is the noise of the comparison.
 * Source: the per-run `meanUs` of cases B and D in the results file (bench/src/harness/schema.ts).
 */
import type { Results } from '@split-on-evidence/hop-bench/schema';
import { runsInterval } from '@split-on-evidence/hop-bench/facts';
import { latencyCase, type Facts } from './facts.ts';

/**
 * Per run k: D.run{k}.meanUs / (D.hops × B.run{k}.meanUs), unitless, for the runs both cases made.
 * @throws FactError when case B or D is missing; RangeError when D has no hops or the two share no run.
 */
export function chainOverHopSumPerRun(results: Results): number[] {
  const b = latencyCase(results, 'B');
  const d = latencyCase(results, 'D');
  if (d.hops <= 0) throw new RangeError('case D has no hops: it cannot be set against a sum of hops');
  const ratios = d.runs.flatMap((dr) => {
    const br = b.runs.find((r) => r.run === dr.run);
    return br && br.meanUs > 0 ? [dr.meanUs / (d.hops * br.meanUs)] : [];
  });
  if (ratios.length === 0) throw new RangeError('cases B and D share no run with a mean: the chain cannot be set against its hops');
  return ratios;
}

/**
 * Per run k: D.run{k}.meanUs / B.run{k}.meanUs, unitless: the chain's mean call against the same run's
 * mean single hop (so the two figures divided come from one run, unlike a ratio of the runs' medians).
 * @throws as chainOverHopSumPerRun.
 */
export function chainOverHopPerRun(results: Results): number[] {
  const hops = latencyCase(results, 'D').hops;
  return chainOverHopSumPerRun(results).map((r) => r * hops);
}

/**
 * Facts (unitless):
 * - ratio.DoverB.mean / .meanLow / .meanHigh: the mean over runs of each run's D mean ÷ B mean, and the
 *   interval of those per-run ratios (the headline "three chained hops cost ___ a single hop");
 * - ratio.DoverHopsB.mean: the mean over runs of each run's D mean ÷ (D.hops × B mean);
 * - ratio.DoverHopsB.meanLow / .meanHigh: the interval of those per-run ratios that the bench's noise
 *   rule judges by (hop-bench/noise runsInterval: the min–max for up to 5 runs);
 * - ratio.DoverHopsB.runs: how many runs were paired.
 * A one-run view (run-views.ts) gives that run's ratio for all three, and runs = 1.
 * @throws as chainOverHopSumPerRun.
 */
export function chainFacts(results: Results): Facts {
  const ratios = chainOverHopSumPerRun(results);
  const interval = runsInterval(ratios);
  const perHop = chainOverHopPerRun(results);
  const hopInterval = runsInterval(perHop);
  return {
    'ratio.DoverB.mean': perHop.reduce((a, b) => a + b, 0) / perHop.length,
    'ratio.DoverB.meanLow': hopInterval.low,
    'ratio.DoverB.meanHigh': hopInterval.high,
    'ratio.DoverHopsB.mean': ratios.reduce((a, b) => a + b, 0) / ratios.length,
    'ratio.DoverHopsB.meanLow': interval.low,
    'ratio.DoverHopsB.meanHigh': interval.high,
    'ratio.DoverHopsB.runs': ratios.length,
  };
}
