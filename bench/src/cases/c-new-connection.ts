/** Case C: one HTTP hop with no keep-alive: every call opens, and closes, its own TCP connection. */
import http from 'node:http';
import type { LatencyCase } from './types.ts';
import { measureHttpCase } from './http-case.ts';

export const caseC: LatencyCase = {
  kind: 'latency',
  id: 'C',
  title: 'HTTP, new connection per call',
  hops: 1,
  counts: {
    full: { warmupCalls: 200, timedCalls: 2_000, throughputCalls: 0 },
    quick: { warmupCalls: 20, timedCalls: 200, throughputCalls: 0 },
  },
  async runOnce(ctx, counts) {
    const agent = new http.Agent({ keepAlive: false });
    try {
      return await measureHttpCase('C', ctx.run, counts, agent, ctx.entitlement, [
        { link: 'caller → entitlement', service: ctx.entitlement, expected: counts.warmupCalls + counts.timedCalls },
      ]);
    } finally {
      agent.destroy();
    }
  },
};
