/**
 * Case F's schemas: its configuration and result, every field documented, units in the names. Public
 * for the site as "./cases/f-load" (types LoadConfig, LoadResult, and the reason texts).
 */
import { z } from 'zod';
import { ProbeSchema } from './probes.ts';
import { LatencySummarySchema } from './recorder.ts';

const positiveInt = z.number().int().positive();

/** How long a level's measured window is: until it holds minCalls calls and minMeasureMs, or maxMeasureMs. */
const WindowSchema = z.object({
  /** Calls before the window, not recorded, ms. */
  warmupMs: z.number().int().nonnegative(),
  /** Calls a window holds at least (the rule: ≥ 10,000 calls or ≥ 5 s)… */
  minCalls: positiveInt,
  /** …and ms it lasts at least… */
  minMeasureMs: positiveInt,
  /** …unless it reaches this length first, ms. */
  maxMeasureMs: positiveInt,
});

/** Parameters of case F. */
export const LoadConfigSchema = z.object({
  /** Closed-loop levels: concurrent callers, each with its own kept-alive connection; must include 1 (the unloaded reference). */
  concurrency: z.array(positiveInt).min(1).refine((c) => c.includes(1), { message: 'must include 1: the unloaded level the open loop is compared with' }),
  /** Closed-loop windows (and the ceiling's). */
  closed: WindowSchema,
  /** Open-loop levels as fractions of each target's capacity (highest valid closed-loop throughput), ascending. */
  openFractions: z.array(z.number().positive()).min(1),
  /** Open-loop windows: long enough for about minCalls × 1.05 due calls, within [minMeasureMs, maxMeasureMs]. */
  open: WindowSchema,
  /** The open-loop scheduler's grid, ms: it wakes at most once per tick and sends every call due by then. */
  schedulerGranularityMs: z.number().positive(),
  /** How long before a tick the clock thread stops sleeping and reads the clock instead, µs. */
  clockSpinUs: z.number().nonnegative(),
  /** Open loop: kept-alive connections, opened before each level; a due call waits in the client for a free one. */
  openConnections: positiveInt,
  /** Open loop: calls waiting or on the wire at most; a call due beyond it is dropped and counted. */
  inFlightCap: positiveInt,
  /** Open-loop arrival process: "poisson" (exponential gaps, seeded) or "uniform". */
  arrival: z.enum(['poisson', 'uniform']),
  /** mulberry32 seed of the arrival process (each level and run adds to it). */
  arrivalSeed: z.number().int(),
  /** A call on the wire longer than this fails as "timeout", ms. */
  callTimeoutMs: positiveInt,
  /** Pause between levels, ms. */
  pauseBetweenLevelsMs: z.number().int().nonnegative(),
  /** The generator's ceiling: its closed loop at this concurrency against the trivial responder. */
  ceilingConcurrency: positiveInt,
  /** The peer comparison: autocannon and this closed loop at these concurrencies, against the hop's service. */
  peerConcurrency: z.array(positiveInt).min(1),
  /** Seconds each tool runs per round at each peer concurrency. */
  peerSeconds: z.number().positive(),
  /** Alternating rounds per peer concurrency (machine drift hits both tools alike); 1 in configs written before rounds. */
  peerRounds: positiveInt.default(1),
  /** Validity: a level counts only if the client used at most this % of one core in every run. */
  maxClientCpuPercent: z.number().positive(),
  /** Validity: …and failed plus dropped calls were at most this % of the calls due (or sent), in every run. */
  maxFailedPercent: z.number().nonnegative(),
  /** An open level whose target rate is above this fraction of the generator's ceiling is generator-limited. */
  generatorLimitFraction: z.number().positive().max(1),
  /** Pin the client to one CPU and the services to the others, where taskset and ≥ 2 CPUs allow. */
  pin: z.boolean(),
  /** The wake-up floor (wake-floor.ts), once per run: the clock alone at this rate, ms windows. Absent in configs written before it. */
  wakeFloor: z.object({ ratePerSec: z.number().positive(), warmupMs: z.number().int().nonnegative(), measureMs: positiveInt }).optional(),
  /** The stall probe (stall-probe.ts), once per run: spin this long, ms; a gap over thresholdUs is a stall. Absent in configs written before it. */
  stallProbe: z.object({ measureMs: positiveInt, thresholdUs: z.number().positive() }).optional(),
});
/** Case F's parameters. */
export type LoadConfig = z.infer<typeof LoadConfigSchema>;

