/** Case H as data (light: no code of the case): id, title, schemas and sizes. */
import { z } from 'zod';
import type { BeyondCaseSpec } from '../../harness/case.ts';
import { NetnsResultsSchema, type NetnsResults } from './target-results.ts';

/** Case H's parameters. */
export const HConfigSchema = z.object({
  /** Reference cases and G at their --quick counts (true) or full counts (false). */
  quickCounts: z.boolean(),
  /** One-way delay per veth end where sch_netem exists, ms (0: none). */
  delayMs: z.number().nonnegative().max(1000),
});
export type HConfig = z.infer<typeof HConfigSchema>;

/**
 * Case H as data. Its full size runs cases B, C, D and G across the pair at their --quick counts
 * (1,000 timed calls of B, 200 of C, 500 of D), three times: enough for the medians H compares with
 * loopback, and it keeps the beyond suite to about 5 minutes (at the reference counts H alone took
 * 2.7 minutes on a 2-core machine).
 */
export const specH: BeyondCaseSpec<HConfig, NetnsResults> = {
  id: 'H',
  title: 'Over a network interface: a veth pair between namespaces',
  configSchema: HConfigSchema,
  resultSchema: NetnsResultsSchema,
  config: { full: { quickCounts: true, delayMs: 0.5 }, quick: { quickCounts: true, delayMs: 0.5 } },
};
