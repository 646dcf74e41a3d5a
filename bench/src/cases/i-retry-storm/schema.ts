/**
 * The results of case I (a retry storm as a metastable failure): its configuration and what one run
 * stores, as zod schemas. The site reads case I through this module only. Counts in `seeded` depend
 * only on the seed and the configuration, so they are the same on any machine; everything in
 * `measured` depends on timing.
 */
import { z } from 'zod';

const count = z.number().int().nonnegative();
const ms = z.number().finite().nonnegative();

/** Ids of the five policies, in the order they run. */
export const POLICY_IDS = ['none', 'immediate', 'backoff', 'budget', 'deadline'] as const;
/** A policy id. */
export type PolicyId = (typeof POLICY_IDS)[number];

/** One policy: the client's retries and whether the server sees the caller's deadline, as data. */
export const RetryPolicySchema = z.object({
  /** Stable id: none | immediate | backoff | budget | deadline. */
  id: z.enum(POLICY_IDS),
  /** Label for the report and the page, e.g. "naive immediate retries". */
  label: z.string().min(1),
  /** Attempts in all, the first included (gRPC A6's maxAttempts). */
  maxAttempts: z.number().int().positive(),
  /** Full-jitter backoff before retry n: uniform in [0, min(capMs, baseMs × 2^(n−1))) ms; null = retry at once. */
  backoff: z.object({ baseMs: ms, capMs: ms }).nullable(),
  /** Retry budget: gRPC A6 retry throttling (a failed attempt −1 token, a success + tokenRatio, no retry at ≤ maxTokens/2); null = none. */
  budget: z.object({ kind: z.literal('grpc-a6-retry-throttling'), maxTokens: z.number().positive(), tokenRatio: z.number().nonnegative() }).nullable(),
  /** The caller sends its deadline in a header, and the server drops queued requests that can no longer meet it. */
  deadlineHeader: z.boolean(),
  /** Where this policy comes from: author, title, date (or "the bench's own"). */
  source: z.string().min(1),
});
export type RetryPolicy = z.infer<typeof RetryPolicySchema>;

/** The server: one worker, a FIFO queue, a busy-spin per request of every kind. */
export const StormServerSchema = z.object({
  /** Worker time to serve one request outside the brownout, ms (a busy-spin: wall-clock time). Capacity = 1000 ÷ serviceMs requests/s. */
  serviceMs: z.number().positive(),
  /** Worker time to answer without serving (503 queue full, 409, 422, a replay), ms (a busy-spin). */
  rejectMs: z.number().nonnegative(),
  /** Worker time to drop a queued request whose deadline can no longer be met, ms (a busy-spin). */
  dropMs: z.number().nonnegative(),
  /** Requests that may wait in the FIFO queue; one more gets 503. */
  queueLimit: z.number().int().positive(),
  /** Longest spin before the worker lets the event loop read arrivals, ms (Node accepts about one connection per loop turn). */
  sliceMs: z.number().positive(),
});
export type StormServer = z.infer<typeof StormServerSchema>;

