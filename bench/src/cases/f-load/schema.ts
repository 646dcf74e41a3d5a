/**
 * Case F's schemas: its configuration and result, every field documented, units in the names. Public
 * for the site as "./beyond/f-load" (types LoadConfig, LoadResult).
 */
import { z } from 'zod';
import { ProbeSchema } from './probes.ts';
import { LatencySummarySchema } from './recorder.ts';

const positiveInt = z.number().int().positive();

/** Parameters of case F. */
export const LoadConfigSchema = z.object({
  /** Closed-loop levels: concurrent callers, each with its own kept-alive connection. */
  concurrency: z.array(positiveInt).min(1),
  /** Closed loop: calls before each level's window, not recorded, ms. */
  closedWarmupMs: z.number().int().nonnegative(),
  /** Closed loop: each level's measured window, ms. */
  closedMeasureMs: positiveInt,
  /** Open-loop levels as fractions of the capacity (closed-loop throughput at the largest concurrency), e.g. 0.95. */
  openFractions: z.array(z.number().positive()).min(1),
  /** Open loop: arrivals before each level's window, not recorded, ms. */
  openWarmupMs: z.number().int().nonnegative(),
  /** Open loop: each level's measured window, ms. */
  openMeasureMs: positiveInt,
  /** Open loop: calls in flight at most (waiting for a connection or on the wire); a call due beyond it is dropped and counted. */
  inFlightCap: positiveInt,
  /** Open loop: kept-alive connections, opened before each level; a due call waits in the client for a free one. */
  openConnections: positiveInt,
  /** Open-loop arrival process: "poisson" (exponential gaps, seeded) or "uniform". */
  arrival: z.enum(['poisson', 'uniform']),
  /** mulberry32 seed of the arrival process (each level adds its index). */
  arrivalSeed: z.number().int(),
  /** Per-call idle timeout, ms; a timeout is an error, never a latency sample. */
  callTimeoutMs: positiveInt,
  /** Pause between levels, ms (lets sockets close and the CPU settle). */
  pauseBetweenLevelsMs: z.number().int().nonnegative(),
  /** A level whose client used more than this % of one core is flagged client-bound. */
  clientBoundPercent: z.number().positive(),
  /** A level with more than this % of calls failed is flagged. */
  errorFlagPercent: z.number().nonnegative(),
});
/** Case F's parameters. */
export type LoadConfig = z.infer<typeof LoadConfigSchema>;

const errorCounts = z.record(z.string(), z.number().int().positive());

/** One closed-loop level. */
export const ClosedLevelSchema = z.object({
  /** Concurrent callers. */
  concurrency: positiveInt,
  /** Measured window, ms. */
  windowMs: z.number().nonnegative(),
  /** Successful calls completed in the window per second. */
  callsPerSec: z.number().nonnegative(),
  /** Latency of successful calls sent in the window, µs (HDR). */
  latency: LatencySummarySchema,
  /** Little's law: callsPerSec × mean latency (s); should be close to `concurrency`. */
  littleL: z.number().nonnegative(),
  /** Calls sent in the window. */
  sent: z.number().int().nonnegative(),
  /** Failed calls by kind ("timeout", "ECONNRESET", "http 502", …). */
  errors: errorCounts,
  /** Failed calls as % of calls sent. */
  errorPercent: z.number().nonnegative(),
  /** Client, services and event loop over the window. */
  probe: ProbeSchema,
  /** The client used more than clientBoundPercent of a core: the level may measure the client. */
  clientBound: z.boolean(),
  /** More than errorFlagPercent of calls failed. */
  errorFlag: z.boolean(),
});

/** One open-loop level. */
export const OpenLevelSchema = z.object({
  /** Offered load as a fraction of the capacity. */
  fraction: z.number().positive(),
  /** Target arrival rate, calls/s. */
  targetPerSec: z.number().positive(),
  /** Calls due in the window per second (the arrival process's realised rate). */
  duePerSec: z.number().nonnegative(),
  /** Calls actually sent per second (due minus dropped). */
  sentPerSec: z.number().nonnegative(),
  /** Successful calls completed in the window per second (achieved throughput). */
  okPerSec: z.number().nonnegative(),
  /** Latency from each call's intended send (corrected for coordinated omission), µs. */
  fromIntended: LatencySummarySchema,
  /** Latency from each call's actual send, when it got a connection (uncorrected, as a naive load test reports), µs. */
  fromActual: LatencySummarySchema,
  /** Scheduler lag: actual − intended send time (timer lateness plus the wait for a free connection), µs. */
  schedulerLag: LatencySummarySchema,
  /** Calls due in the window. */
  due: z.number().int().nonnegative(),
  /** Calls dropped because the in-flight cap was reached. */
  dropped: z.number().int().nonnegative(),
  /** Dropped calls as % of calls due. */
  droppedPercent: z.number().nonnegative(),
  /** Failed calls by kind. */
  errors: errorCounts,
  /** Failed calls as % of calls sent. */
  errorPercent: z.number().nonnegative(),
  /** Most calls in flight at once. */
  maxInFlight: z.number().int().nonnegative(),
  /** Client, services and event loop over the window. */
  probe: ProbeSchema,
  /** The client used more than clientBoundPercent of a core. */
  clientBound: z.boolean(),
  /** More than errorFlagPercent of the calls sent failed. */
  errorFlag: z.boolean(),
});

/** One target: the hop or the chain. */
export const LoadTargetResultSchema = z.object({
  /** "hop" (one service) or "chain" (two relays, then the service). */
  id: z.enum(['hop', 'chain']),
  /** Network hops per call. */
  hops: positiveInt,
  /** Closed-loop throughput at the largest concurrency, calls/s: the open loop's 100%. */
  capacityPerSec: z.number().positive(),
  /** Closed-loop levels, by concurrency. */
  closed: z.array(ClosedLevelSchema),
  /** Open-loop levels, by fraction. */
  open: z.array(OpenLevelSchema),
});

/** What case F stores. */
export const LoadResultSchema = z.object({
  /** The hop, then the chain. */
  targets: z.array(LoadTargetResultSchema).length(2),
  /** Logical cores the client and all services shared. */
  cores: positiveInt,
});
/** Case F's result. */
export type LoadResult = z.infer<typeof LoadResultSchema>;
export type ClosedLevel = z.infer<typeof ClosedLevelSchema>;
export type OpenLevel = z.infer<typeof OpenLevelSchema>;
