/**
 * Facts of case F (under load), from its stored result. Only levels that count (valid) give figures:
 * an invalid level's numbers are in the results and the table, never in a fact, so no sentence or
 * chart can use them. Names:
 * - setup: F.cores, F.runs, F.pinned (1/0), F.maxConcurrency, F.openConnections, F.inFlightCap (calls
 *   waiting or on the wire past which an open level drops a call that comes due), F.schedulerGranularityMs,
 *   F.clockSpinUs (how long before each tick the clock thread stops sleeping and spins, µs),
 *   F.maxClientCpuPercent, F.maxFailedPercent, F.generatorLimitFraction, F.minCalls, F.minMeasureMs and F.maxMeasureMs
 *   (a level runs until it holds minCalls calls and has run minMeasureMs, or for maxMeasureMs);
 * - the generator: F.ceilingPerSec (median against the trivial responder) with F.ceilingLowPerSec and
 *   F.ceilingHighPerSec (its interval), F.generatorLimitPerSec (the limit fraction × the slowest run's ceiling),
 *   F.ceilingBoundRuns (ceiling runs whose client used at least the client-CPU limit: the generator's own
 *   limit, rules.ceilingRunBound), F.ceilingClientCpuLowPercent and .ceilingClientCpuHighPercent (the client's CPU
 *   in the ceiling runs, % of a core), F.ceilingResponderBusyRuns (those of them in which the trivial responder was busy
 *   too, rules.ceilingResponderBusy: either may have stopped them) and, when > 0, F.ceilingBoundLowPerSec and .ceilingBoundHighPerSec (their range);
 * - the wake-up floor (the clock alone, no calls): F.wakeFloor.measured (1/0: 0 in results written before
 *   it, and then none of the others), F.wakeFloor.p50Us,
 *   F.wakeFloor.p99Us (medians across runs) with F.wakeFloor.p99LowUs and .p99HighUs (its interval),
 *   F.wakeFloor.ratePerSec, F.wakeFloor.stealMeasured (1 when every run read steal time) and then
 *   F.wakeFloor.stealPercent (median, % of all CPUs' time) with .stealLowPercent and .stealHighPercent;
 * - the stall probe (a thread that never sleeps, on the generator's core): F.stallFloor.measured (1/0: 0 in
 *   results written before it, and then none of the others), F.stallFloor.lateP99Us (median across runs of
 *   a never-sleeping scheduler's p99 lateness, µs) with .lateP99LowUs and .lateP99HighUs, F.stallFloor.stalledLowPercent
 *   and .stalledHighPercent (the runs' share of time stalled, %), F.stallFloor.maxUs (the longest stall of any
 *   run), F.stallFloor.thresholdUs, F.stallFloor.measureMs (per run);
 * - the peer check, per concurrency c: F.peer.autocannonPerSec.c{c}, F.peer.benchPerSec.c{c} (medians of the
 *   rounds), F.peer.ratio.c{c} (median of the rounds' ratios) with F.peer.ratioLow.c{c} and .ratioHigh.c{c}
 *   (its interval), F.peer.standing.c{c} (the bench's rules.peerStanding, as its index in rules.PEER_STANDINGS:
 *   the one predicate the report's warning reads too); F.peer.targetRatio (rules.PEER_TARGET_RATIO); F.peer.seconds (per round and tool), F.peer.rounds (1 for results written before rounds),
 *   F.peer.minRatio (lowest ratio);
 * - per target T ("hop", "chain"): F.T.capacityFromValidLevel (1/0) and, only when 1, F.T.capacityPerSec,
 *   F.T.capacityConcurrency, F.T.capacitySetByService (1: no level with more callers broke the client-CPU
 *   rule; 0: one did), F.T.capacityLowPerSec and .capacityHighPerSec (that level's interval),
 *   F.T.capacityServicesCpuPercent (the services' CPU at that level, median, % of one core) and
 *   F.T.capacityServicesSaturated (1/0, the bench's rules.servicesSaturated: pinned, and at least 90% of
 *   their CPUs), F.T.capacityNearCeiling (1/0, the bench's rules.capacityNearCeiling on that level's runs and the ceiling
 *   runs the generator limited), F.T.capacityTies (the bench's rules.capacityTies: how many other valid closed
 *   levels the capacity level is not measurably above, -1 when one run cannot judge) with F.T.capacityTie.{i}
 *   (their concurrencies, ascending, i from 0); F.T.unloadedP50Us, F.T.floorBreaksLagRuns and F.T.stallsBreakLagRuns (in how many runs the
 *   wake-up floor's p99, and the stall probe's, was above T's unloaded p50: the bench's rules.machineLagFloors;
 *   each only when measured), F.T.invalidLevels,
 *   F.T.validClosedLevels, F.T.validOpenLevels, F.T.p99NeverFalls (1/0), F.T.generatorLimitedLevels;
 *   F.T.unloadedCounts (1 when the closed level at c = 1 counts); F.closedLevels, F.openLevels (levels
 *   per target, as configured);
 * - valid closed levels, per c: F.T.closed.callsPerSec.c{c}, .p50Us.c{c}, .p99Us.c{c}, .littleL.c{c},
 *   .clientCpuPercent.c{c};
 * - valid open levels, per offered load N (% of capacity, e.g. at10): F.T.open.targetPerSec.atN,
 *   .okPerSec.atN, .p50Us.atN, .p99Us.atN (from intended send), .uncorrectedP99Us.atN (from actual
 *   send), .lagP99Us.atN, .clientCpuPercent.atN, .p99OverUnloaded.atN (over the closed loop's p99 at
 *   c = 1, when that level counts), .correctedOverUncorrected.atN;
 * - the lowest and highest valid open level of T (present when T has one): F.T.open.first.* and
 *   F.T.open.last.* with loadPercent, p99Us, uncorrectedP99Us, lagP99Us, clientCpuPercent and (when
 *   defined) p99OverUnloaded, correctedOverUncorrected;
 * - F.littleL.maxDeviationPercent: the largest |L − c| / c over every run of the valid closed levels of both
 *   targets (L = that run's calls/s × its mean latency), %;
 * - F.open.validLevels: valid open levels of both targets;
 * - F.open.correctedBelowUncorrected: valid open levels (both targets) whose p99 from the intended send is
 *   below the p99 from the actual send (each call's first figure is never the smaller, so 0 unless broken).
 * Source: this build's beyond results (bench/results/beyond-latest.json).
 */