/** Parameters of case I. */
export const RetryStormConfigSchema = z
  .object({
    /** mulberry32 seed of the brownout window and of every call's backoff draws. */
    seed: z.number().int(),
    server: StormServerSchema,
    /** Where the brownout window may start (ms after the run starts, bucket-aligned), its fixed length, and how much longer service takes in it. */
    brownout: z.object({ earliestStartMs: ms, latestStartMs: ms, durationMs: z.number().positive(), serviceFactor: z.number().min(1) }),
    /** Width of one counting bucket, ms. */
    bucketMs: z.number().int().positive(),
    /** Calls are started from 0 to this time, ms; the run's figures end here. */
    durationMs: z.number().positive(),
    /** Open-loop arrival rate: logical calls started per second, evenly spaced. */
    arrivalPerSec: z.number().positive(),
    /** Per-attempt client timeout, ms, from the attempt's send to its reply. */
    clientTimeoutMs: z.number().positive(),
    /** Idempotency-key time to live of the main runs, ms (24 h: Stripe prunes keys once at least 24 hours old). */
    keyTtlMs: z.number().positive(),
    /** The short TTL of the extra run, ms: below clientTimeoutMs, so a retry after a timeout always finds its key gone. */
    shortKeyTtlMs: z.number().positive(),
    /** Policy of the extra short-TTL run. */
    shortTtlPolicy: z.enum(POLICY_IDS),
    /** Recovery: goodput over every `windowMs` span from some time on is ≥ `fraction` × the pre-window goodput. */
    recovery: z.object({ windowMs: z.number().int().positive(), fraction: z.number().positive().max(1) }),
    /** Longest wait for the server to drain after the last call, ms. */
    drainTimeoutMs: z.number().positive(),
    /**
     * Before the runs, none of it recorded: `warmUpCalls` calls at the arrival rate (compiles the client
     * and server code), and, when `collectGarbageBeforeEachRun`, a full garbage collection of the
     * caller's heap before each run, so that no run pays for garbage an earlier case or run left.
     * Absent in results written before it was stated (then 100 warm-up calls, no collection).
     */
    settle: z.object({ warmUpCalls: count, collectGarbageBeforeEachRun: z.boolean() }).optional(),
    /** The policies, in the order they run. */
    policies: z.array(RetryPolicySchema).min(1),
  })
  .superRefine((c, ctx) => {
    const problem = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    const capacity = 1000 / c.server.serviceMs;
    if (c.arrivalPerSec >= capacity) {
      problem(['arrivalPerSec'], `must be below the server's capacity (1000 ÷ server.serviceMs = ${capacity} calls/s), or the system is overloaded before any trigger; lower it or shorten server.serviceMs`);
    }
    if (c.server.queueLimit * c.server.serviceMs <= c.clientTimeoutMs) {
      problem(['server', 'queueLimit'], `a full queue holds queueLimit × serviceMs = ${c.server.queueLimit * c.server.serviceMs} ms of work, not more than clientTimeoutMs (${c.clientTimeoutMs} ms), so no queued request would outlive its caller; raise queueLimit`);
    }
    if (c.shortKeyTtlMs >= c.clientTimeoutMs) {
      problem(['shortKeyTtlMs'], `must be below clientTimeoutMs (${c.clientTimeoutMs} ms), so that a retry after a timeout finds its key expired`);
    }
    if (c.brownout.latestStartMs + c.brownout.durationMs >= c.durationMs) {
      problem(['durationMs'], 'must end after the latest possible brownout window (brownout.latestStartMs + brownout.durationMs)');
    }
    if (c.recovery.windowMs % c.bucketMs !== 0) problem(['recovery', 'windowMs'], `must be a multiple of bucketMs (${c.bucketMs})`);
    if (c.durationMs % c.bucketMs !== 0) problem(['durationMs'], `must be a multiple of bucketMs (${c.bucketMs})`);
  });
export type RetryStormConfig = z.infer<typeof RetryStormConfigSchema>;

/** A count before, during and after the window, and in all. */
const perPhase = z.object({
  /** Before the window. */
  before: count,
  /** During the window. */
  during: count,
  /** After the window, to the end of the run (and, for attempts, until the server drained). */
  after: count,
  /** All. */
  total: count,
});

/** Successful calls per second of each phase (by the time the client got the reply). */
const ratePerPhase = z.object({ before: z.number().nonnegative(), during: z.number().nonnegative(), after: z.number().nonnegative() });

