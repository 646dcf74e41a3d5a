/** Case B: one HTTP hop to the entitlement service over a keep-alive agent limited to one socket. */
import http from 'node:http';
import type { LatencyCase } from '../../harness/case.ts';
import { specB } from './spec.ts';
import { measureHttpCase } from '../../harness/http-case.ts';

export const caseB: LatencyCase = {
  ...specB,
  hops: 1,
  async run(ctx, counts) {
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
