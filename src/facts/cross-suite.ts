/**
 * Facts that join the two suites: this build's TLS (case G) and veth (case H) figures set against its
 * loopback figures of the reference suite. They change with each run view (facts/run-views.ts), since
 * the reference suite's medians do.
 */
import type { Results } from '@split-on-evidence/hop-bench/schema';
import type { BeyondResults } from '../inputs/results-source.ts';
import type { GResultLike } from '../cases/g-tls/facts.ts';
import { hFacts, SAME_RUN_PAIRS, type HResultLike } from '../cases/h-network/facts.ts';
import { measured } from './beyond-facts.ts';
import { mergeFacts, type Facts } from './facts.ts';
import { NOISE_SUFFIX, noiseVerdict } from './noise-facts.ts';

/**
 * Facts that set this build's TLS and veth figures against its loopback figures of the reference suite
 * ("G.ratio.G1overB.p50", "H.ratio.BvethOverB.p50", …), each with its noise fact ("….p50.noise",
 * facts/noise-facts.ts: the two sides' run p50s judged by the one noise rule); none for a case that was
 * not measured. With case G, "G.ratio.G1overB.sameRunInH" and "G.ratio.G2overC.sameRunInH": 1 when case H
 * timed that pair in one run (its "H.ratio.…" facts exist, cases/h-network/facts.ts), else 0; and
 * "G.ratio.G2overG3.pairedInH": 1 when case H paired G2 and G3 run by run ("H.G.ratio.G2overG3.pairedP50"), else 0.
 */
export function crossSuiteFacts(results: Results, beyond: BeyondResults): Facts {
  const loopback: Record<string, number> = {};
  const loopbackRuns: Record<string, number[]> = {};
  for (const c of results.cases) {
    if (c.kind !== 'latency') continue;
    loopback[c.id] = c.median.p50Us;
    loopbackRuns[c.id] = c.runs.map((r) => r.p50Us);
  }
  const facts: Record<string, number> = {};
  /** Sets a ratio and its noise fact from each side's run p50s. */
  const put = (name: string, value: number, runs: readonly number[] | undefined, baseRuns: readonly number[] | undefined) => {
    facts[name] = value;
    if (runs && baseRuns && runs.length > 0 && baseRuns.length > 0) facts[name + NOISE_SUFFIX] = noiseVerdict(runs, baseRuns);
  };
  const g = measured<GResultLike>(beyond, 'G');
  if (g) {
    const p50 = (id: string) => g.variants.find((v) => v.id === id)?.median.p50Us;
    const runs = (id: string) => g.variants.find((v) => v.id === id)?.runs.map((r) => r.p50Us);
    if (loopback.B && p50('G1') !== undefined) put('G.ratio.G1overB.p50', p50('G1')! / loopback.B, runs('G1'), loopbackRuns.B);
    if (loopback.C && p50('G2') !== undefined) put('G.ratio.G2overC.p50', p50('G2')! / loopback.C, runs('G2'), loopbackRuns.C);
    if (loopback.C && p50('G3') !== undefined) put('G.ratio.G3overC.p50', p50('G3')! / loopback.C, runs('G3'), loopbackRuns.C);
  }
  const h = measured<HResultLike>(beyond, 'H');
  if (g) {
    // Whether case H timed the same pair in one run (its "H.ratio.G1overB.p50" exists): 1 or 0.
    const sameRunFacts = h ? hFacts(h) : {};
    for (const { tls, plain } of SAME_RUN_PAIRS) facts[`G.ratio.${tls}over${plain}.sameRunInH`] = Object.hasOwn(sameRunFacts, `H.ratio.${tls}over${plain}.p50`) ? 1 : 0;
    // And G2 ÷ G3 paired run by run within case H (its "H.G.ratio.G2overG3.pairedP50", cases/g-tls/facts.ts).
    facts['G.ratio.G2overG3.pairedInH'] = Object.hasOwn(sameRunFacts, 'H.G.ratio.G2overG3.pairedP50') ? 1 : 0;
  }
  if (h) {
    for (const c of h.reference?.cases ?? []) {
      if (c.kind === 'latency' && loopback[c.id]) {
        put(`H.ratio.${c.id}vethOver${c.id}.p50`, c.median.p50Us / loopback[c.id]!, c.runs.map((r) => r.p50Us), loopbackRuns[c.id]);
      }
    }
    const hg = h.G;
    if (hg && g) {
      for (const v of hg.variants) {
        const base = g.variants.find((x) => x.id === v.id);
        if (base && base.median.p50Us > 0) {
          put(`H.ratio.${v.id}vethOver${v.id}.p50`, v.median.p50Us / base.median.p50Us, v.runs.map((r) => r.p50Us), base.runs.map((r) => r.p50Us));
        }
      }
    }
  }
  return mergeFacts(facts);
}
