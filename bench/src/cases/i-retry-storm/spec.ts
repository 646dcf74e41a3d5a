/** Case I as data (light: no code of the case): id, title, schemas (schema.ts), sizes and the policies it compares. */
import type { BeyondCaseSpec } from '../../harness/case.ts';
import { RetryStormConfigSchema, RetryStormResultSchema, type RetryPolicy, type RetryStormConfig, type RetryStormResult } from './schema.ts';

/** Sources, as cited on the page. */
export const RETRY_SOURCES = {
  brooker: 'full-jitter formula: Marc Brooker, "Exponential Backoff And Jitter", AWS Architecture Blog, March 2015; base and cap are the bench\'s own',
  grpcA6: 'Noah Eisen and Eric Gribkoff, "gRPC Retry Design" (gRPC proposal A6), section "Throttling Retry Attempts and Hedged RPCs"',
  sre: 'the bench\'s own, as a contrast: Google\'s SRE book, chapter "Handling Overload", advises against retrying when most backends are overloaded and pairs retries with a per-client retry budget',
  deadline: 'deadline propagation as gRPC does it (the caller\'s deadline travels with the call); dropping work whose deadline has passed removes a sustaining effect (Bronson et al., "Metastable Failures in Distributed Systems", HotOS 2021)',
} as const;

const BACKOFF = { baseMs: 100, capMs: 1_000 };

/** The five policies of the issue, as data. */
export const RETRY_POLICIES: readonly RetryPolicy[] = [
  { id: 'none', label: 'no retry', maxAttempts: 1, backoff: null, budget: null, deadlineHeader: false, source: 'baseline: the caller never retries' },
  { id: 'immediate', label: 'naive immediate retries', maxAttempts: 3, backoff: null, budget: null, deadlineHeader: false, source: RETRY_SOURCES.sre },
  { id: 'backoff', label: 'backoff with full jitter', maxAttempts: 3, backoff: BACKOFF, budget: null, deadlineHeader: false, source: RETRY_SOURCES.brooker },
  {
    id: 'budget',
    label: 'backoff + retry budget',
    maxAttempts: 3,
    backoff: BACKOFF,
    budget: { kind: 'grpc-a6-retry-throttling', maxTokens: 10, tokenRatio: 0.1 },
    deadlineHeader: false,
    source: `${RETRY_SOURCES.brooker}; budget: ${RETRY_SOURCES.grpcA6}`,
  },
  { id: 'deadline', label: 'deadline-drop', maxAttempts: 3, backoff: null, budget: null, deadlineHeader: true, source: `clients as naive immediate retries; server: ${RETRY_SOURCES.deadline}` },
];

function stormConfig(size: { durationMs: number; earliestStartMs: number; latestStartMs: number; windowMs: number }): RetryStormConfig {
  return {
    seed: 20_261_201,
    // 5 ms per served request: 200 requests/s. 200 waiting = 1 s of work, 4× the callers' timeout.
    server: { serviceMs: 5, rejectMs: 0.5, dropMs: 0.1, queueLimit: 200, sliceMs: 1 },
    brownout: { earliestStartMs: size.earliestStartMs, latestStartMs: size.latestStartMs, durationMs: size.windowMs, serviceFactor: 4 },
    bucketMs: 100,
    durationMs: size.durationMs,
    // 65% of capacity: the vulnerable state.
    arrivalPerSec: 130,
    clientTimeoutMs: 250,
    keyTtlMs: 86_400_000,
    shortKeyTtlMs: 100,
    shortTtlPolicy: 'immediate',
    recovery: { windowMs: 1_000, fraction: 0.8 },
    drainTimeoutMs: 10_000,
    // A major GC of what cases F–H left fell inside the first storm in every full suite: collect before each run.
    settle: { warmUpCalls: 100, collectGarbageBeforeEachRun: true },
    policies: [...RETRY_POLICIES],
  };
}

/** Case I as data. */
export const specI: BeyondCaseSpec<RetryStormConfig, RetryStormResult> = {
  id: 'I',
  title: 'A retry storm: a metastable failure and the policies that prevent it',
  configSchema: RetryStormConfigSchema,
  resultSchema: RetryStormResultSchema,
  config: {
    // Windows end by 3.0 s; the run goes on to 8.0 s: at least 5 s after the trigger. At least 1 s
    // (130 calls) comes before it, for the goodput the recovery is measured against.
    full: stormConfig({ durationMs: 8_000, earliestStartMs: 1_000, latestStartMs: 1_500, windowMs: 1_500 }),
    quick: stormConfig({ durationMs: 2_000, earliestStartMs: 600, latestStartMs: 600, windowMs: 400 }),
  },
};