import type { LoadConfig, LoadResult } from '@split-on-evidence/hop-bench/schema';
import { boundCeilingPerSec, capacityNearCeiling, ceilingResponderBusy, ceilingRunBound, capacityTiesOf, figureOf, levelClockLagP99Us, machineLagFloors, PEER_STANDINGS, PEER_TARGET_RATIO, peerStanding, servicesSaturated } from '@split-on-evidence/hop-bench/facts';

/** The name segment of an open-loop level: 0.1 → "at10". */
export function loadLevelName(fraction: number): string {
  return `at${Math.round(fraction * 100)}`;
}

type ClosedRun = LoadResult['targets'][number]['closed'][number]['runs'][number];

/**
 * CPU time per call at one closed level, µs of CPU per call, median across its runs: each run's CPU
 * share of one core over its window (the probe: process.cpuUsage of the bench process for the client,
 * and of each service process over IPC) divided by that window's completed calls per second. `client`
 * is the generator, `services` every service the target runs (summed), `total` both, per run. Null
 * when a run completed no call (no per-call figure exists).
 */
export function cpuPerCallUs(runs: readonly ClosedRun[]): { client: number; services: number; total: number } | null {
  if (runs.some((r) => r.callsPerSec <= 0)) return null;
  // % of a core ÷ calls/s: (p / 100) core-seconds per second ÷ calls per second, × 1e6 µs.
  const perCall = (pick: (r: ClosedRun) => number) => figureOf(runs.map((r) => (pick(r) * 1e4) / r.callsPerSec)).median;
  const services = (r: ClosedRun) => r.probe.services.reduce((a, s) => a + s.cpuPercent, 0);
  return {
    client: perCall((r) => r.probe.clientCpuPercent),
    services: perCall(services),
    total: perCall((r) => r.probe.clientCpuPercent + services(r)),
  };
}

