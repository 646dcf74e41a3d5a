/** Case F's section of the text report, and its warnings (each with a remedy). */
import { reasonText, type Figure, type LoadConfig, type LoadResult, type Validity } from './schema.ts';
import { noisySpread } from '../../harness/noise.ts';
import { capacityNearCeiling, capacityTiesOf, ceilingRunBound, figureOf, levelClockLagP99Us, machineLagFloors, PEER_TARGET_RATIO, peerRoundRatios, peerStanding, servicesSaturated } from './validity.ts';

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const pct = (n: number) => `${Math.round(n)}%`;
const range = (f: Figure, fmt = int) => `${fmt(f.median)} [${fmt(f.low)}–${fmt(f.high)}]`;
const mark = (v: Validity) => (v.valid ? 'valid' : `INVALID: ${v.reasons.map(reasonText).join('; ')}`);

/** Case F's report section: lines without trailing newlines. */
export function formatLoadReport(result: LoadResult, config: LoadConfig): string[] {
  const p = result.placement;
  const lines: string[] = [
    `  placement: ${p.pinned ? `generator pinned to CPU ${p.clientCpus.join(',')}, services to CPU ${p.serviceCpus.join(',')} (taskset)` : `not pinned: ${p.reason}`}; ${result.cores} cores`,
    `  generator: raw sockets, pre-serialised HTTP/1.1 requests, keep-alive; open loop sleeps on a ${config.schedulerGranularityMs} ms grid (clock thread, ${config.clockSpinUs} µs spin before each tick), ${config.arrival} arrivals (seed ${config.arrivalSeed}) over ${config.openConnections} connections`,
    `  generator ceiling (closed loop, c=${result.ceiling.concurrency}, trivial responder): ${range(result.ceiling.perSec)} calls/s, client CPU ${result.ceiling.runs.map((r) => pct(r.clientCpuPercent)).join(', ')}, responder CPU ${result.ceiling.runs.map((r) => pct(r.responderCpuPercent)).join(', ')}; open levels above ${int(config.generatorLimitFraction * result.ceiling.perSec.low)} calls/s (half the slowest run's) are generator-limited`,
    ...unboundCeilingLine(result, config),
    `  ${result.runs} run${result.runs === 1 ? '' : 's'} per level, medians with ${Math.round(result.confidencePercent)}% intervals [low–high]; a level counts if client CPU ≤ ${config.maxClientCpuPercent}% of a core, failed + dropped ≤ ${config.maxFailedPercent}%, and (open loop) scheduler lag p99 ≤ the unloaded p50, in every run`,
    '',
    ...wakeFloorLines(result),
    ...stallFloorLines(result),
    `  peer check, autocannon ${result.autocannonVersion} vs this generator's closed loop, same service and request, ${peerRounds(result)} ${result.peer[0]?.seconds ?? 0} s each (medians; target ${PEER_TARGET_RATIO.toFixed(2)}× or more; slower or faster only when the rounds' ratios leave 1 out of their interval):`,
    '  ' + ['c', 'autocannon/s', 'this/s', 'ratio', 'errors'].map((h, i) => (i === 0 ? h.padEnd(4) : h.padStart(14))).join('') + '  ratio per round',
    ...result.peer.map((r) => '  ' + [String(r.concurrency).padEnd(4), int(r.autocannonPerSec).padStart(14), int(r.benchPerSec).padStart(14), `${r.ratio.toFixed(2)}×`.padStart(14), String(r.errors).padStart(14)].join('') +
      `  ${(r.rounds ?? []).map((x) => (x.autocannonPerSec > 0 ? x.benchPerSec / x.autocannonPerSec : 0).toFixed(2)).join(' ')}`),
  ];
  for (const t of result.targets) {
    const sockets = t.closed[0]?.relaySockets;
    lines.push('', `  ${t.id === 'hop' ? 'one hop (keep-alive)' : 'chain of three hops'}: closed loop${typeof sockets === 'number' ? ` (each relay keeps a pool of ${sockets} sockets to the next service)` : ''}`);
    lines.push('  ' + ['c', 'calls/s', 'p50 µs', 'p99 µs', 'L=X·W', 'client CPU', 'services CPU'].map((h, i) => (i === 0 ? h.padEnd(4) : h.padStart(i === 1 ? 26 : 13))).join('') + '  validity');
    for (const l of t.closed) {
      lines.push('  ' + [String(l.concurrency).padEnd(4), range(l.callsPerSec).padStart(26), int(l.p50Us.median).padStart(13), int(l.p99Us.median).padStart(13), l.littleL.toFixed(1).padStart(13),
        pct(l.clientCpuPercent.median).padStart(13), pct(l.servicesCpuPercent.median).padStart(13)].join('') + `  ${mark(l.validity)}`);
    }
    const level = t.closed.find((l) => l.concurrency === t.capacity.concurrency);
    const atCeiling = level && capacityNearCeiling(level.runs.map((r) => r.callsPerSec), result.ceiling.runs, config.maxClientCpuPercent)
      ? "; within the noise of the generator's own ceiling, so the generator may have set it" : '';
    const busy = level && servicesSaturated(level.servicesCpuPercent.median, result.placement) ? `; the services used ${pct(level.servicesCpuPercent.median)} of a core there: saturated, so they set it` : '';
    const ties = t.capacity.fromValidLevel ? capacityTiesOf(t) : [];
    const tied = ties === null ? ', one run: not judged against the other levels' : ties.length > 0 ? `, not measurably above c=${ties.join(', c=')} (paired by run, the ratios' interval holds 1)` : '';
    lines.push(`  capacity ${int(t.capacity.perSec)} calls/s at c=${t.capacity.concurrency} (the highest valid closed level${tied}; ${t.capacity.setBy === 'generator' ? (busy ? 'the next level broke the client-CPU rule, so it does not count' : 'the next level broke the client-CPU rule, so the generator set it') : 'no level with more callers broke the client-CPU rule'}${busy}${atCeiling})${t.capacity.fromValidLevel ? '' : ' (NO valid closed-loop level: taken from an invalid one)'}; unloaded p50 ${int(t.unloadedP50Us)} µs`);
    lines.push(`  open loop at fractions of the capacity; latency from intended send (uncorrected: from actual send); p99 of clock lag (the scheduler's own lateness, which the lag rule reads) and of send delay (clock lag plus the wait for a free connection)`);
    lines.push('  ' + ['load', 'target/s', 'ok/s', 'p50 µs', 'p99 µs', 'uncorr p99', 'clock lag', 'send delay', 'failed', 'client CPU'].map((h, i) => (i === 0 ? h.padEnd(6) : h.padStart(i === 4 ? 26 : 11))).join('') + '  validity');
    for (const l of t.open) {
      lines.push('  ' + [pct(l.fraction * 100).padEnd(6), int(l.targetPerSec).padStart(11), int(l.okPerSec.median).padStart(11), int(l.p50Us.median).padStart(11), range(l.p99Us).padStart(26),
        int(l.uncorrectedP99Us.median).padStart(11), int(levelClockLagP99Us(l).median).padStart(11), int(l.lagP99Us.median).padStart(11), `${l.failedPercent.median.toFixed(1)}%`.padStart(11), pct(l.clientCpuPercent.median).padStart(11)].join('') + `  ${mark(l.validity)}`);
    }
    lines.push(t.validOpenLevels === 0 ? '  valid open levels: none' : t.validOpenLevels === 1 ? '  valid open levels: 1 (too few for a trend)'
      : `  valid open levels: ${t.validOpenLevels}; their p99 ${t.p99NeverFalls ? 'never falls' : 'FALLS'} as offered load rises (within intervals)`);
  }
  return lines;
}

