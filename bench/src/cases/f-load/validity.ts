/**
 * Case F's rules, as pure functions over per-run figures (tested with exact values): when a level
 * counts, what a target's capacity is and what set it, and whether p99 falls as load rises.
 * A level counts only if, in every run, the client used at most maxClientCpuPercent of a core, failed
 * plus dropped calls were at most maxFailedPercent, and (open loop) the scheduler lag p99 was at most
 * the target's unloaded p50; and (open loop) its target rate is at most generatorLimitFraction × the
 * generator's ceiling.
 */
import { departsBeyondNoise, differBeyondNoise } from '../../harness/noise.ts';
import { median, medianInterval } from '../../harness/stats.ts';
import type { Figure, PeerRow, Reason, ReasonCode, Validity } from './schema.ts';

/** The limits of the rules. */
export interface ValidityLimits {
  /** % of one core. */
  maxClientCpuPercent: number;
  /** % of calls. */
  maxFailedPercent: number;
}

/** What one run of a level shows for the rules. */
export interface RunCheck {
  clientCpuPercent: number;
  failedPercent: number;
  /** Open loop only: the scheduler's clock lag p99 (its own lateness, not the wait for a connection), µs. */
  lagP99Us?: number;
}

/**
 * The validity of a level from its runs.
 * @param lagLimitUs the target's unloaded p50, µs (open loop; undefined for the closed loop).
 * @param generatorLimit open loop: { targetPerSec, limitPerSec } (limit = fraction × ceiling); undefined for the closed loop.
 */
export function levelValidity(
  runs: readonly RunCheck[],
  limits: ValidityLimits,
  lagLimitUs?: number,
  generatorLimit?: { targetPerSec: number; limitPerSec: number },
): Validity {
  const reasons: Reason[] = [];
  const check = (code: ReasonCode, value: (r: RunCheck) => number | undefined, limit: number) => {
    const bad = runs.map((r, i) => ({ v: value(r), run: i + 1 })).filter((x) => x.v !== undefined && x.v > limit);
    if (bad.length > 0) reasons.push({ code, runs: bad.map((b) => b.run), value: Math.max(...bad.map((b) => b.v!)), limit });
  };
  check('client-cpu', (r) => r.clientCpuPercent, limits.maxClientCpuPercent);
  if (lagLimitUs !== undefined) check('scheduler-lag', (r) => r.lagP99Us, lagLimitUs);
  check('failures', (r) => r.failedPercent, limits.maxFailedPercent);
  if (generatorLimit && generatorLimit.targetPerSec > generatorLimit.limitPerSec) {
    reasons.push({ code: 'generator-limited', runs: [], value: generatorLimit.targetPerSec, limit: generatorLimit.limitPerSec });
  }
  return { valid: reasons.length === 0, reasons };
}

/** The median of per-run values and its interval (the rule of cases A–D: harness/stats medianInterval). */
export function figureOf(values: readonly number[]): Figure {
  const i = medianInterval(values);
  return { median: median(values), low: i.low, high: i.high };
}

/** A closed-loop level as the capacity rule sees it. */
export interface CapacityLevel {
  concurrency: number;
  callsPerSec: number;
  valid: boolean;
  /** It broke the client-CPU rule. */
  clientBound: boolean;
}

/**
 * A target's capacity: the highest throughput among valid closed-loop levels. It was set by the
 * generator when a level with more callers was invalid because the client used too much CPU (the
 * measurement could not go further); otherwise by the service. With no valid level, the highest
 * throughput of any level, marked fromValidLevel false.
 * @throws RangeError when there are no levels.
 */
export function capacityOf(levels: readonly CapacityLevel[]): { perSec: number; concurrency: number; setBy: 'service' | 'generator'; fromValidLevel: boolean } {
  if (levels.length === 0) throw new RangeError('capacity of no levels');
  const valid = levels.filter((l) => l.valid);
  const pool = valid.length > 0 ? valid : levels;
  const best = pool.reduce((a, b) => (b.callsPerSec > a.callsPerSec ? b : a));
  const generatorStopped = levels.some((l) => l.concurrency > best.concurrency && l.clientBound);
  return { perSec: best.callsPerSec, concurrency: best.concurrency, setBy: generatorStopped ? 'generator' : 'service', fromValidLevel: valid.length > 0 };
}

