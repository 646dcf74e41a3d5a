/** Case C: one HTTP hop with no keep-alive: every call opens, and closes, its own TCP connection. */
import http from 'node:http';
import type { LatencyCase } from '../../harness/case.ts';
import { specC } from './spec.ts';
import { measureHttpCase } from '../../harness/http-case.ts';

export const caseC: LatencyCase = {
  ...specC,
  hops: 1,
  async run(ctx, counts) {
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
