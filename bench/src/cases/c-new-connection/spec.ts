/** Case C as data (light: no code of the case): id, kind, title and counts, full (the reference's) and --quick. */
import type { CaseSpec } from '../../harness/reference-case.ts';

export const specC = {
  id: 'C',
  kind: 'latency',
  title: 'HTTP, new connection per call',
  counts: {
    full: { warmupCalls: 200, timedCalls: 2_000, throughputCalls: 0 },
    quick: { warmupCalls: 20, timedCalls: 200, throughputCalls: 0 },
  },
} as const satisfies CaseSpec;
