/**
 * Case H: the hop over a network interface that is not loopback. Two network namespaces joined by a
 * veth pair (netns.ts), the services in one and the client in the other, cases B, C, D
 * and G across the pair through serve and target mode. Needs Linux, root and iproute2; elsewhere the
 * suite records why it was not measured. Where the kernel has sch_netem both ends get a one-way delay.
 */
import { netnsAvailability, runAcrossNamespaces } from './netns.ts';
import type { NetnsResults } from './target-results.ts';
import { specH, type HConfig } from './spec.ts';
import type { BeyondCase } from '../../harness/case.ts';

export const caseH: BeyondCase<HConfig, NetnsResults> = {
  ...specH,
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
