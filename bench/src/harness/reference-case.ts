/**
 * What a reference-suite case is: a folder under bench/src/cases/ with a light `spec.ts` (a CaseSpec:
 * id, kind, title, counts) and a `case.ts` exporting one BenchCase; the suite's registry
 * (suites/reference.ts) lists them. Adding a case touches no other case.
 */
import type { FailureCaseConfig, FailureVariantRun, LatencyCaseConfig, LatencyRun } from './schema.ts';
import type { Service } from './service.ts';

/** A case as data (light): what the configuration and the cache key need of it, without its code. */
export type CaseSpec =
  | { readonly id: string; readonly kind: 'latency'; readonly title: string; readonly counts: { readonly full: LatencyCaseConfig; readonly quick: LatencyCaseConfig } }
  | { readonly id: string; readonly kind: 'failure'; readonly title: string; readonly counts: { readonly full: FailureCaseConfig; readonly quick: FailureCaseConfig } };

/** What a case gets for one run. */
export interface RunContext {
  /** Run index, 0-based. */
  readonly run: number;
  /** The run's entitlement service (fresh per run). */
  readonly entitlement: Service;
  /** Starts a relay in front of `nextPort`; stopped by the case (or by stopAll on any exit). */
  startRelay(label: string, nextPort: number): Promise<Service>;
  /** Client PRNG seed for retry jitter. */
  readonly clientSeed: number;
  /** Writes a progress line to stderr. Never call inside a timed loop. */
  log(line: string): void;
}

/** A case that times one call over some transport and reports percentiles. */
export interface LatencyCase {
  readonly kind: 'latency';
  /** One capital letter, e.g. "B". */
  readonly id: string;
  /** Label as printed in the report. */
  readonly title: string;
  /** Network hops per call. */
  readonly hops: number;
  /** Counts for the full suite (the reference's) and for --quick. */
  readonly counts: { readonly full: LatencyCaseConfig; readonly quick: LatencyCaseConfig };
  /** Runs the case once. @throws when a call fails or the socket counts break the case's premise. */
  runOnce(ctx: RunContext, counts: LatencyCaseConfig): Promise<LatencyRun>;
}

/** A variant of a failure case. */
export interface FailureVariantDef {
  readonly id: string;
  readonly label: string;
  readonly retries: boolean;
  readonly idempotencyKey: boolean;
}

/** A case that injects failures and counts outcomes per variant. */
export interface FailureCase {
  readonly kind: 'failure';
  readonly id: string;
  readonly title: string;
  readonly variants: readonly FailureVariantDef[];
  readonly counts: { readonly full: FailureCaseConfig; readonly quick: FailureCaseConfig };
  /** Runs every variant once, in order; one result per variant. */
  runOnce(ctx: RunContext, config: FailureCaseConfig): Promise<FailureVariantRun[]>;
}

export type BenchCase = LatencyCase | FailureCase;
