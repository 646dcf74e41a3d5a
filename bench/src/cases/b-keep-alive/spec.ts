/** Case B as data (light: no code of the case): id, kind, title and counts, full (the reference's) and --quick. */
import type { CaseSpec } from '../../harness/reference-case.ts';

export const specB = {
  id: 'B',
  kind: 'latency',
  title: 'HTTP, keep-alive',
  counts: {
    full: { warmupCalls: 1_000, timedCalls: 10_000, throughputCalls: 0 },
    quick: { warmupCalls: 100, timedCalls: 1_000, throughputCalls: 0 },
  },
} as const satisfies CaseSpec;
