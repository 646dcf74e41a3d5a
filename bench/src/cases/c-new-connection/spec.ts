/** Case C as data (light: no code of the case): id, title and call counts, full (the reference's) and --quick. */
import { latencySpec } from '../../harness/case.ts';

export const specC = latencySpec('C', 'HTTP, new connection per call', { warmupCalls: 200, timedCalls: 2_000, throughputCalls: 0 }, { warmupCalls: 20, timedCalls: 200, throughputCalls: 0 });
