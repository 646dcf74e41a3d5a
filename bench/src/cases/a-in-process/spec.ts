/** Case A as data (light: no code of the case): id, kind, title and counts, full (the reference's) and --quick. */
import type { CaseSpec } from '../../harness/reference-case.ts';

export const specA = {
  id: 'A',
  kind: 'latency',
  title: 'in-process function call',
  counts: {
    full: { warmupCalls: 10_000, timedCalls: 100_000, throughputCalls: 1_000_000 },
    quick: { warmupCalls: 1_000, timedCalls: 10_000, throughputCalls: 100_000 },
  },
} as const satisfies CaseSpec;
