/** Case B as data (light: no code of the case): id, title and call counts, full (the reference's) and --quick. */
import { latencySpec } from '../../harness/case.ts';

export const specB = latencySpec('B', 'HTTP, keep-alive', { warmupCalls: 1_000, timedCalls: 10_000, throughputCalls: 0 }, { warmupCalls: 100, timedCalls: 1_000, throughputCalls: 0 });