/**
 * True when no level's p99 is measurably below that of a level with less offered load: for every
 * pair i < j (ascending load), p99 high of j ≥ p99 low of i. Levels in order of offered load.
 */
export function p99NeverFalls(levels: readonly { p99Us: Figure }[]): boolean {
  for (let i = 0; i < levels.length; i++) {
    for (let j = i + 1; j < levels.length; j++) if (levels[j]!.p99Us.high < levels[i]!.p99Us.low) return false;
  }
  return true;
}

/**
 * The p-th percentile of how late a scheduler that never slept would have been, for a call due at a
 * uniformly random moment of a window of `totalUs` in which the thread did not run during the stalls
 * `gapsUs`: a call due inside a stall waits for the rest of it, any other call is on time. So
 * P(late > x) = Σ max(0, g − x) ÷ total, and the result is the smallest x ≥ 0 at which that is at most
 * 1 − p/100 (0 when the stalls are shorter in all than that share of the window). µs.
 * E.g. one stall of 100 µs in 1,000 µs: p99 is 90 µs (calls due in its first 10 µs wait longer).
 * @throws RangeError when totalUs is not positive or p is outside 0–100.
 */
export function residualLatenessUs(gapsUs: readonly number[], totalUs: number, p: number): number {
  if (!(totalUs > 0) || !(p >= 0 && p <= 100)) throw new RangeError(`residualLatenessUs: total ${totalUs} µs, p ${p}`);
  const allowedUs = (1 - p / 100) * totalUs;
  const desc = [...gapsUs].sort((a, b) => b - a);
  // With the k longest stalls above x: Σ(g_i − x) = allowed, so x = (Σ g_i − allowed) ÷ k, valid when it
  // lies between the k+1-th stall and the k-th.
  let sum = 0;
  for (let k = 1; k <= desc.length; k++) {
    sum += desc[k - 1]!;
    const x = (sum - allowedUs) / k;
    if (x >= (desc[k] ?? 0) && x <= desc[k - 1]!) return Math.max(0, x);
  }
  return 0;
}

/**
 * Which runs' machine floors break a target's lag rule: `floor`, the runs (1-based) in which the clock
 * alone woke later at p99 than the target's unloaded p50 (null when the wake-up floor was not measured);
 * `stalls`, those in which even a never-sleeping scheduler would have been that late (the stall probe;
 * null when not measured). The report's warnings and the page's words both read it.
 */
export function machineLagFloors(
  result: { wakeFloor?: { runs: readonly { p99Us: number }[] }; stallFloor?: { runs: readonly { lateP99Us: number }[] } },
  unloadedP50Us: number,
): { floor: number[] | null; stalls: number[] | null } {
  const over = (values: readonly number[]) => values.flatMap((v, k) => (v > unloadedP50Us ? [k + 1] : []));
  return {
    floor: result.wakeFloor ? over(result.wakeFloor.runs.map((r) => r.p99Us)) : null,
    stalls: result.stallFloor ? over(result.stallFloor.runs.map((r) => r.lateP99Us)) : null,
  };
}

/**
 * True when a ceiling run (the closed loop against the trivial responder) reached the generator's own
 * limit: its client used at least `maxClientCpuPercent` of a core (the rule a level must stay under). In a
 * run where the client used less, the responder's side or the machine stopped it first, and its calls/s
 * are only a lower bound of what the generator can send.
 */
export function ceilingRunBound(run: { clientCpuPercent: number }, maxClientCpuPercent: number): boolean {
  return run.clientCpuPercent >= maxClientCpuPercent;
}

