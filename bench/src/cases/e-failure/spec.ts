/** Case E as data (light: no code of the case): id, title and its parameters, full (the reference's) and --quick. */
import type { FailureCaseConfig } from '../../harness/schema.ts';
import { failureSpec } from '../../harness/case.ts';

/** Case E's parameters for a number of calls per variant (the rest is the hop-bench spec's). */
function failureConfig(callsPerVariant: number): FailureCaseConfig {
  return {
    callsPerVariant,
    delayProbability: 0.01,
    delayMs: 1_000,
    clientTimeoutMs: 500,
    maxRetries: 2,
    backoffBaseMs: 50,
    backoffJitterMs: 50,
    settleMs: 1_200,
    slowCallMs: 400,
    invoiceAmountCents: 4_900,
  };
}

export const specE = failureSpec('E', 'create invoice', failureConfig(2_000), failureConfig(200));
