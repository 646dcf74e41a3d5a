/**
 * The reference suite's results file (cases A–E, bench/results/latest.json) as zod schemas, and the
 * types inferred from it: its configuration and its case entries, inside the envelope every results
 * file shares (results-envelope.ts). Every field says its meaning and unit. The cross-field checks
 * live in consistency.ts, the error wording in friendly-errors.ts.
 */
import { z } from 'zod';
import { checkConsistency } from './consistency.ts';
import { EnvironmentSchema, envelopeFields, parseTextWith, parseWith, ReferenceStatusSchema } from './results-envelope.ts';

export { EnvironmentSchema, ResultsValidationError } from './results-envelope.ts';

/** Version of the results layout; bump when a field changes meaning. */
export const RESULTS_SCHEMA_VERSION = 1;

const nonNegative = z.number().finite().nonnegative();
const count = z.number().int().nonnegative();

/** Warm-up and timed call counts of a latency case, per run. */
export const LatencyCaseConfigSchema = z.object({
  /** Untimed calls before the timed loop. */
  warmupCalls: count,
  /** Timed calls per run, one sample each. */
  timedCalls: z.number().int().positive(),
  /** Calls of the untimed throughput loop (case A only: calls/s without clock reads); 0 when unused. */
  throughputCalls: count,
});

/** Parameters of the failure-injection case. */
export const FailureCaseConfigSchema = z.object({
  /** Calls per variant per run. */
  callsPerVariant: z.number().int().positive(),
  /** Probability that the server holds a reply (drawn once per /invoice request). */
  delayProbability: z.number().min(0).max(1),
  /** How long a held reply is held, ms. */
  delayMs: nonNegative,
  /** Client socket idle timeout, ms; the request is destroyed after it. */
  clientTimeoutMs: z.number().positive(),
  /** Retries after the first attempt in the retry variants. */
  maxRetries: count,
  /** Backoff base: the caller sleeps backoffBaseMs × 2^attempt + floor(r × backoffJitterMs) ms. */
  backoffBaseMs: nonNegative,
  /** Backoff jitter span, ms. */
  backoffJitterMs: nonNegative,
  /** Wait after each variant so late replies finish before /count, ms. */
  settleMs: nonNegative,
  /** Threshold for "calls over N ms". */
  slowCallMs: nonNegative,
  /** Amount of each invoice, in cents. */
  invoiceAmountCents: count,
});

/** The configuration a results file was produced with. */
export const ConfigSchema = z.object({
  /** "full" = the reference counts; "quick" = small smoke counts; "custom" = full counts with other runs or cases. */
  mode: z.enum(['full', 'quick', 'custom']),
  /** Runs; each starts fresh server processes. */
  runs: z.number().int().positive(),
  /** Pause between runs, ms. */
  pauseBetweenRunsMs: nonNegative,
  /** Case ids run, in order. */
  cases: z.array(z.string().regex(/^[A-Z]$/)).min(1),
  /** Server PRNG seed of run r is serverSeedBase + r (mulberry32). */
  serverSeedBase: z.number().int(),
  /** Client PRNG seed for retry jitter, created once per run (mulberry32). */
  clientSeed: z.number().int(),
  /** Server keep-alive timeout, ms. */
  serverKeepAliveMs: nonNegative,
  /** Longest wait for a child service to start listening, ms. */
  serviceStartTimeoutMs: z.number().positive(),
  /** CPU pinning (--pin, Linux): client and services on separate CPUs; absent in files written before it existed. */
  pinning: z
    .object({
      /** True when the client and the services were pinned. */
      pinned: z.boolean(),
      /** CPU of the bench process that makes the calls; null when not pinned. */
      clientCpu: count.nullable(),
      /** CPU of every service process; null when not pinned. */
      serviceCpu: count.nullable(),
    })
    .default({ pinned: false, clientCpu: null, serviceCpu: null }),
  /** Per-case parameters, by case id. */
  latency: z.record(z.string(), LatencyCaseConfigSchema),
  failure: z.record(z.string(), FailureCaseConfigSchema),
});

