/** Case B: one HTTP hop to the entitlement service over a keep-alive agent limited to one socket. */
import http from 'node:http';
import { CASE_COUNTS } from './counts.ts';
import type { LatencyCase } from './types.ts';
import { measureHttpCase } from './http-case.ts';

export const caseB: LatencyCase = {
  kind: 'latency',
  id: 'B',
  title: 'HTTP, keep-alive',
  hops: 1,
  counts: CASE_COUNTS.B,
  async runOnce(ctx, counts) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      return await measureHttpCase('B', ctx.run, counts, agent, ctx.entitlement, [
        { link: 'caller → entitlement', service: ctx.entitlement, expected: 1 },
      ]);
    } finally {
      agent.destroy();
    }
  },
};
