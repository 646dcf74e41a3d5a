/**
 * The results of case I (retry storms): its configuration and what one run stores, as zod schemas.
 * The site reads case I through this module only. Counts in `seeded` depend only on the seed and the
 * configuration, so they are the same on any machine; everything in `measured` depends on timing.
 */
import { z } from 'zod';

const count = z.number().int().nonnegative();
const ms = z.number().finite().nonnegative();

/** Ids of the four retry policies, in the order they run. */
export const POLICY_IDS = ['none', 'immediate', 'backoff', 'budget'] as const;
/** A retry policy id. */
export type PolicyId = (typeof POLICY_IDS)[number];

/** One retry policy: parameters as data, and where it is recommended. */
export const RetryPolicySchema = z.object({
  /** Stable id: none | immediate | backoff | budget. */
  id: z.enum(POLICY_IDS),
  /** Label for the report and the page, e.g. "backoff + budget". */
  label: z.string().min(1),
  /** Attempts in all, the first included (gRPC A6's maxAttempts). */
  maxAttempts: z.number().int().positive(),
  /** Full-jitter backoff before retry n: uniform in [0, min(capMs, baseMs × 2^(n−1))) ms; null = retry at once. */
  backoff: z.object({ baseMs: ms, capMs: ms }).nullable(),
  /** Retry budget: gRPC A6 retry throttling (a failed attempt −1 token, a success + tokenRatio, no retry at ≤ maxTokens/2); null = none. */
  budget: z.object({ kind: z.literal('grpc-a6-retry-throttling'), maxTokens: z.number().positive(), tokenRatio: z.number().nonnegative() }).nullable(),
  /** Where this policy is recommended or specified: author, title, date. */
  source: z.string().min(1),
});
export type RetryPolicy = z.infer<typeof RetryPolicySchema>;

/** Parameters of case I. */
export const RetryStormConfigSchema = z.object({
  /** mulberry32 seed of the brownout window and of every call's backoff draws. */
  seed: z.number().int(),
  /** The server: K requests in service at once, s ms each (a timer), a queue of Q; 503 when full. */
  server: z.object({
    /** K: requests in service at once. */
    concurrency: z.number().int().positive(),
    /** s: service time outside the brownout, ms. */
    serviceMs: z.number().positive(),
    /** Q: requests that may wait for a slot. */
    queueLimit: count,
  }),
  /** Where the brownout window may start (ms after the run starts, bucket-aligned), how long it lasts, how much slower service gets. */
  brownout: z.object({ earliestStartMs: ms, latestStartMs: ms, durationMs: z.number().positive(), serviceFactor: z.number().min(1) }),
  /** Width of one counting bucket, ms. */
  bucketMs: z.number().int().positive(),
  /** Calls are started from 0 to this time, ms. */
  durationMs: z.number().positive(),
  /** Open-loop arrival rate: logical calls started per second, evenly spaced. */
  arrivalPerSec: z.number().positive(),
  /** Per-attempt client timeout, ms (below the brownout's service time). */
  clientTimeoutMs: z.number().positive(),
  /** After a 409 ("in progress") the client waits at least this long before it retries, ms. */
  conflictWaitMs: ms,
  /** Idempotency-key time to live of the main runs, ms (24 h: Stripe prunes keys once at least 24 hours old). */
  keyTtlMs: z.number().positive(),
  /** The short TTL of the extra run, ms: shorter than the longest retry delay, to show a late duplicate. */
  shortKeyTtlMs: z.number().positive(),
  /** Policy of the extra short-TTL run. */
  shortTtlPolicy: z.enum(POLICY_IDS),
  /** Recovered once the queue is empty and p99 ≤ this × the pre-window p99. */
  recoveryP99Factor: z.number().positive(),
  /** Longest wait for the server to drain after the last call, ms. */
  drainTimeoutMs: z.number().positive(),
  /** The retry policies, in the order they run. */
  policies: z.array(RetryPolicySchema).min(1),
}).refine((c) => c.clientTimeoutMs < c.server.serviceMs * c.brownout.serviceFactor, {
  message: 'clientTimeoutMs must be below the brownout service time (server.serviceMs × brownout.serviceFactor), or no attempt times out in the window',
  path: ['clientTimeoutMs'],
});
export type RetryStormConfig = z.infer<typeof RetryStormConfigSchema>;