/** Distinct TCP connections accepted by the services during a case (warm-up and timed calls). */
export const SocketCountSchema = z.object({
  /** Which connection, e.g. "caller → entitlement" or "relay A → relay B". */
  link: z.string(),
  /** Connections accepted on that link. */
  opened: count,
  /** What the case requires: 1 for keep-alive, one per call without keep-alive. */
  expected: count,
});

/** Nearest-rank percentiles of one call, µs: a run's own, or their medians across runs. */
const percentilesUs = { p50Us: nonNegative, p95Us: nonNegative, p99Us: nonNegative };

/** One run of a latency case. Times in µs unless the name says otherwise. */
export const LatencyRunSchema = z.object({
  /** Run index, 0-based. */
  run: count,
  /** Timed samples (= timed calls). */
  samples: z.number().int().positive(),
  /** Nearest-rank percentiles and extremes of one call, µs. */
  ...percentilesUs,
  minUs: nonNegative,
  maxUs: nonNegative,
  meanUs: nonNegative,
  /** Serial calls per second: timed calls / elapsed seconds of the timed loop (A: of the untimed loop). */
  callsPerSec: z.number().positive(),
  /** Elapsed time of the timed loop, ms. */
  timedLoopMs: nonNegative,
  /** Sockets per link; empty for in-process calls. */
  sockets: z.array(SocketCountSchema),
  /** Latency distribution of the timed calls. */
  histogram: z.object({
    binsPerDecade: z.number().int().positive(),
    /** Bin edges, µs; one more than counts. */
    edgesUs: z.array(z.number().positive()).min(2),
    /** Calls per bin. */
    counts: z.array(count).min(1),
  }),
});

/** Median across runs of each figure of a latency case, µs (calls/s unitless per second). */
export const LatencyMedianSchema = z.object({
  ...percentilesUs,
  callsPerSec: z.number().positive(),
  /** Coefficient of variation of the runs' p50, percent (0 for one run). */
  p50CvPercent: nonNegative,
});

/** A confidence interval of one figure, µs. */
export const IntervalUsSchema = z.object({
  /** Lower bound, µs. */
  lowUs: nonNegative,
  /** Upper bound, µs. */
  highUs: nonNegative,
});

/**
 * Confidence intervals for a latency case's medians across runs: distribution-free, from order
 * statistics of the run figures (method and source: `medianInterval` in stats.ts).
 */
export const LatencyIntervalsSchema = z.object({
  /** Exact coverage of each interval, percent: 75 for 3 runs (min–max), 93.75 for 5, ≥ 95 from 6; 0 for one run. */
  confidencePercent: z.number().min(0).max(100),
  /** Interval for the median of the runs' p50, µs. */
  p50Us: IntervalUsSchema,
  /** Interval for the median of the runs' p95, µs. */
  p95Us: IntervalUsSchema,
  /** Interval for the median of the runs' p99, µs. */
  p99Us: IntervalUsSchema,
});

/** One variant of the failure case in one run. */
export const FailureVariantRunSchema = z.object({
  run: count,
  /** Calls made (each may take several attempts). */
  calls: z.number().int().positive(),
  /** Calls whose final outcome was not a success. */
  failed: count,
  /** Calls whose final attempt timed out (subset of failed). */
  timedOut: count,
  /** Calls that ended in another error, e.g. ECONNRESET (subset of failed). */
  otherErrors: count,
  /** HTTP attempts sent, retries included. */
  attempts: z.number().int().positive(),
  /** Invoices stored by the server, read from /count after the settle wait. */
  invoicesWritten: count,
  /** invoicesWritten − calls. */
  duplicates: z.number().int(),
  /** Calls that took longer than the config's slowCallMs. */
  slowCalls: count,
  /** Slowest call, retries and backoff included, ms. */
  slowestMs: nonNegative,
});

