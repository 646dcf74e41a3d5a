/**
 * Case H's facts (a veth pair between network namespaces), for the article's section "With TLS and
 * over a network": names start with "H.".
 */
import { tlsVariantFacts, type GResultLike } from '../g-tls/facts.ts';
import { NOISE_SUFFIX, noiseVerdict } from '../../facts/noise-facts.ts';

/** The parts of case H's stored result this module reads (bench/src/cases/h-network/target-results.ts). */
export interface HResultLike {
  reference: {
    config?: { latency?: Record<string, { timedCalls: number }> };
    cases: ({ kind: 'latency'; id: string; median: { p50Us: number; p95Us: number; p99Us: number }; runs: { p50Us: number }[] } | { kind: 'failure'; id: string })[];
  } | null;
  G: GResultLike | null;
  network: { netem: boolean; delayMs: number | null; note: string };
}

/** TLS against plain HTTP within case H's one run: each TLS variant and its plain counterpart. */
export const SAME_RUN_PAIRS = [
  { tls: 'G1', plain: 'B' },
  { tls: 'G2', plain: 'C' },
] as const;

/**
 * Case H's facts, the BEYOND_FACTS line of case H: "H.B.p50Us", "H.B.timedCalls" (calls timed per run
 * across the pair), "H.G.G2.p50Us", "H.G.G2.timedCalls" (the fewest calls any of G2's runs timed),
 * "H.netem", …; and TLS against plain HTTP from the same run, both across the pair (SAME_RUN_PAIRS):
 * "H.ratio.G1overB.p50" (G1's median p50 ÷ B's, unitless) with its noise fact ("….p50.noise",
 * facts/noise-facts.ts: the two cases' run p50s judged by the one noise rule).
 */
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
  if (result.G) {
    Object.assign(facts, tlsVariantFacts('H.G', result.G));
    for (const v of result.G.variants) {
      const samples = v.runs.map((r) => r.samples);
      if (samples.length > 0 && samples.every((n) => n !== undefined)) facts[`H.G.${v.id}.timedCalls`] = Math.min(...(samples as number[]));
    }
  }
  for (const { tls, plain } of SAME_RUN_PAIRS) {
    const t = result.G?.variants.find((v) => v.id === tls);
    const p = result.reference?.cases.find((c) => c.id === plain);
    if (!t || p?.kind !== 'latency' || p.median.p50Us <= 0) continue;
    facts[`H.ratio.${tls}over${plain}.p50`] = t.median.p50Us / p.median.p50Us;
    facts[`H.ratio.${tls}over${plain}.p50${NOISE_SUFFIX}`] = noiseVerdict(t.runs.map((r) => r.p50Us), p.runs.map((r) => r.p50Us));
  }
  return facts;
}