const perPhase = z.object({
  /** Before the window. */
  before: count,
  /** During the window. */
  during: count,
  /** After the window (to the end of the run, late retries included). */
  after: count,
  /** All. */
  total: count,
});

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
  /** Counts that depend on timing: measured on this machine. */
  measured: z.object({
    /** Attempts the server received, by the phase of their arrival. */
    attempts: perPhase,
    /** Logical calls by the phase in which their first attempt reached the server. */
    callsArrived: perPhase,
    /**
     * Load amplification: attempts received in a phase ÷ logical calls whose first attempt arrived in
     * it (callsArrived); overall: all attempts ÷ all calls started.
     */
    amplification: z.object({ during: z.number().nonnegative(), after: z.number().nonnegative(), overall: z.number().nonnegative() }),
    /** Logical calls that got a 201, first written or replayed. */
    succeeded: count,
    /** Logical calls that ended without success. */
    failed: count,
    /** Failed calls by the last attempt's outcome, and calls the budget stopped from retrying. */
    failures: z.object({ timedOut: count, rejected503: count, conflict409: count, other: count, budgetRefused: count }),
    /** Successful logical calls per second of the run (calls started over durationMs). */
    goodputPerSec: z.number().nonnegative(),
    /** Successful logical calls among those started in the window, per second of the window. */
    goodputDuringPerSec: z.number().nonnegative(),
    /** Invoices the server wrote for keyed and unkeyed calls. */
    invoicesWritten: z.object({ keyed: count, unkeyed: count }),
    /** Writes beyond the first for one logical call, with and without keys. */
    duplicates: z.object({ keyed: count, unkeyed: count }),
    /** Server replies by status ("201", "409", "503", …) and "replayed" (a stored reply resent for a known key). */
    statusCounts: z.record(z.string(), count),
    /** p99 of server latency (arrival → reply) before the window, ms; null when nothing was served. */
    preWindowP99Ms: z.number().nonnegative().nullable(),
    /** Window end → first bucket with an empty queue and p99 ≤ factor × pre-window p99, ms; null = not within the run. */
    recoveryMs: z.number().nonnegative().nullable(),
    /** Longest lag of the open-loop scheduler behind a call's due time, ms (a busy machine shows here). */
    schedulerLagMaxMs: z.number().nonnegative(),
    /** Per-bucket series, one entry per bucketMs from the run's time zero. */
    series: z.object({
      /** Attempts received per bucket. */
      attempts: z.array(count),
      /** Longest wait queue per bucket. */
      queueMax: z.array(count),
      /** p99 of server latency of requests completed in the bucket, ms; null when none completed. */
      p99Ms: z.array(z.number().nonnegative().nullable()),
    }),
  }),
});
export type RetryStormRun = z.infer<typeof RetryStormRunSchema>;

/** What case I stores. */
export const RetryStormResultSchema = z.object({
  /** Server capacity, requests/s: K × 1000 ÷ s. */
  capacityPerSec: z.number().positive(),
  /** Brownout capacity, requests/s: K × 1000 ÷ (s × factor). */
  brownoutCapacityPerSec: z.number().positive(),
  /** The seeded window, ms after the run starts: [startMs, endMs), with its service time. */
  window: z.object({ startMs: ms, endMs: ms, serviceFactor: z.number().min(1), serviceMs: z.number().positive() }),
  /** Width of one bucket of the series, ms. */
  bucketMs: z.number().int().positive(),
  /** One run per policy (key TTL = keyTtlMs), then the short-TTL run. */
  runs: z.array(RetryStormRunSchema).min(1),
});
export type RetryStormResult = z.infer<typeof RetryStormResultSchema>;