/** A figure across runs: the median and its interval (harness/stats medianInterval: min–max for 3 runs). */
export const FigureSchema = z.object({
  median: z.number(),
  low: z.number(),
  high: z.number(),
});
/** A figure across runs. */
export type Figure = z.infer<typeof FigureSchema>;

/** Why a level does not count. */
export const ReasonCodeSchema = z.enum(['client-cpu', 'scheduler-lag', 'failures', 'generator-limited']);
/** A reason code. */
export type ReasonCode = z.infer<typeof ReasonCodeSchema>;

/** One broken rule of one level. */
export const ReasonSchema = z.object({
  code: ReasonCodeSchema,
  /** Runs (1-based) in which it broke; empty for generator-limited (a property of the level's target rate). */
  runs: z.array(positiveInt),
  /** The worst value over those runs, in the rule's unit (% of a core, µs, % of calls, calls/s). */
  value: z.number(),
  /** The rule's limit, same unit. */
  limit: z.number(),
});
/** One broken rule. */
export type Reason = z.infer<typeof ReasonSchema>;

/** Whether a level counts, and why not. */
export const ValiditySchema = z.object({
  valid: z.boolean(),
  reasons: z.array(ReasonSchema),
});
/** A level's validity. */
export type Validity = z.infer<typeof ValiditySchema>;

const errorCounts = z.record(z.string(), z.number().int().positive());

/** One run of one closed-loop level. */
export const ClosedRunSchema = z.object({
  /** Measured window, ms. */
  windowMs: z.number().nonnegative(),
  /** Successful calls completed in the window per second. */
  callsPerSec: z.number().nonnegative(),
  /** Latency of successful calls sent in the window, µs (HDR). */
  latency: LatencySummarySchema,
  /** Calls sent in the window. */
  sent: z.number().int().nonnegative(),
  /** Failed calls by kind ("timeout", "ECONNRESET", "http 502", …). */
  errors: errorCounts,
  /** Failed calls, % of calls sent. */
  failedPercent: z.number().nonnegative(),
  /** Client, services and event loop over the window. */
  probe: ProbeSchema,
});

/** One closed-loop level over its runs. */
export const ClosedLevelSchema = z.object({
  /** Concurrent callers. */
  concurrency: positiveInt,
  /**
   * Each relay's socket pool to the next service at this level (the chain; null for the hop, which has
   * no relay). At least `concurrency`, so the pool does not serialise the callers. Absent in results
   * from before relays had a pool (they had one socket).
   */
  relaySockets: positiveInt.nullable().optional(),
  runs: z.array(ClosedRunSchema).min(1),
  /** Across runs: calls/s, latency µs, client CPU % of a core, services' CPU (sum) % of a core. */
  callsPerSec: FigureSchema,
  p50Us: FigureSchema,
  p99Us: FigureSchema,
  p999Us: FigureSchema,
  meanUs: FigureSchema,
  clientCpuPercent: FigureSchema,
  servicesCpuPercent: FigureSchema,
  /** Little's law: median calls/s × median mean latency (s); close to `concurrency`. */
  littleL: z.number().nonnegative(),
  validity: ValiditySchema,
});

/** One run of one open-loop level. */
export const OpenRunSchema = z.object({
  /** Measured window (by intended send), ms. */
  windowMs: positiveInt,
  /** Calls due in the window. */
  due: z.number().int().nonnegative(),
  /** Calls due in the window dropped at the in-flight cap. */
  dropped: z.number().int().nonnegative(),
  /** Successful calls completed in the window per second. */
  okPerSec: z.number().nonnegative(),
  /** Latency from each call's intended send (its tick; corrected for coordinated omission), µs. */
  fromIntended: LatencySummarySchema,
  /** Latency from each call's actual send (uncorrected, as a naive load test reports), µs. */
  fromActual: LatencySummarySchema,
  /** Send delay, actual − intended send: the clock's lateness plus the wait for a free connection, µs. */
  schedulerLag: LatencySummarySchema,
  /**
   * Clock lag, wake-up − intended send of every call due: the scheduler's own lateness, without the wait
   * for a connection (which a saturated service causes), µs. The lag rule reads it. Absent in results
   * written before it, where the rule read the send delay.
   */
  clockLag: LatencySummarySchema.optional(),
  /** Failed calls by kind. */
  errors: errorCounts,
  /** Failed plus dropped calls, % of calls due. */
  failedPercent: z.number().nonnegative(),
  /** Most calls waiting or on the wire at once. */
  maxInFlight: z.number().int().nonnegative(),
  probe: ProbeSchema,
});