/** The ceiling runs the generator did not limit, when there are any: their figures are lower bounds. */
function unboundCeilingLine(result: LoadResult, config: LoadConfig): string[] {
  const runs = result.ceiling.runs.flatMap((r, k) => (ceilingRunBound(r, config.maxClientCpuPercent) ? [] : [k + 1]));
  if (runs.length === 0) return [];
  const which = runs.length === result.ceiling.runs.length ? (runs.length === 1 ? 'in its run' : 'in every run') : `in run${runs.length === 1 ? '' : 's'} ${runs.join(', ')}`;
  return [`  ${which} the client used under ${config.maxClientCpuPercent}% of a core against the responder: the generator was not what stopped it there, so the ceiling is a lower bound and the limit is cautious`];
}

/** "3 alternating rounds of" or "one pass of" (results written before rounds). */
function peerRounds(result: LoadResult): string {
  const n = result.peer[0]?.rounds?.length ?? 1;
  return n === 1 ? 'one pass of' : `${n} alternating rounds of`;
}

/** The wake-up floor's line (none for results written before it). */
function wakeFloorLines(result: LoadResult): string[] {
  const w = result.wakeFloor;
  if (!w) return [];
  const steals = w.runs.map((r) => r.stealPercent);
  const steal = steals.every((x) => typeof x === 'number') ? `; steal time ${steals.map((x) => `${x!.toFixed(1)}%`).join(', ')}` : '';
  return [`  wake-up floor (the clock alone, no calls, ${int(w.ratePerSec)} wake-ups/s, before each run's open levels): lag p50 ${int(w.lagP50Us.median)} µs, p99 ${range(w.lagP99Us)} µs${steal}; ${w.cpuIdle ?? 'idle CPU policy unknown'}`, ''];
}