/**
 * True when the trivial responder was busy in a ceiling run: it used at least SERVICES_SATURATED_PERCENT
 * of one core (it is one Node thread, so one core is all it can use). In a run the generator also bound
 * (ceilingRunBound), either may have stopped it, so that run's calls/s are a lower bound of the
 * generator's own limit.
 */
export function ceilingResponderBusy(run: { responderCpuPercent: number }): boolean {
  return run.responderCpuPercent >= SERVICES_SATURATED_PERCENT;
}

/** The calls/s of the ceiling runs that reached the generator's own limit (ceilingRunBound), in run order. */
export function boundCeilingPerSec(ceilingRuns: readonly { callsPerSec: number; clientCpuPercent: number }[], maxClientCpuPercent: number): number[] {
  return ceilingRuns.filter((r) => ceilingRunBound(r, maxClientCpuPercent)).map((r) => r.callsPerSec);
}

/**
 * True when a capacity may be the generator's own ceiling rather than the service's: the capacity level's
 * per-run calls/s and the calls/s of the ceiling runs that reached the generator's limit (ceilingRunBound)
 * show no measurable difference by the one noise rule (harness/noise.ts), or the capacity is at or above
 * their median. With a single run on either side (no spread to judge), within 10% of that median. False
 * when no ceiling run reached the generator's limit: then nothing shows where that limit is.
 * @throws RangeError when `levelPerSec` is empty.
 */
export function capacityNearCeiling(
  levelPerSec: readonly number[],
  ceilingRuns: readonly { callsPerSec: number; clientCpuPercent: number }[],
  maxClientCpuPercent: number,
): boolean {
  if (levelPerSec.length === 0) throw new RangeError('capacity of no runs');
  const bound = boundCeilingPerSec(ceilingRuns, maxClientCpuPercent);
  if (bound.length === 0) return false;
  const differs = differBeyondNoise(levelPerSec, bound);
  const level = median(levelPerSec);
  const ceiling = median(bound);
  return differs === null ? level >= 0.9 * ceiling : !differs || level >= ceiling;
}

/**
 * The lag rule's figure for one open-loop run: its clock lag p99 (the scheduler's own lateness), µs; in
 * results written before clock lag was recorded, the send delay p99 (clock lag plus the wait for a
 * connection), which the rule read then.
 */
export function runClockLagP99Us(run: { clockLag?: { p99Us: number }; schedulerLag: { p99Us: number } }): number {
  return run.clockLag?.p99Us ?? run.schedulerLag.p99Us;
}

/** The same for a level across its runs: its clock lag p99 figure, or its send delay p99 in older results. */
export function levelClockLagP99Us(level: { clockLagP99Us?: Figure; lagP99Us: Figure }): Figure {
  return level.clockLagP99Us ?? level.lagP99Us;
}

/** The services' CPU, as a share of the CPUs they were pinned to, at or above which they are saturated, %. */
export const SERVICES_SATURATED_PERCENT = 90;

/**
 * True when a level's services were saturated: pinned apart from the generator, they used at least
 * SERVICES_SATURATED_PERCENT of the CPUs they had (`servicesCpuPercent` is their sum, % of one core). Then
 * the services, not the generator, set that level's throughput. False when they were not pinned (they
 * shared cores with the generator, so their share says nothing of who waited for whom).
 */
export function servicesSaturated(servicesCpuPercent: number, placement: { pinned: boolean; serviceCpus: readonly number[] }): boolean {
  return placement.pinned && placement.serviceCpus.length > 0 && servicesCpuPercent >= SERVICES_SATURATED_PERCENT * placement.serviceCpus.length;
}

/** The peer check's target (issue 18): this generator's closed loop reaches at least 0.9× autocannon's calls/s. */
export const PEER_TARGET_RATIO = 0.9;

