/**
 * Facts and tables for the article's section "With TLS and over a network": case G (TLS on loopback),
 * case H (a veth pair between namespaces) and the round-trip model of a real network. The model is
 * arithmetic: round trips per call times a round-trip time cited from the provider's documentation.
 */
import type { Results } from '@split-on-evidence/hop-bench/schema';
import type { BeyondResults } from '@split-on-evidence/hop-bench/beyond-schema';
import { mergeFacts, type Facts } from '../../facts/facts.ts';

/** The parts of case G's stored result this module reads (bench/src/beyond/cases/g-tls.ts). */
export interface GResultLike {
  opensslVersion: string;
  variants: { id: string; title: string; median: { p50Us: number; p95Us: number; p99Us: number; callsPerSec: number }; runs: { reuseRatePercent: number; tls: { protocol: string; cipher: string; group: string } }[] }[];
  certificateType: string;
}

/** The parts of case H's stored result this module reads (bench/src/beyond/remote/target-results.ts). */
export interface HResultLike {
  reference: { cases: ({ kind: 'latency'; id: string; median: { p50Us: number; p95Us: number; p99Us: number } } | { kind: 'failure'; id: string })[] } | null;
  G: GResultLike | null;
  network: { netem: boolean; delayMs: number | null; note: string };
}

/**
 * The inter-AZ round-trip time the model uses, from the provider's own documentation. AWS gives only a
 * range ("single-digit millisecond latency" between Availability Zones), so the model shows both ends
 * of it: 1 ms and 9 ms.
 */
export const AZ_RTT_SOURCE = {
  lowMs: 1,
  highMs: 9,
  /** As cited on the page. */
  citation: 'Amazon Web Services, "AWS Fault Isolation Boundaries" (whitepaper), section "Availability Zones", published 16 November 2022',
  url: 'https://docs.aws.amazon.com/whitepapers/latest/aws-fault-isolation-boundaries/availability-zones.html',
  /** The wording the range is read from. */
  wording: 'close enough to use synchronous replication with single-digit millisecond latency',
} as const;

/**
 * Round trips a call needs on a real network, without 0-RTT: the request and response (1), a TCP
 * connect (+1), a TLS 1.3 handshake, full or resumed (+1); the chain makes three sequential hops.
 */
export const ROUND_TRIPS: readonly { id: string; label: string; roundTrips: number; why: string }[] = [
  { id: 'B', label: 'B: HTTP, keep-alive', roundTrips: 1, why: 'request and response' },
  { id: 'G1', label: 'G1: HTTPS, keep-alive', roundTrips: 1, why: 'request and response' },
  { id: 'C', label: 'C: HTTP, new connection', roundTrips: 2, why: 'TCP connect, request' },
  { id: 'G2', label: 'G2: HTTPS, new connection, full handshake', roundTrips: 3, why: 'TCP connect, TLS 1.3 handshake, request' },
  { id: 'G3', label: 'G3: HTTPS, new connection, resumed session', roundTrips: 3, why: 'TCP connect, TLS 1.3 resumption, request' },
  { id: 'D', label: 'D: 3 sequential hops', roundTrips: 3, why: 'one per hop, each kept alive' },
];

function gFactsOf(prefix: string, g: GResultLike): Record<string, number> {
  const facts: Record<string, number> = {};
  for (const v of g.variants) {
    facts[`${prefix}.${v.id}.p50Us`] = v.median.p50Us;
    facts[`${prefix}.${v.id}.p95Us`] = v.median.p95Us;
    facts[`${prefix}.${v.id}.p99Us`] = v.median.p99Us;
    facts[`${prefix}.${v.id}.callsPerSec`] = v.median.callsPerSec;
    facts[`${prefix}.${v.id}.reuseRatePercent.min`] = Math.min(...v.runs.map((r) => r.reuseRatePercent));
  }
  for (const p of ['p50', 'p99'] as const) {
    const ratio = (x: string, y: string) => {
      const d = facts[`${prefix}.${y}.${p}Us`];
      if (d !== undefined && d > 0) facts[`${prefix}.ratio.${x}over${y}.${p}`] = facts[`${prefix}.${x}.${p}Us`]! / d;
    };
    ratio('G2', 'G3');
    ratio('G2', 'G1');
    ratio('G3', 'G1');
  }
  return facts;
}