/** The stall probe's line (none for results written before it). */
function stallFloorLines(result: LoadResult): string[] {
  const s = result.stallFloor;
  if (!s) return [];
  return [
    `  stall probe (a thread that never sleeps, on the generator's core, ${int(s.runs[0]!.measuredMs)} ms before each run's open levels; a gap over ${int(s.thresholdUs)} µs between clock readings is a stall): ` +
      `stalled ${s.runs.map((r) => `${r.stalledPercent.toFixed(2)}%`).join(', ')} of the time, longest ${s.runs.map((r) => int(r.maxUs)).join(', ')} µs; ` +
      `a never-sleeping scheduler's lateness p99 ${range(s.lateP99Us)} µs`,
    '',
  ];
}

/**
 * The warning when the machine itself, run by run, was later than a target's unloaded p50: the runs in
 * which even the stall probe was (no scheduler can beat it), then the other runs in which the wake-up
 * floor was (a sleeping clock). `everyRun` when those runs are all of them. Null when there are none.
 */
function machineFloorWarning(result: LoadResult, t: LoadResult['targets'][number]): { line: string; everyRun: boolean } | null {
  const { floor, stalls } = machineLagFloors(result, t.unloadedP50Us);
  const n = result.runs;
  const inRuns = (rs: number[]) => (rs.length === n ? (n === 1 ? 'in its run' : 'in every run') : `in run${rs.length === 1 ? '' : 's'} ${rs.join(', ')} of ${n}`);
  // Only the runs meant, each named: "run 1: 227 µs, run 3: 55 µs" (one run: "227 µs").
  const byRun = (values: number[], rs: number[]) => (n === 1 ? `${int(values[0]!)} µs` : rs.map((r) => `run ${r}: ${int(values[r - 1]!)} µs`).join(', '));
  const p50 = `the ${t.id}'s unloaded p50 (${int(t.unloadedP50Us)} µs)`;
  const parts: string[] = [];
  const stallRuns = stalls ?? [];
  if (stallRuns.length > 0) {
    const s = result.stallFloor!;
    const those = stallRuns.length === n ? (n === 1 ? 'this run' : 'any run') : stallRuns.length === 1 ? 'that run' : 'those runs';
    parts.push(`${inRuns(stallRuns)} even a thread that never slept, on the generator's core, would have been later at p99 (${byRun(s.runs.map((r) => r.lateP99Us), stallRuns)}) than ${p50}: the machine stopped it for up to ${int(Math.max(...s.runs.map((r) => r.maxUs)))} µs at a time. While the machine pauses like that, no scheduler, sleeping or spinning, can meet the scheduler-lag rule, so a scheduler-lag mark in ${those} can be the machine's alone. Run on a quieter machine, or one with dedicated cores.`);
  }
  const sleeping = (floor ?? []).filter((r) => !stallRuns.includes(r));
  if (sleeping.length > 0) {
    const w = result.wakeFloor!;
    const why = stalls
      ? ` A thread that never slept stayed within it ${sleeping.length === 1 && n > 1 ? 'in that run' : sleeping.length === n ? inRuns(sleeping) : 'in those runs'} (p99 ${byRun(result.stallFloor!.runs.map((r) => r.lateP99Us), sleeping)}), so the lateness comes from sleeping: the clock thread waking (${w.cpuIdle ?? 'idle CPU policy unknown'}).`
      : ` The bench does not measure why; other work on the machine (steal time on a VM) and CPUs that halt when idle both make a sleeping thread wake late (${w.cpuIdle ?? 'idle CPU policy unknown'}).`;
    parts.push(`${inRuns(sleeping)} the clock alone, with no calls to send, woke later at p99 (${byRun(w.runs.map((r) => r.p99Us), sleeping)}) than ${p50}, so its open-loop levels are unlikely to pass the scheduler-lag rule ${sleeping.length === n ? 'here' : sleeping.length === 1 ? 'in that run' : 'in those runs'}.${why}`);
  }
  if (parts.length === 0) return null;
  const sentences = parts.map((p, i) => (i === 0 ? p : p.charAt(0).toUpperCase() + p.slice(1)));
  return { line: `${t.id}: ${sentences.join(' ')}`, everyRun: stallRuns.length + sleeping.length === n };
}

