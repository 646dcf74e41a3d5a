/** Case A: the entitlement check called in-process. Its timings are mostly the two clock reads. */
import { checkEntitlement } from '../../harness/entitlement.ts';
import type { LatencyCase } from '../../harness/case.ts';
import { specA } from './spec.ts';
import { latencyRun, REQUEST_PERIOD, REQUESTS } from '../../harness/measure.ts';

export const caseA: LatencyCase = {
  ...specA,
  hops: 0,
  async run(ctx, counts) {
    let warmSink = 0;
    for (let i = 0; i < counts.warmupCalls; i++) warmSink += checkEntitlement(REQUESTS[i % REQUEST_PERIOD]!).limit;
    const samplesNs = new Float64Array(counts.timedCalls);
    let sink = 0;
    const start = process.hrtime.bigint();
    for (let i = 0; i < counts.timedCalls; i++) {
      const t0 = process.hrtime.bigint();
      sink += checkEntitlement(REQUESTS[i % REQUEST_PERIOD]!).limit;
      samplesNs[i] = Number(process.hrtime.bigint() - t0);
    }
    const elapsedNs = Number(process.hrtime.bigint() - start);
    // Calls/s from one untimed loop: per-call clock reads would dominate A's own cost.
    let throughputSink = 0;
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < counts.throughputCalls; i++) throughputSink += checkEntitlement(REQUESTS[i % REQUEST_PERIOD]!).limit;
    const throughputNs = Number(process.hrtime.bigint() - t0);
    // Sinks are used, so no loop can be optimised away.
    if (warmSink + throughputSink <= 0) throw new Error('case A: the untimed loops summed no limits');
    return latencyRun(ctx.run, 'A', { samplesNs, elapsedNs, sink }, [], counts.throughputCalls / (throughputNs / 1e9));
  },
};