/**
 * Where this generator stands against autocannon at one concurrency, by the one noise rule:
 * - 'same': the rounds' ratios (this generator ÷ autocannon, one per round) have an interval
 *   (harness/noise departsBeyondNoise) that includes 1: no measurable difference, whatever the median;
 * - otherwise, by the median ratio: 'near' within 1 − PEER_TARGET_RATIO of 1 (the target is met),
 *   'slower' below that band (the target is missed: the generator may be what is measured), 'faster' above it.
 * With one round (results written before rounds, or --peerRounds 1) there is no spread to judge, and the band alone decides.
 * Codes are the index in PEER_STANDINGS (the site's facts carry the index).
 */
export const PEER_STANDINGS = ['slower', 'near', 'same', 'faster'] as const;
/** One of PEER_STANDINGS. */
export type PeerStanding = (typeof PEER_STANDINGS)[number];

/** The ratio of each round (this generator ÷ autocannon; 0 when autocannon completed none); [row.ratio] for results written before rounds. */
export function peerRoundRatios(row: Pick<PeerRow, 'ratio' | 'rounds'>): number[] {
  return row.rounds ? row.rounds.map((x) => (x.autocannonPerSec > 0 ? x.benchPerSec / x.autocannonPerSec : 0)) : [row.ratio];
}

/** See PEER_STANDINGS. @throws RangeError when the row has no rounds. */
export function peerStanding(row: Pick<PeerRow, 'ratio' | 'rounds'>): PeerStanding {
  const ratios = peerRoundRatios(row);
  if (departsBeyondNoise(ratios, 1) === false) return 'same';
  if (Math.abs(row.ratio - 1) <= 1 - PEER_TARGET_RATIO) return 'near';
  return row.ratio < 1 ? 'slower' : 'faster';
}

/**
 * The other valid closed-loop levels that the capacity level (the highest median, capacityOf) is not
 * measurably above. Every level runs once in each run, one after another, so they are compared paired
 * run by run, as cases C and B and variants G2 and G3 are: run k's calls/s at the capacity level ÷ run
 * k's at the other level, and the other level ties when the interval of those ratios includes 1 (the one
 * noise rule for paired figures, harness/noise departsBeyondNoise). A machine that slows down for a
 * whole run moves both figures of that run, so pairing keeps it out of the comparison. Levels that do
 * not count are left out, as they are from the capacity.
 * @param levels each closed level: its concurrency, whether it counts, and its runs' calls/s in run order.
 * @returns the tied levels' concurrencies, ascending (empty when the capacity level is measurably above every
 *   other valid level, or is the only one); null when there is another valid level but fewer than two
 *   runs pair with it (no spread to judge).
 * @throws RangeError when no level has `capacityConcurrency`.
 */
export function capacityTies(levels: readonly { concurrency: number; valid: boolean; perSec: readonly number[] }[], capacityConcurrency: number): number[] | null {
  const best = levels.find((l) => l.concurrency === capacityConcurrency);
  if (!best) throw new RangeError(`no closed level with c=${capacityConcurrency}`);
  const others = levels.filter((l) => l.valid && l !== best);
  const verdicts = others.map((l) => {
    const n = Math.min(best.perSec.length, l.perSec.length);
    const ratios = Array.from({ length: n }, (_, k) => (l.perSec[k]! > 0 ? best.perSec[k]! / l.perSec[k]! : Number.POSITIVE_INFINITY));
    return { c: l.concurrency, differs: n < 2 ? null : departsBeyondNoise(ratios, 1) };
  });
  if (verdicts.some((v) => v.differs === null)) return null;
  return verdicts.filter((v) => v.differs === false).map((v) => v.c).sort((a, b) => a - b);
}

/** capacityTies for one target's closed levels and capacity, as the report and the site's facts read it. */
export function capacityTiesOf(t: { closed: readonly { concurrency: number; validity: Validity; runs: readonly { callsPerSec: number }[] }[]; capacity: { concurrency: number } }): number[] | null {
  return capacityTies(t.closed.map((l) => ({ concurrency: l.concurrency, valid: l.validity.valid, perSec: l.runs.map((r) => r.callsPerSec) })), t.capacity.concurrency);
}
