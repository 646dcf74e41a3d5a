/** Case D as data (light: no code of the case): id, kind, title and counts, full (the reference's) and --quick. */
import type { CaseSpec } from '../../harness/reference-case.ts';

export const specD = {
  id: 'D',
  kind: 'latency',
  title: '3 sequential HTTP hops',
  counts: {
    full: { warmupCalls: 500, timedCalls: 5_000, throughputCalls: 0 },
    quick: { warmupCalls: 50, timedCalls: 500, throughputCalls: 0 },
  },
} as const satisfies CaseSpec;
