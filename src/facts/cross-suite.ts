/**
 * Facts that join the two suites: this build's TLS (case G) and veth (case H) figures set against its
 * loopback figures of the reference suite. They change with each run view (facts/run-views.ts), since
 * the reference suite's medians do.
 */
import type { Results } from '@split-on-evidence/hop-bench/schema';
import type { BeyondResults } from '@split-on-evidence/hop-bench/beyond-schema';
import type { GResultLike } from '../cases/g-tls/facts.ts';
import type { HResultLike } from '../cases/h-network/facts.ts';
import { measured } from './beyond-facts.ts';
import { mergeFacts, type Facts } from './facts.ts';

/**
 * Facts that set this build's TLS and veth figures against its loopback figures of the reference suite
 * ("G.ratio.G1overB.p50", "H.ratio.BvethOverB.p50", …); none for a case that was not measured.
 */
export function crossSuiteFacts(results: Results, beyond: BeyondResults): Facts {
  const loopback: Record<string, number> = {};
  for (const c of results.cases) if (c.kind === 'latency') loopback[c.id] = c.median.p50Us;
  const facts: Record<string, number> = {};
  const g = measured<GResultLike>(beyond, 'G');
  if (g) {
    const p50 = (id: string) => g.variants.find((v) => v.id === id)?.median.p50Us;
    if (loopback.B && p50('G1') !== undefined) facts['G.ratio.G1overB.p50'] = p50('G1')! / loopback.B;
    if (loopback.C && p50('G2') !== undefined) facts['G.ratio.G2overC.p50'] = p50('G2')! / loopback.C;
    if (loopback.C && p50('G3') !== undefined) facts['G.ratio.G3overC.p50'] = p50('G3')! / loopback.C;
  }
  const h = measured<HResultLike>(beyond, 'H');
  if (h) {
    for (const c of h.reference?.cases ?? []) {
      if (c.kind === 'latency' && loopback[c.id]) facts[`H.ratio.${c.id}vethOver${c.id}.p50`] = c.median.p50Us / loopback[c.id]!;
    }
    const hg = h.G;
    if (hg && g) {
      for (const v of hg.variants) {
        const base = g.variants.find((x) => x.id === v.id)?.median.p50Us;
        if (base) facts[`H.ratio.${v.id}vethOver${v.id}.p50`] = v.median.p50Us / base;
      }
    }
  }
  return mergeFacts(facts);
}
