/** Case E as data (light: no code of the case): id, kind, title and its parameters, full (the reference's) and --quick. */
import type { FailureCaseConfig } from '../../harness/schema.ts';
import type { CaseSpec } from '../../harness/reference-case.ts';

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

export const specE = {
  id: 'E',
  kind: 'failure',
  title: 'create invoice',
  counts: { full: failureConfig(2_000), quick: failureConfig(200) },
} as const satisfies CaseSpec;
