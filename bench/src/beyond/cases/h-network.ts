/**
 * Case H: the hop over a network interface that is not loopback. Two network namespaces joined by a
 * veth pair (beyond/remote/netns.ts), the services in one and the client in the other, cases B, C, D
 * and G across the pair through serve and target mode. Needs Linux, root and iproute2; elsewhere the
 * suite records why it was not measured. Where the kernel has sch_netem both ends get a one-way delay.
 */
import { z } from 'zod';
import { netnsAvailability, runAcrossNamespaces } from '../remote/netns.ts';
import { NetnsResultsSchema, type NetnsResults } from '../remote/target-results.ts';
import type { BeyondCase } from '../types.ts';

/** Case H's parameters. */
export const HConfigSchema = z.object({
  /** Reference cases and G at their --quick counts (true) or full counts (false). */
  quickCounts: z.boolean(),
  /** One-way delay per veth end where sch_netem exists, ms (0: none). */
  delayMs: z.number().nonnegative().max(1000),
});
export type HConfig = z.infer<typeof HConfigSchema>;

export const caseH: BeyondCase<HConfig, NetnsResults> = {
  id: 'H',
  title: 'Over a network interface: a veth pair between namespaces',
  configSchema: HConfigSchema,
  resultSchema: NetnsResultsSchema,
  config: { full: { quickCounts: false, delayMs: 0.5 }, quick: { quickCounts: true, delayMs: 0.5 } },
  available: netnsAvailability,
  async run(ctx, config) {
    return runAcrossNamespaces({ quick: config.quickCounts, runs: ctx.runs, delayMs: config.delayMs, out: null, log: ctx.log, signal: ctx.signal });
  },
  report(result) {
    return [`H. ${result.network.kind}: ${result.network.note}`, ...result.report.trimEnd().split('\n')];
  },
  warnings(result) {
    return result.network.netem
      ? []
      : ['no netem on this kernel, so the veth pair added no delay; its figures are a lower bound for a real network: read the round-trip model beside them, or run on a kernel with sch_netem (modprobe sch_netem)'];
  },
};
