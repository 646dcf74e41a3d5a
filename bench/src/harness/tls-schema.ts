/**
 * The shapes of case G's configuration and result (TLS over the hop). In the harness because three
 * parts store them: case G, case H (G across a network) and target mode's results file.
 */
import { z } from 'zod';
import { LatencyCaseConfigSchema, LatencyMedianSchema, LatencyRunSchema } from './schema.ts';
import { NoiseCheckConfigSchema, NoiseCheckSchema } from './noise-check-schema.ts';

/** The three variants, in the order they run. */
export const G_VARIANTS = ['G1', 'G2', 'G3'] as const;
export type GVariantId = (typeof G_VARIANTS)[number];

/** Case G's parameters. */
export const GConfigSchema = z.object({
  /** Warm-up and timed calls per run of each variant (G1 as B, G2 and G3 as C). */
  calls: z.object({ G1: LatencyCaseConfigSchema, G2: LatencyCaseConfigSchema, G3: LatencyCaseConfigSchema }),
  /** G3 fails when fewer of its timed calls than this resumed their session, percent. */
  minReuseRatePercent: z.number().min(0).max(100),
  /** Server keep-alive timeout, ms. */
  serverKeepAliveMs: z.number().int().positive(),
  /** Bound on a service's start, ms. */
  serviceStartTimeoutMs: z.number().int().positive(),
  /** Pause between runs, ms. */
  pauseBetweenRunsMs: z.number().int().nonnegative(),
  /** The noise rule's A/A check, run after the variants (noise-check.ts); absent in results written before it. */
  noiseCheck: NoiseCheckConfigSchema.optional(),
});
export type GConfig = z.infer<typeof GConfigSchema>;

/** What TLS negotiated, read from the client socket of the first timed call. */
export const TlsNegotiatedSchema = z.object({
  /** e.g. "TLSv1.3" (tlsSocket.getProtocol()). */
  protocol: z.string(),
  /** IANA cipher suite name, e.g. "TLS_AES_256_GCM_SHA384" (getCipher().standardName). */
  cipher: z.string(),
  /** Key-exchange group, e.g. "X25519MLKEM768" (getEphemeralKeyInfo().name); "none" when not ephemeral. */
  group: z.string(),
});

/** One run of one variant: the latency run of B and C, plus what TLS did. */
export const GRunSchema = LatencyRunSchema.extend({
  tls: TlsNegotiatedSchema,
  /** Timed calls whose socket resumed a session (isSessionReused()). */
  resumedCalls: z.number().int().nonnegative(),
  /** resumedCalls ÷ timed calls, percent. */
  reuseRatePercent: z.number().min(0).max(100),
});

/** One variant across runs. */
export const GVariantSchema = z.object({
  /** "G1", "G2" or "G3". */
  id: z.enum(G_VARIANTS),
  /** Label as printed in the report. */
  title: z.string(),
  /** The plain-HTTP case it mirrors: "B" or "C". */
  counterpart: z.enum(['B', 'C']),
  /** Network hops per call (1). */
  hops: z.literal(1),
  runs: z.array(GRunSchema).min(1),
  /** Median across runs, µs (as the reference suite's latency cases; intervals come with issue 8a). */
  median: LatencyMedianSchema,
});

/** What one run of case G stores. */
export const GResultSchema = z.object({
  /** process.versions.openssl of the client, e.g. "3.5.7". */
  opensslVersion: z.string(),
  /** Node version of the client, e.g. "v24.20.0". */
  nodeVersion: z.string(),
  /** The server certificate, e.g. "ECDSA P-256 (prime256v1), self-signed, SAN IP Address:127.0.0.1". */
  certificateType: z.string(),
  /** Where the services ran: "loopback" (this machine) or "host:port" of a remote entitlement service. */
  where: z.string(),
  variants: z.array(GVariantSchema).length(3),
  /** The noise rule's A/A check on this machine (noise-check.ts); absent in results written before it, and in case H. */
  noiseCheck: NoiseCheckSchema.optional(),
});
export type GResult = z.infer<typeof GResultSchema>;
export type GVariantResult = z.infer<typeof GVariantSchema>;