/** Warnings with a remedy each. */
export function loadWarnings(result: LoadResult): string[] {
  const out: string[] = [];
  if (!result.placement.pinned) out.push(`it ran unpinned (${result.placement.reason}): the generator and the services took turns on the same cores; on Linux with ≥ 2 CPUs and taskset (util-linux) it pins them apart.`);
  for (const t of result.targets) {
    const machine = machineFloorWarning(result, t);
    if (machine) out.push(machine.line);
    // When the machine's own floor breaks the lag rule in every run, closing other work does not help.
    const remedy = machine?.everyRun ? '' : ' Close other work on this machine to lower the client\'s CPU and the scheduler\'s lag, and run again.';
    const invalid = [...t.closed.filter((l) => !l.validity.valid).map((l) => `c=${l.concurrency}`), ...t.open.filter((l) => !l.validity.valid).map((l) => `${Math.round(l.fraction * 100)}%`)];
    if (invalid.length > 0) out.push(`${t.id}: ${invalid.length === 1 ? 'one level' : `${invalid.length} levels`} did not count (${invalid.join(', ')}); the report gives each reason. They stay in the results and the table and are used by no sentence or chart.${remedy}`);
    if (!t.capacity.fromValidLevel) out.push(`${t.id}: no closed-loop level was valid, so its capacity (and the open loop's rates) come from an invalid level; run on a quieter machine.`);
    else {
      const line = capacitySpreadWarning(t);
      if (line) out.push(line);
    }
    if (t.validOpenLevels === 0) out.push(`${t.id}: no open-loop level counted, so there is no latency-against-load curve.${remedy}`);
    else if (t.validOpenLevels < 4) out.push(`${t.id}: only ${t.validOpenLevels === 1 ? 'one open-loop level' : `${t.validOpenLevels} open-loop levels`} counted; the latency-against-load curve is thin.${remedy}`);
  }
  const ceiling = ceilingSpreadWarning(result.ceiling);
  if (ceiling) out.push(ceiling);
  for (const r of result.peer) {
    const line = peerWarning(r);
    if (line) out.push(line);
  }
  return out;
}