/**
 * Case G's facts ("G.G1.p50Us", "G.ratio.G2overG3.p50", …): the BEYOND_FACTS line of case G.
 * "G.G3.keyExchangeOnResume" is 1 when G3's resumed calls still reported an ephemeral key-exchange
 * group (TLS 1.3 resumption with a fresh key exchange), 0 when they reported none.
 */
export function gFacts(result: GResultLike, config?: { minReuseRatePercent: number }): Record<string, number> {
  const g3 = result.variants.find((v) => v.id === 'G3');
  return {
    ...gFactsOf('G', result),
    ...(config ? { 'G.minReuseRatePercent': config.minReuseRatePercent } : {}),
    ...(g3 ? { 'G.G3.keyExchangeOnResume': g3.runs.every((r) => r.tls.group !== 'none') ? 1 : 0 } : {}),
  };
}

/** Case H's facts ("H.B.p50Us", "H.G.G2.p50Us", "H.netem", …): the BEYOND_FACTS line of case H. */
export function hFacts(result: HResultLike): Record<string, number> {
  const facts: Record<string, number> = { 'H.netem': result.network.netem ? 1 : 0, 'H.delayMs': result.network.delayMs ?? 0 };
  for (const c of result.reference?.cases ?? []) {
    if (c.kind !== 'latency') continue;
    facts[`H.${c.id}.p50Us`] = c.median.p50Us;
    facts[`H.${c.id}.p95Us`] = c.median.p95Us;
    facts[`H.${c.id}.p99Us`] = c.median.p99Us;
  }
  if (result.G) Object.assign(facts, gFactsOf('H.G', result.G));
  return facts;
}

/** The model's own facts: the cited range and the round trips of each case ("model.*", "source.aws.*"). */
export function networkModelFacts(): Facts {
  return mergeFacts({
    'source.aws.azLatencyLowMs': AZ_RTT_SOURCE.lowMs,
    'source.aws.azLatencyHighMs': AZ_RTT_SOURCE.highMs,
    ...Object.fromEntries(ROUND_TRIPS.map((r) => [`model.${r.id}.roundTrips`, r.roundTrips])),
  });
}

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

/** Case `id`'s result when it was measured. */
export function measured<T>(beyond: BeyondResults, id: string): T | undefined {
  const c = beyond.cases.find((k) => k.id === id);
  return c && c.status === 'measured' ? (c.result as T) : undefined;
}

/** One row of the round-trip model table, all times in ms. */
export interface ModelRow {
  id: string;
  label: string;
  roundTrips: number;
  why: string;
  /** Median time per call measured on this machine's loopback, ms; null when the case was not measured. */
  loopbackP50Ms: number | null;
  /** What the network adds at the low and the high end of the cited range, ms. */
  addedLowMs: number;
  addedHighMs: number;
  /** Loopback median plus what the network adds, ms; null without a loopback figure. */
  totalLowMs: number | null;
  totalHighMs: number | null;
}

/** The round-trip model: per case, round trips × the cited RTT range, beside this machine's loopback median. */
export function networkModelRows(results: Results, beyond: BeyondResults): ModelRow[] {
  const g = measured<GResultLike>(beyond, 'G');
  const p50Us = (id: string): number | undefined => {
    const ref = results.cases.find((c) => c.id === id);
    if (ref && ref.kind === 'latency') return ref.median.p50Us;
    return g?.variants.find((v) => v.id === id)?.median.p50Us;
  };
  return ROUND_TRIPS.map((r) => {
    const us = p50Us(r.id);
    const loopbackP50Ms = us === undefined ? null : us / 1000;
    const addedLowMs = r.roundTrips * AZ_RTT_SOURCE.lowMs;
    const addedHighMs = r.roundTrips * AZ_RTT_SOURCE.highMs;
    return {
      ...r,
      loopbackP50Ms,
      addedLowMs,
      addedHighMs,
      totalLowMs: loopbackP50Ms === null ? null : loopbackP50Ms + addedLowMs,
      totalHighMs: loopbackP50Ms === null ? null : loopbackP50Ms + addedHighMs,
    };
  });
}
