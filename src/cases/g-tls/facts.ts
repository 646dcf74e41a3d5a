/**
 * Case G's facts (TLS on loopback), for the article's section "With TLS and over a network": names
 * start with "G.". Case H reuses `tlsVariantFacts` for its TLS run across the veth pair ("H.G.").
 */

import { NOISE_SUFFIX, noiseVerdict } from '../../facts/noise-facts.ts';
import { pairedRatioFacts, pairRunsP50 } from '../../facts/paired-ratios.ts';
import type { NoiseCheck } from '@split-on-evidence/hop-bench/facts';
import { noiseCheckFacts } from './noise-check-facts.ts';

/** The parts of case G's stored result this module reads (bench/src/cases/g-tls/case.ts). */
export interface GResultLike {
  opensslVersion: string;
  variants: { id: string; title: string; median: { p50Us: number; p95Us: number; p99Us: number; callsPerSec: number }; runs: { run: number; p50Us: number; samples?: number; reuseRatePercent: number; tls: { protocol: string; cipher: string; group: string } }[] }[];
  certificateType: string;
  /** The noise rule's check (absent in results written before it, and in case H's TLS run). */
  noiseCheck?: NoiseCheck;
}

/**
 * One TLS result's facts under `prefix` ("G" on loopback, "H.G" across the veth pair): per variant its
 * p50/p95/p99 (µs), calls per second, lowest session-reuse rate (%) and run count ("….runs"), and the ratios between variants
 * (the p50 ones with their noise fact, "….p50.noise", facts/noise-facts.ts). A full handshake against a
 * resumed one is also paired run by run (G2 and G3 run against the same service in each run):
 * "<prefix>.ratio.G2overG3.pairedP50", the median of each run's G2 p50 ÷ its G3 p50, with .low, .high,
 * .runs and .noise (facts/paired-ratios.ts pairedRatioFacts), and .min/.max (the lowest and highest run's ratio).
 */
export function tlsVariantFacts(prefix: string, g: GResultLike): Record<string, number> {
  const facts: Record<string, number> = {};
  for (const v of g.variants) {
    facts[`${prefix}.${v.id}.p50Us`] = v.median.p50Us;
    facts[`${prefix}.${v.id}.p95Us`] = v.median.p95Us;
    facts[`${prefix}.${v.id}.p99Us`] = v.median.p99Us;
    facts[`${prefix}.${v.id}.callsPerSec`] = v.median.callsPerSec;
    facts[`${prefix}.${v.id}.reuseRatePercent.min`] = Math.min(...v.runs.map((r) => r.reuseRatePercent));
    facts[`${prefix}.${v.id}.runs`] = v.runs.length;
  }
  for (const p of ['p50', 'p99'] as const) {
    const ratio = (x: string, y: string) => {
      const d = facts[`${prefix}.${y}.${p}Us`];
      if (d === undefined || d <= 0) return;
      facts[`${prefix}.ratio.${x}over${y}.${p}`] = facts[`${prefix}.${x}.${p}Us`]! / d;
      const runs = (id: string) => g.variants.find((v) => v.id === id)?.runs.map((r) => r.p50Us) ?? [];
      // The one noise rule (facts/noise-facts.ts), on the run p50s of both variants.
      if (p === 'p50' && runs(x).length > 0 && runs(y).length > 0) facts[`${prefix}.ratio.${x}over${y}.${p}${NOISE_SUFFIX}`] = noiseVerdict(runs(x), runs(y));
    };
    ratio('G2', 'G3');
    ratio('G2', 'G1');
    ratio('G3', 'G1');
  }
  const runsOf = (id: string) => g.variants.find((v) => v.id === id)?.runs ?? [];
  const fullOverResumed = pairRunsP50(runsOf('G2'), runsOf('G3'));
  if (fullOverResumed.length > 0) {
    Object.assign(facts, pairedRatioFacts(`${prefix}.ratio.G2overG3.pairedP50`, fullOverResumed));
    // The range of the paired runs, for words that give it beside the median (the noise rule's interval is it only up to 5 runs).
    facts[`${prefix}.ratio.G2overG3.pairedP50.min`] = Math.min(...fullOverResumed);
    facts[`${prefix}.ratio.G2overG3.pairedP50.max`] = Math.max(...fullOverResumed);
  }
  return facts;
}

/**
 * Case G's facts ("G.G1.p50Us", "G.ratio.G2overG3.p50", …): the BEYOND_FACTS line of case G.
 * "G.G3.keyExchangeOnResume" is 1 when G3's resumed calls still reported an ephemeral key-exchange
 * group (TLS 1.3 resumption with a fresh key exchange), 0 when they reported none. "G.noiseCheck.*":
 * the noise rule's check (noise-check-facts.ts).
 */
export function gFacts(result: GResultLike, config?: { minReuseRatePercent: number }): Record<string, number> {
  const g3 = result.variants.find((v) => v.id === 'G3');
  return {
    ...tlsVariantFacts('G', result),
    ...noiseCheckFacts(result.noiseCheck),
    ...(config ? { 'G.minReuseRatePercent': config.minReuseRatePercent } : {}),
    ...(g3 ? { 'G.G3.keyExchangeOnResume': g3.runs.every((r) => r.tls.group !== 'none') ? 1 : 0 } : {}),
  };
}