/** One open-loop level over its runs. */
export const OpenLevelSchema = z.object({
  /** Offered load, fraction of the target's capacity. */
  fraction: z.number().positive(),
  /** Target arrival rate, calls/s. */
  targetPerSec: z.number().positive(),
  runs: z.array(OpenRunSchema).min(1),
  okPerSec: FigureSchema,
  /** From intended send, µs. */
  p50Us: FigureSchema,
  p99Us: FigureSchema,
  /** p99 from actual send, µs. */
  uncorrectedP99Us: FigureSchema,
  /** Send delay p99 (clock lag plus the wait for a connection), µs. */
  lagP99Us: FigureSchema,
  /** Clock lag p99, µs: the figure the lag rule reads (absent in results written before it). */
  clockLagP99Us: FigureSchema.optional(),
  clientCpuPercent: FigureSchema,
  failedPercent: FigureSchema,
  /** Target rate above generatorLimitFraction × the generator's ceiling. */
  generatorLimited: z.boolean(),
  validity: ValiditySchema,
});

/** What set a target's capacity. */
export const CapacitySchema = z.object({
  /** Highest median throughput among valid closed-loop levels, calls/s (the open loop's 100%). */
  perSec: z.number().positive(),
  /** The level it came from. */
  concurrency: positiveInt,
  /**
   * "service": no level with more callers was invalid for the client's CPU, so the system under test
   * set it; "generator": a level with more callers was, so the generator stopped the measurement there.
   */
  setBy: z.enum(['service', 'generator']),
  /** false when no closed-loop level was valid: perSec is then the highest throughput of any level. */
  fromValidLevel: z.boolean(),
});

/** One target: the hop or the chain. */
export const LoadTargetResultSchema = z.object({
  /** "hop" (one service) or "chain" (two relays, then the service). */
  id: z.enum(['hop', 'chain']),
  /** Network hops per call. */
  hops: positiveInt,
  /** The closed loop's p50 at c = 1 (median of runs), µs: the scheduler-lag limit of this target's open levels. */
  unloadedP50Us: z.number().positive(),
  capacity: CapacitySchema,
  closed: z.array(ClosedLevelSchema),
  open: z.array(OpenLevelSchema),
  /** Valid open levels. */
  validOpenLevels: z.number().int().nonnegative(),
  /** No valid open level's p99 interval lies wholly below that of a valid level with less offered load. */
  p99NeverFalls: z.boolean(),
});

/** Where the generator and the services ran. */
export const PlacementSchema = z.object({
  /** The client was pinned to clientCpus and every service to serviceCpus (taskset). */
  pinned: z.boolean(),
  clientCpus: z.array(z.number().int().nonnegative()),
  serviceCpus: z.array(z.number().int().nonnegative()),
  /** Why not pinned, when not. */
  reason: z.string().optional(),
});

/** The generator's ceiling against the trivial responder. */
export const CeilingSchema = z.object({
  /** Closed-loop concurrency. */
  concurrency: positiveInt,
  /** Calls/s across runs. */
  perSec: FigureSchema,
  runs: z.array(z.object({
    callsPerSec: z.number().nonnegative(),
    /** The generator's CPU, % of one core. */
    clientCpuPercent: z.number().nonnegative(),
    /** The responder's CPU, % of one core. */
    responderCpuPercent: z.number().nonnegative(),
  })).min(1),
});

/** The wake-up floor (wake-floor.ts): how late the clock alone woke, no calls, once per run. */
export const WakeFloorSchema = z.object({
  /** Wake-ups per second asked for. */
  ratePerSec: z.number().positive(),
  /** Lateness p50 and p99 across runs, µs. */
  lagP50Us: FigureSchema,
  lagP99Us: FigureSchema,
  runs: z.array(z.object({
    count: z.number().int().nonnegative(),
    p50Us: z.number().nonnegative(),
    p99Us: z.number().nonnegative(),
    maxUs: z.number().nonnegative(),
    /** Steal time during the test, % of all CPUs' time (steal.ts); null where /proc/stat does not say; absent in results written before it. */
    stealPercent: z.number().nonnegative().nullable().optional(),
  })).min(1),
  /** How the idle CPUs wait, from /sys (wake-floor.ts cpuIdleNote), or null where unknown. */
  cpuIdle: z.string().nullable(),
});

