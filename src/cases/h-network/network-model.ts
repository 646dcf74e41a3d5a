/**
 * The round-trip model of a real network, for the article's section "With TLS and over a network":
 * round trips per call times a round-trip time cited from the provider's documentation, beside this
 * machine's loopback medians (reference suite and case G). Arithmetic, not a measurement.
 */
import type { Results } from '@split-on-evidence/hop-bench/schema';
import type { BeyondResults } from '@split-on-evidence/hop-bench/beyond-schema';
import { measured } from '../../facts/beyond-facts.ts';
import { mergeFacts, type Facts } from '../../facts/facts.ts';
import type { GResultLike } from '../g-tls/facts.ts';

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

/** The model's own facts: the cited range and the round trips of each case ("model.*", "source.aws.*"). */
export function networkModelFacts(): Facts {
  return mergeFacts({
    'source.aws.azLatencyLowMs': AZ_RTT_SOURCE.lowMs,
    'source.aws.azLatencyHighMs': AZ_RTT_SOURCE.highMs,
    ...Object.fromEntries(ROUND_TRIPS.map((r) => [`model.${r.id}.roundTrips`, r.roundTrips])),
  });
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
