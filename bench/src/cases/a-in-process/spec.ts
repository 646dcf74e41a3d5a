/** Case A as data (light: no code of the case): id, title and call counts, full (the reference's) and --quick. */
import { latencySpec } from '../../harness/case.ts';

export const specA = latencySpec('A', 'in-process function call', { warmupCalls: 10_000, timedCalls: 100_000, throughputCalls: 1_000_000 }, { warmupCalls: 1_000, timedCalls: 10_000, throughputCalls: 100_000 });