/**
 * When the generator's ceiling varies between runs by more than NOISY_CV_PERCENT (the same rule as the
 * capacity level's and the reference cases'), a warning: the generator-limited mark reads the slowest
 * run's ceiling. Undefined with one run or a spread within the limit.
 */
export function ceilingSpreadWarning(ceiling: LoadResult['ceiling']): string | undefined {
  const s = noisySpread(ceiling.runs.map((r) => r.callsPerSec));
  if (!s) return undefined;
  return `the generator's ceiling (c=${ceiling.concurrency}, trivial responder) varied between runs by a ${s.cvPercent.toFixed(0)}% coefficient of variation (${int(s.min)}–${int(s.max)} calls/s), and the generator-limited mark reads its slowest run: close other programs, or raise --runs.`;
}

/**
 * When the capacity level's calls/s vary between runs by more than the reference cases' NOISY_CV_PERCENT
 * (harness/noise, the same coefficient of variation, stats.spread), a warning: the open loop's rates
 * are fractions of that level's median, so they rest on a figure the runs did not agree on. Undefined
 * with one run or a spread within the limit.
 */
export function capacitySpreadWarning(t: LoadResult['targets'][number]): string | undefined {
  const level = t.closed.find((l) => l.concurrency === t.capacity.concurrency);
  const s = level && noisySpread(level.runs.map((r) => r.callsPerSec));
  if (!s) return undefined;
  return `${t.id}: the capacity level's throughput (c=${level.concurrency}) varied between runs by a ${s.cvPercent.toFixed(0)}% coefficient of variation (${int(s.min)}–${int(s.max)} calls/s), and the open loop's rates are fractions of its median: close other programs, or raise --runs.`;
}

/**
 * The peer check's warning for one concurrency, by rules.peerStanding (the predicate the page's words
 * read): 'slower' is said as slower; a median under the target whose rounds show no measurable difference
 * is said as that, never as slower. Undefined when there is nothing to say.
 */
export function peerWarning(r: LoadResult['peer'][number]): string | undefined {
  const ratios = peerRoundRatios(r);
  const range = () => {
    const i = figureOf(ratios);
    return `${i.low.toFixed(2)}–${i.high.toFixed(2)}`;
  };
  const x = (n: number) => `${n.toFixed(2)}×`;
  const target = `the target is ${x(PEER_TARGET_RATIO)} or more`;
  const longer = 'run `npm run bench:peer` for a longer comparison';
  const standing = peerStanding(r);
  if (standing === 'slower') {
    const found = ratios.length > 1
      ? `this generator was measurably slower than autocannon at c=${r.concurrency}: ${x(r.ratio)} of its calls/s at the median, and all ${ratios.length} rounds' ratios below 1 (${range()}); ${target}`
      : `this generator reached ${x(r.ratio)} of autocannon's calls/s at c=${r.concurrency} in a single round, under the target of ${x(PEER_TARGET_RATIO)} (one round has no spread to judge a difference by)`;
    return `${found}. At that concurrency it may measure itself more than the service: close other work on this machine and ${longer}.`;
  }
  if (standing === 'same' && r.ratio < PEER_TARGET_RATIO) {
    return `at c=${r.concurrency} the median of the rounds' ratios to autocannon, ${x(r.ratio)}, is under the target (${x(PEER_TARGET_RATIO)}), but the ${ratios.length} rounds ran ${range()}, a range that includes 1: no measurable difference from autocannon. To narrow the range, ${longer}.`;
  }
  return undefined;
}
