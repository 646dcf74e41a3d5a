/** Case D: caller → relay A → relay B → entitlement service, three sequential keep-alive hops. */
import http from 'node:http';
import type { LatencyCase } from '../../harness/case.ts';
import { specD } from './spec.ts';
import { measureHttpCase } from '../../harness/http-case.ts';

export const caseD: LatencyCase = {
  ...specD,
  hops: 3,
  async run(ctx, counts) {
    const relayB = await ctx.startRelay(`relay B (case D, run ${ctx.run})`, ctx.entitlement.port);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const relayA = await ctx.startRelay(`relay A (case D, run ${ctx.run})`, relayB.port);
      try {
        return await measureHttpCase('D', ctx.run, counts, agent, relayA, [
          { link: 'caller → relay A', service: relayA, expected: 1 },
          { link: 'relay A → relay B', service: relayB, expected: 1 },
          { link: 'relay B → entitlement', service: ctx.entitlement, expected: 1 },
        ]);
      } finally {
        agent.destroy();
        await relayA.stop();
      }
    } finally {
      await relayB.stop();
    }
  },
};
