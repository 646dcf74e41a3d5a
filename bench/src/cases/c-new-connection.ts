/** Case C: one HTTP hop with no keep-alive: every call opens, and closes, its own TCP connection. */
import http from 'node:http';
import { CASE_COUNTS } from './counts.ts';
import type { LatencyCase } from './types.ts';
import { measureHttpCase } from './http-case.ts';

export const caseC: LatencyCase = {
  kind: 'latency',
  id: 'C',
  title: 'HTTP, new connection per call',
  hops: 1,
  counts: CASE_COUNTS.C,
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