/** A variant of the failure case and its runs. */
export const FailureVariantSchema = z.object({
  /** Stable id, e.g. "no-retry". */
  id: z.string(),
  /** Label as printed, e.g. "retry + idempotency key". */
  label: z.string(),
  /** Whether the caller retries after a failed attempt. */
  retries: z.boolean(),
  /** Whether each call carries an idempotency key. */
  idempotencyKey: z.boolean(),
  runs: z.array(FailureVariantRunSchema).min(1),
});

/** A latency case: the same call timed over some transport. */
export const LatencyCaseSchema = z.object({
  /** The entry's tag, as every case entry of either suite has it (a reference case always ran). */
  status: ReferenceStatusSchema,
  kind: z.literal('latency'),
  /** Case id, "A" … "D". */
  id: z.string().regex(/^[A-Z]$/),
  /** Label as printed, e.g. "HTTP, keep-alive". */
  title: z.string(),
  /** Network hops per call (0 = in-process). */
  hops: count,
  runs: z.array(LatencyRunSchema).min(1),
  median: LatencyMedianSchema,
  /** Confidence intervals of the medians, from the runs. */
  intervals: LatencyIntervalsSchema,
});

/** A failure-injection case and its variants, in the order they ran. */
export const FailureCaseSchema = z.object({
  /** The entry's tag, as every case entry of either suite has it (a reference case always ran). */
  status: ReferenceStatusSchema,
  kind: z.literal('failure'),
  id: z.string().regex(/^[A-Z]$/),
  title: z.string(),
  variants: z.array(FailureVariantSchema).min(1),
});

/** Any case result; new kinds of case join this union. */
export const CaseResultSchema = z.discriminatedUnion('kind', [LatencyCaseSchema, FailureCaseSchema]);

/** The fields of a results file; `ResultsSchema` adds the consistency checks. */
export const ResultsShapeSchema = z.object({
  schemaVersion: z.literal(RESULTS_SCHEMA_VERSION),
  ...envelopeFields({ config: ConfigSchema, cases: z.array(CaseResultSchema).min(1) }),
});

/** A complete results file of hop-bench, checked for internal consistency (bench/src/harness/consistency.ts). */
export const ResultsSchema = ResultsShapeSchema.superRefine(checkConsistency);

/** The fields of a results file before the consistency checks, as zod reads them (for those checks). */
export type ResultsShape = z.infer<typeof ResultsShapeSchema>;

export type Environment = z.infer<typeof EnvironmentSchema>;
export type BenchConfig = z.infer<typeof ConfigSchema>;
export type LatencyCaseConfig = z.infer<typeof LatencyCaseConfigSchema>;
export type FailureCaseConfig = z.infer<typeof FailureCaseConfigSchema>;
export type SocketCount = z.infer<typeof SocketCountSchema>;
export type LatencyRun = z.infer<typeof LatencyRunSchema>;
export type LatencyMedian = z.infer<typeof LatencyMedianSchema>;
export type LatencyIntervalsRecord = z.infer<typeof LatencyIntervalsSchema>;
export type LatencyCaseResult = z.infer<typeof LatencyCaseSchema>;
export type FailureVariantRun = z.infer<typeof FailureVariantRunSchema>;
export type FailureVariant = z.infer<typeof FailureVariantSchema>;
export type FailureCaseResult = z.infer<typeof FailureCaseSchema>;
export type CaseResult = z.infer<typeof CaseResultSchema>;
export type Results = z.infer<typeof ResultsSchema>;

/**
 * Validates parsed JSON as a results file.
 * @param data the parsed JSON value.
 * @param file the file name, for error messages.
 * @throws ResultsValidationError naming each bad field, what was expected and what was received.
 */
export function parseResults(data: unknown, file: string): Results {
  return parseWith(ResultsSchema, data, file);
}

/**
 * Reads and validates a results file's text.
 * @throws ResultsValidationError when the text is not JSON or not a valid results file.
 */
export function parseResultsText(text: string, file: string): Results {
  return parseTextWith(parseResults, text, file);
}
