/** Case D as data (light: no code of the case): id, title and call counts, full (the reference's) and --quick. */
import { latencySpec } from '../../harness/case.ts';

export const specD = latencySpec('D', '3 sequential HTTP hops', { warmupCalls: 500, timedCalls: 5_000, throughputCalls: 0 }, { warmupCalls: 50, timedCalls: 500, throughputCalls: 0 });