/** The stall probe (stall-probe.ts): a thread spinning on the generator's core, once per run. */
export const StallFloorSchema = z.object({
  /** A gap between two clock readings over this is a stall, µs. */
  thresholdUs: z.number().positive(),
  /** p99 lateness of a never-sleeping scheduler (rules residualLatenessUs) across runs, µs. */
  lateP99Us: FigureSchema,
  runs: z.array(z.object({
    /** How long it spun, ms. */
    measuredMs: z.number().positive(),
    stalls: z.number().int().nonnegative(),
    /** Time in stalls, % of measuredMs. */
    stalledPercent: z.number().nonnegative(),
    /** The longest stall, µs. */
    maxUs: z.number().nonnegative(),
    lateP99Us: z.number().nonnegative(),
  })).min(1),
});

/** One concurrency of the peer comparison. */
export const PeerRowSchema = z.object({
  concurrency: positiveInt,
  /** Seconds each tool ran. */
  seconds: z.number().positive(),
  /** autocannon's completed requests per second. */
  autocannonPerSec: z.number().nonnegative(),
  /** This generator's closed loop, successful calls per second. */
  benchPerSec: z.number().nonnegative(),
  /** benchPerSec / autocannonPerSec (0 when autocannon completed none); with rounds, the median of each round's ratio. */
  ratio: z.number().nonnegative(),
  /**
   * The alternating rounds (autocannon first in odd rounds, this generator first in even ones), each
   * tool `seconds` per round; absent in results written before rounds existed (one pass, autocannon first).
   */
  rounds: z.array(z.object({ autocannonPerSec: z.number().nonnegative(), benchPerSec: z.number().nonnegative() })).min(1).optional(),
  /** Interval of the per-round ratios by the rule of cases A–D (low = high = ratio for one round). */
  ratioLow: z.number().nonnegative().optional(),
  ratioHigh: z.number().nonnegative().optional(),
  /** Failed calls of either tool. */
  errors: z.number().int().nonnegative(),
});
/** One peer row. */
export type PeerRow = z.infer<typeof PeerRowSchema>;

/** What case F stores. */
export const LoadResultSchema = z.object({
  /** Logical cores of the machine. */
  cores: positiveInt,
  /** Runs of every level. */
  runs: positiveInt,
  /** Coverage of every interval, % (75 for 3 runs; 0 for 1). */
  confidencePercent: z.number().nonnegative(),
  placement: PlacementSchema,
  ceiling: CeilingSchema,
  /** The machine's wake-up floor; absent in results written before it. */
  wakeFloor: WakeFloorSchema.optional(),
  /** The stall probe; absent in results written before it. */
  stallFloor: StallFloorSchema.optional(),
  /** autocannon's version, as installed. */
  autocannonVersion: z.string(),
  /** autocannon and this generator side by side, against the hop's service (alternating rounds, before the targets). */
  peer: z.array(PeerRowSchema),
  /** The hop, then the chain. */
  targets: z.array(LoadTargetResultSchema).length(2),
});
/** Case F's result. */
export type LoadResult = z.infer<typeof LoadResultSchema>;
export type ClosedLevel = z.infer<typeof ClosedLevelSchema>;
export type OpenLevel = z.infer<typeof OpenLevelSchema>;
export type LoadTargetResult = z.infer<typeof LoadTargetResultSchema>;

/** Plain words for a reason, for the report and the page's table: e.g. "client used 83% of a core (limit 70%) in run 2". */
export function reasonText(r: Reason): string {
  const runs = r.runs.length === 0 ? '' : ` in run${r.runs.length === 1 ? '' : 's'} ${r.runs.join(', ')}`;
  // The value is the worst run's, which is not the median a table shows beside it: say so when runs differ.
  const worst = r.runs.length > 1 ? ' up to' : '';
  const n = (v: number, d = 0) => v.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
  switch (r.code) {
    case 'client-cpu':
      return `client used${worst} ${n(r.value)}% of a core (limit ${n(r.limit)}%)${runs}`;
    case 'scheduler-lag':
      return `scheduler lag p99${worst} ${n(r.value)} µs, over the unloaded p50 of ${n(r.limit)} µs${runs}`;
    case 'failures':
      return `${worst ? 'up to ' : ''}${n(r.value, 1)}% of calls failed or were dropped (limit ${n(r.limit)}%)${runs}`;
    case 'generator-limited':
      return `generator-limited: target ${n(r.value)} calls/s, above the limit of ${n(r.limit)} calls/s that the generator's ceiling sets`;
  }
}
