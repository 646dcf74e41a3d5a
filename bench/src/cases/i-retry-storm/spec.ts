/** Case I as data (light: no code of the case): id, title, schemas (schema.ts), sizes and the policies it compares. */
import type { BeyondCaseSpec } from '../../harness/beyond-case.ts';
import { RetryStormConfigSchema, RetryStormResultSchema, type RetryPolicy, type RetryStormConfig, type RetryStormResult } from './schema.ts';

/** Sources, as cited on the page. */
export const RETRY_SOURCES = {
  aws: 'Marc Brooker, "Timeouts, retries, and backoff with jitter", Amazon Builders\' Library',
  grpcA6: 'Noah Eisen and Eric Gribkoff, "gRPC Retry Design" (gRPC proposal A6), last updated 2017-09-13',
  sre: 'Google, Site Reliability Engineering, chapter "Handling Overload" (sre.google/sre-book/handling-overload): retry at once when only a few backend tasks are overloaded, at most 3 attempts per request',
} as const;

/** The four policies of the issue, as data. */
export const RETRY_POLICIES: readonly RetryPolicy[] = [
  { id: 'none', label: 'no retry', maxAttempts: 1, backoff: null, budget: null, source: 'baseline: the caller never retries' },
  {
    id: 'immediate',
    label: 'immediate retries',
    maxAttempts: 3,
    backoff: null,
    budget: null,
    source: RETRY_SOURCES.sre,
  },
  { id: 'backoff', label: 'backoff with jitter', maxAttempts: 3, backoff: { baseMs: 50, capMs: 1_000 }, budget: null, source: RETRY_SOURCES.aws },
  {
    id: 'budget',
    label: 'backoff + retry budget',
    maxAttempts: 3,
    backoff: { baseMs: 50, capMs: 1_000 },
    budget: { kind: 'grpc-a6-retry-throttling', maxTokens: 10, tokenRatio: 0.1 },
    source: `${RETRY_SOURCES.aws}; budget: ${RETRY_SOURCES.grpcA6}, section "Throttling Retry Attempts and Hedged RPCs"`,
  },
];

function stormConfig(size: { durationMs: number; earliestStartMs: number; latestStartMs: number; windowMs: number }): RetryStormConfig {
  return {
    seed: 20_261_201,
    server: { concurrency: 4, serviceMs: 20, queueLimit: 16 },
    brownout: { earliestStartMs: size.earliestStartMs, latestStartMs: size.latestStartMs, durationMs: size.windowMs, serviceFactor: 20 },
    bucketMs: 100,
    durationMs: size.durationMs,
    arrivalPerSec: 100,
    clientTimeoutMs: 200,
    conflictWaitMs: 50,
    keyTtlMs: 86_400_000,
    shortKeyTtlMs: 50,
    shortTtlPolicy: 'backoff',
    recoveryP99Factor: 2,
    drainTimeoutMs: 10_000,
    policies: [...RETRY_POLICIES],
  };
}

/** Case I as data. */
export const specI: BeyondCaseSpec<RetryStormConfig, RetryStormResult> = {
  id: 'I',
  title: 'When failures cluster: retry storms and retry budgets',
  configSchema: RetryStormConfigSchema,
  resultSchema: RetryStormResultSchema,
  config: {
    full: stormConfig({ durationMs: 10_000, earliestStartMs: 3_000, latestStartMs: 3_500, windowMs: 2_000 }),
    quick: stormConfig({ durationMs: 1_200, earliestStartMs: 300, latestStartMs: 400, windowMs: 300 }),
  },
};