/** One run of one policy. */
export const RetryStormRunSchema = z.object({
  /** Run id: the policy id, or "<policy>-short-ttl" for the short-TTL run. */
  id: z.string().min(1),
  /** The policy this run used. */
  policyId: z.enum(POLICY_IDS),
  /** Idempotency-key TTL of this run, ms. */
  keyTtlMs: z.number().positive(),
  /** Counts fixed by the seed and the configuration: the same on every machine. */
  seeded: z.object({
    /** Logical calls started. */
    calls: count,
    /** Calls that send an Idempotency-Key (every even-numbered call). */
    keyedCalls: count,
    /** Calls that send none (every odd-numbered call). */
    unkeyedCalls: count,
    /** Calls started before, during and after the window (by scheduled start). */
    callsByPhase: perPhase,
  }),
  /** Figures that depend on timing: measured on this machine. */
  measured: z.object({
    /** Attempts the server received, by the phase of their arrival. */
    attempts: perPhase,
    /** Logical calls by the phase in which their first attempt reached the server. */
    callsArrived: perPhase,
    /** Load amplification: attempts received in a phase ÷ calls whose first attempt arrived in it; overall: all attempts ÷ all calls. */
    amplification: z.object({ during: z.number().nonnegative(), after: z.number().nonnegative(), overall: z.number().nonnegative() }),
    /** Goodput: successful calls per second, before, during and after the window (after: window end to run end). */
    goodputPerSec: ratePerPhase,
    /** Logical calls that got a 201, first written or replayed. */
    succeeded: count,
    /** Logical calls that ended without success. */
    failed: count,
    /** Failed calls by the last attempt's outcome, and calls whose retry the budget refused. */
    failures: z.object({ timedOut: count, rejected503: count, conflict409: count, deadline504: count, other: count, budgetRefused: count }),
    /** What the server's worker did with the attempts: served (an invoice written), answered without serving, dropped for a passed deadline. */
    server: z.object({ served: count, rejected: count, dropped: count }),
    /** Served requests whose caller had already given up (the reply came after the caller's timeout). */
    servedAfterCallerLeft: count,
    /** Invoices the server wrote for keyed and unkeyed calls. */
    invoicesWritten: z.object({ keyed: count, unkeyed: count }),
    /** Invoices written for calls the client counted as failed. */
    invoicesForFailedCalls: count,
    /** Writes beyond the first for one logical call, with and without keys. */
    duplicates: z.object({ keyed: count, unkeyed: count }),
    /** Server replies by status ("201", "409", "503", "504", …) and "replayed" (a stored reply resent for a known key). */
    statusCounts: z.record(z.string(), count),
    /** Window end → end of the first `recovery.windowMs` span from which goodput stayed recovered to the end of the run, ms; null = not within the run. */
    recoveryMs: z.number().nonnegative().nullable(),
    /** Longest lag of the open-loop scheduler behind a call's due time, ms (a busy machine shows here). */
    schedulerLagMaxMs: z.number().nonnegative(),
    /**
     * The caller's own garbage collection (the bench process): the full collection before the run
     * (0 when settle.collectGarbageBeforeEachRun is off), and the major (mark-compact) pauses that
     * started during the run's calls, ms. A pause during the run holds the caller behind its schedule.
     * Absent in results written before it was measured.
     */
    callerGc: z.object({ beforeRunMs: ms, majorPauseInRunMs: ms }).optional(),
    /** Per-bucket series, one entry per bucketMs from the run's time zero to durationMs. */
    series: z.object({
      /** Successful calls per bucket (by the time the client got the reply). */
      successes: z.array(count),
      /** Attempts the server received per bucket. */
      attempts: z.array(count),
      /** Longest wait queue per bucket. */
      queueMax: z.array(count),
    }),
  }),
});
export type RetryStormRun = z.infer<typeof RetryStormRunSchema>;

/** What case I stores. */
export const RetryStormResultSchema = z.object({
  /** Server capacity outside the brownout, requests/s: 1000 ÷ serviceMs (a served request's spin alone). */
  capacityPerSec: z.number().positive(),
  /** Offered load ÷ capacity, e.g. 0.7. */
  offeredLoad: z.number().positive(),
  /** Capacity in the brownout, requests/s: 1000 ÷ (serviceMs × factor). */
  brownoutCapacityPerSec: z.number().positive(),
  /** The seeded window, ms after the run starts: [startMs, endMs), with its service time. */
  window: z.object({ startMs: ms, endMs: ms, serviceFactor: z.number().min(1), serviceMs: z.number().positive() }),
  /** Width of one bucket of the series, ms. */
  bucketMs: z.number().int().positive(),
  /** One run per policy (key TTL = keyTtlMs), then the short-TTL run. */
  runs: z.array(RetryStormRunSchema).min(1),
});
export type RetryStormResult = z.infer<typeof RetryStormResultSchema>;

/**
 * How late, ms, the open-loop caller may start a call after its due time before the run counts as
 * having fallen behind its schedule: a quarter of the attempt timeout (`clientTimeoutMs ÷ 4`). Later
 * than that, arrivals bunch enough to change what the server sees. The bench warns above it and the
 * page says so; one threshold for both.
 */
export function lateStartLimitMs(config: Pick<RetryStormConfig, 'clientTimeoutMs'>): number {
  return config.clientTimeoutMs / 4;
}

/**
 * Retries that reached the server in a run: attempts it received beyond one per call (0 when fewer
 * arrived, e.g. after connection errors).
 */
export function retriesReceived(run: RetryStormRun): number {
  return Math.max(0, run.measured.attempts.total - run.seeded.calls);
}