/** Case F's facts. */
export function caseFFacts(result: LoadResult, config: LoadConfig): Record<string, number> {
  const facts: Record<string, number> = {};
  const put = (name: string, value: number) => {
    facts[`F.${name}`] = value;
  };
  put('cores', result.cores);
  put('runs', result.runs);
  put('pinned', result.placement.pinned ? 1 : 0);
  put('maxConcurrency', Math.max(...config.concurrency));
  put('openConnections', config.openConnections);
  put('inFlightCap', config.inFlightCap);
  put('schedulerGranularityMs', config.schedulerGranularityMs);
  put('clockSpinUs', config.clockSpinUs);
  put('maxClientCpuPercent', config.maxClientCpuPercent);
  put('maxFailedPercent', config.maxFailedPercent);
  put('closedLevels', config.concurrency.length);
  put('openLevels', config.openFractions.length);
  put('minCalls', Math.min(config.closed.minCalls, config.open.minCalls));
  put('maxMeasureMs', Math.min(config.closed.maxMeasureMs, config.open.maxMeasureMs));
  put('minMeasureMs', Math.max(config.closed.minMeasureMs, config.open.minMeasureMs));
  put('generatorLimitFraction', config.generatorLimitFraction);
  put('ceilingPerSec', result.ceiling.perSec.median);
  put('ceilingLowPerSec', result.ceiling.perSec.low);
  put('ceilingHighPerSec', result.ceiling.perSec.high);
  // The runs where the generator itself was the limit (the others are lower bounds).
  const bound = boundCeilingPerSec(result.ceiling.runs, config.maxClientCpuPercent);
  put('ceilingBoundRuns', bound.length);
  put('ceilingClientCpuLowPercent', Math.min(...result.ceiling.runs.map((r) => r.clientCpuPercent)));
  put('ceilingClientCpuHighPercent', Math.max(...result.ceiling.runs.map((r) => r.clientCpuPercent)));
  put('ceilingResponderBusyRuns', result.ceiling.runs.filter((r) => ceilingRunBound(r, config.maxClientCpuPercent) && ceilingResponderBusy(r)).length);
  if (bound.length > 0) {
    put('ceilingBoundLowPerSec', Math.min(...bound));
    put('ceilingBoundHighPerSec', Math.max(...bound));
  }
  put('wakeFloor.measured', result.wakeFloor ? 1 : 0);
  if (result.wakeFloor) {
    put('wakeFloor.ratePerSec', result.wakeFloor.ratePerSec);
    put('wakeFloor.p50Us', result.wakeFloor.lagP50Us.median);
    put('wakeFloor.p99Us', result.wakeFloor.lagP99Us.median);
    put('wakeFloor.p99LowUs', result.wakeFloor.lagP99Us.low);
    put('wakeFloor.p99HighUs', result.wakeFloor.lagP99Us.high);
    const steals = result.wakeFloor.runs.map((r) => r.stealPercent);
    const measured = steals.every((x): x is number => typeof x === 'number');
    put('wakeFloor.stealMeasured', measured ? 1 : 0);
    if (measured) {
      const fig = figureOf(steals);
      put('wakeFloor.stealPercent', fig.median);
      put('wakeFloor.stealLowPercent', fig.low);
      put('wakeFloor.stealHighPercent', fig.high);
    }
  }
  put('stallFloor.measured', result.stallFloor ? 1 : 0);
  if (result.stallFloor) {
    const s = result.stallFloor;
    put('stallFloor.lateP99Us', s.lateP99Us.median);
    put('stallFloor.lateP99LowUs', s.lateP99Us.low);
    put('stallFloor.lateP99HighUs', s.lateP99Us.high);
    put('stallFloor.stalledLowPercent', Math.min(...s.runs.map((r) => r.stalledPercent)));
    put('stallFloor.stalledHighPercent', Math.max(...s.runs.map((r) => r.stalledPercent)));
    put('stallFloor.maxUs', Math.max(...s.runs.map((r) => r.maxUs)));
    put('stallFloor.thresholdUs', s.thresholdUs);
    put('stallFloor.measureMs', s.runs[0]!.measuredMs);
  }
  put('generatorLimitPerSec', config.generatorLimitFraction * result.ceiling.perSec.low);
  for (const r of result.peer) {
    put(`peer.autocannonPerSec.c${r.concurrency}`, r.autocannonPerSec);
    put(`peer.benchPerSec.c${r.concurrency}`, r.benchPerSec);
    put(`peer.ratio.c${r.concurrency}`, r.ratio);
    put(`peer.ratioLow.c${r.concurrency}`, r.ratioLow ?? r.ratio);
    put(`peer.ratioHigh.c${r.concurrency}`, r.ratioHigh ?? r.ratio);
    put(`peer.standing.c${r.concurrency}`, PEER_STANDINGS.indexOf(peerStanding(r)));
  }
  put('peer.targetRatio', PEER_TARGET_RATIO);
  if (result.peer.length > 0) {
    put('peer.seconds', result.peer[0]!.seconds);
    put('peer.rounds', result.peer[0]!.rounds?.length ?? 1);
    put('peer.minRatio', Math.min(...result.peer.map((r) => r.ratio)));
  }
  let maxDeviation = 0;
  let correctedBelow = 0;
  for (const t of result.targets) {
    const T = t.id;
    put(`${T}.hops`, t.hops);
    put(`${T}.capacityFromValidLevel`, t.capacity.fromValidLevel ? 1 : 0);
    // A capacity taken from an invalid level (none counted) is no fact.
    if (t.capacity.fromValidLevel) {
      put(`${T}.capacityPerSec`, t.capacity.perSec);
      put(`${T}.capacityConcurrency`, t.capacity.concurrency);
      put(`${T}.capacitySetByService`, t.capacity.setBy === 'service' ? 1 : 0);
      const level = t.closed.find((l) => l.concurrency === t.capacity.concurrency)!;
      put(`${T}.capacityLowPerSec`, level.callsPerSec.low);
      put(`${T}.capacityHighPerSec`, level.callsPerSec.high);
      put(`${T}.capacityServicesCpuPercent`, level.servicesCpuPercent.median);
      put(`${T}.capacityServicesSaturated`, servicesSaturated(level.servicesCpuPercent.median, result.placement) ? 1 : 0);
      put(`${T}.capacityNearCeiling`, capacityNearCeiling(level.runs.map((r) => r.callsPerSec), result.ceiling.runs, config.maxClientCpuPercent) ? 1 : 0);
      const ties = capacityTiesOf(t);
      put(`${T}.capacityTies`, ties === null ? -1 : ties.length);
      ties?.forEach((c, i) => put(`${T}.capacityTie.${i}`, c));
    }
    put(`${T}.unloadedP50Us`, t.unloadedP50Us);
    const machine = machineLagFloors(result, t.unloadedP50Us);
    if (machine.floor) put(`${T}.floorBreaksLagRuns`, machine.floor.length);
    if (machine.stalls) put(`${T}.stallsBreakLagRuns`, machine.stalls.length);
    put(`${T}.invalidLevels`, [...t.closed, ...t.open].filter((l) => !l.validity.valid).length);
    put(`${T}.validClosedLevels`, t.closed.filter((l) => l.validity.valid).length);
    put(`${T}.validOpenLevels`, t.validOpenLevels);
    put(`${T}.p99NeverFalls`, t.p99NeverFalls ? 1 : 0);
    put(`${T}.generatorLimitedLevels`, t.open.filter((l) => l.generatorLimited).length);
    const unloaded = t.closed.find((l) => l.concurrency === 1 && l.validity.valid);
    put(`${T}.unloadedCounts`, unloaded ? 1 : 0);
    const cpu = unloaded && cpuPerCallUs(unloaded.runs);
    if (cpu) for (const [k, v] of Object.entries(cpu)) put(`${T}.cpuPerCallUs.${k}`, v);
    for (const l of t.closed.filter((x) => x.validity.valid)) {
      const c = `c${l.concurrency}`;
      put(`${T}.closed.callsPerSec.${c}`, l.callsPerSec.median);
      put(`${T}.closed.p50Us.${c}`, l.p50Us.median);
      put(`${T}.closed.p99Us.${c}`, l.p99Us.median);
      put(`${T}.closed.littleL.${c}`, l.littleL);
      put(`${T}.closed.clientCpuPercent.${c}`, l.clientCpuPercent.median);
      // Bookkeeping holds run by run, not only for the medians: each run's throughput × its mean latency.
      for (const r of l.runs) maxDeviation = Math.max(maxDeviation, (100 * Math.abs((r.callsPerSec * r.latency.meanUs) / 1e6 - l.concurrency)) / l.concurrency);
    }
    const valid = t.open.filter((l) => l.validity.valid);
    const openFacts = (l: (typeof valid)[number]): Record<string, number> => {
      const f: Record<string, number> = {
        loadPercent: l.fraction * 100,
        targetPerSec: l.targetPerSec,
        okPerSec: l.okPerSec.median,
        p50Us: l.p50Us.median,
        p99Us: l.p99Us.median,
        uncorrectedP99Us: l.uncorrectedP99Us.median,
        lagP99Us: levelClockLagP99Us(l).median,
        clientCpuPercent: l.clientCpuPercent.median,
      };
      if (unloaded && unloaded.p99Us.median > 0) f.p99OverUnloaded = l.p99Us.median / unloaded.p99Us.median;
      if (l.uncorrectedP99Us.median > 0) f.correctedOverUncorrected = l.p99Us.median / l.uncorrectedP99Us.median;
      return f;
    };
    for (const l of valid) {
      if (l.p99Us.median < l.uncorrectedP99Us.median) correctedBelow += 1;
      for (const [k, v] of Object.entries(openFacts(l))) if (k !== 'loadPercent') put(`${T}.open.${k}.${loadLevelName(l.fraction)}`, v);
    }
    if (valid.length > 0) {
      for (const [k, v] of Object.entries(openFacts(valid[0]!))) put(`${T}.open.first.${k}`, v);
      for (const [k, v] of Object.entries(openFacts(valid.at(-1)!))) put(`${T}.open.last.${k}`, v);
    }
  }
  put('littleL.maxDeviationPercent', maxDeviation);
  put('open.correctedBelowUncorrected', correctedBelow);
  put('open.validLevels', result.targets.reduce((n, t) => n + t.validOpenLevels, 0));
  return facts;
}
