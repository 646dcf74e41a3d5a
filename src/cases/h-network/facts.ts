/**
 * Case H's facts (a veth pair between network namespaces), for the article's section "With TLS and
 * over a network": names start with "H.".
 */
import { tlsVariantFacts, type GResultLike } from '../g-tls/facts.ts';

/** The parts of case H's stored result this module reads (bench/src/cases/h-network/target-results.ts). */
export interface HResultLike {
  reference: {
    config?: { latency?: Record<string, { timedCalls: number }> };
    cases: ({ kind: 'latency'; id: string; median: { p50Us: number; p95Us: number; p99Us: number }; runs: { p50Us: number }[] } | { kind: 'failure'; id: string })[];
  } | null;
  G: GResultLike | null;
  network: { netem: boolean; delayMs: number | null; note: string };
}

/** Case H's facts ("H.B.p50Us", "H.B.timedCalls" (calls timed per run across the pair), "H.G.G2.p50Us", "H.netem", …): the BEYOND_FACTS line of case H. */
export function hFacts(result: HResultLike): Record<string, number> {
  const facts: Record<string, number> = { 'H.netem': result.network.netem ? 1 : 0, 'H.delayMs': result.network.delayMs ?? 0 };
  for (const c of result.reference?.cases ?? []) {
    if (c.kind !== 'latency') continue;
    facts[`H.${c.id}.p50Us`] = c.median.p50Us;
    facts[`H.${c.id}.p95Us`] = c.median.p95Us;
    facts[`H.${c.id}.p99Us`] = c.median.p99Us;
    const counts = result.reference?.config?.latency?.[c.id];
    if (counts) facts[`H.${c.id}.timedCalls`] = counts.timedCalls;
  }
  if (result.G) Object.assign(facts, tlsVariantFacts('H.G', result.G));
  return facts;
}
