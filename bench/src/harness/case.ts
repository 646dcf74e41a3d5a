/**
 * The one case contract, for every case A–I of both suites. A case is a folder
 * bench/src/cases/<letter>-<name>/ with a light `spec.ts` (a CaseSpec: id, title, the schemas of its
 * parameters and of what one run returns, its full and --quick sizes), a `case.ts` (a BenchCase: the
 * spec and `run()`) and an `entry.ts` (both together, for its suite's registry). Adding a case touches
 * no other case. What differs between the suites is only what a run is handed (the Context: the
 * reference suite's seeded service for one round, or the beyond suite's whole run) and the fields a
 * case adds of its own (a reference case's `kind`; a beyond case's section of the report).
 */
import { z } from 'zod';
import {
  FailureCaseConfigSchema,
  FailureVariantRunSchema,
  LatencyCaseConfigSchema,
  LatencyRunSchema,
  type FailureCaseConfig,
  type FailureVariantRun,
  type LatencyCaseConfig,
  type LatencyRun,
} from './schema.ts';
import type { Service } from './service.ts';

/** Whether this machine can run a case; checked before the case runs. */
export type Availability =
  | { readonly ok: true }
  /**
   * Not runnable here. `reason` is one plain sentence for the report and the page, e.g. "needs root
   * and iproute2 to create network namespaces; run as root, or skip case H".
   */
  | { readonly ok: false; readonly reason: string };

/**
 * A case as data (light: no code that runs): what the configuration, the results schema and the cache
 * key need. Config: the case's parameters (units in the field names); Result: what one run returns.
 */
export interface CaseSpec<Config = unknown, Result = unknown> {
  /** One capital letter: "A" … "E" (reference suite), "F" … (beyond suite). */
  readonly id: string;
  /** Label as printed in the report, e.g. "HTTP, keep-alive". */
  readonly title: string;
  /** Zod schema of Config, every field documented. */
  readonly configSchema: z.ZodType<Config>;
  /** Zod schema of what one `run()` returns, every field documented (unit in the name or the docstring). */
  readonly resultSchema: z.ZodType<Result>;
  /** Parameters at default size (the reference's, for cases A–E) and at --quick size. */
  readonly config: { readonly full: Config; readonly quick: Config };
}

/** What every run of every case is handed; each suite's context adds its own (below). */
export interface CaseContextBase {
  /** Writes a progress line to stderr. Never call it inside a timed loop. */
  log(line: string): void;
  /** Aborted on SIGINT or SIGTERM; long loops check it and stop early. */
  readonly signal: AbortSignal;
}

/**
 * A case: its spec and its code. Every process, socket and timer `run` starts is closed before it
 * resolves or rejects (services through harness/process.ts so stopAll() also reaches them on any exit).
 */
export interface BenchCase<Config, Result, Context extends CaseContextBase> extends CaseSpec<Config, Result> {
  /** Whether the case can run on this machine (default: it can). Must not throw. */
  available?(): Promise<Availability>;
  /**
   * Runs the case once with `config`; the suite checks the result against `resultSchema`.
   * @throws Error naming what failed (the suite adds the case and the round).
   */
  run(ctx: Context, config: Config): Promise<Result>;
  /** Warnings with a remedy each (hyperfine style), e.g. "level c=64: client used 97% of a core; …". */
  warnings?(result: Result, config: Config): string[];
}

/**
 * What one run of `c` returned, checked against the case's own result schema (its defaults applied).
 * @throws Error naming the case and the first field that does not fit.
 */
export function checkResult<Result>(c: CaseSpec<unknown, Result>, result: unknown): Result {
  const checked = c.resultSchema.safeParse(result);
  if (checked.success) return checked.data;
  const first = checked.error.issues[0]!;
  throw new Error(`case ${c.id} (${c.title}) produced a result that does not fit its schema: ${first.path.join('.')}: ${first.message}`);
}

// ---- The reference suite (A–E): one run per round, against the round's seeded entitlement service.

/** What a reference case gets for one round. */
export interface RunContext extends CaseContextBase {
  /** Run (round) index, 0-based. */
  readonly run: number;
  /** The round's entitlement service (fresh per round). */
  readonly entitlement: Service;
  /** Starts a relay in front of `nextPort`; stopped by the case (or by stopAll on any exit). */
  startRelay(label: string, nextPort: number): Promise<Service>;
  /** Client PRNG seed for retry jitter. */
  readonly clientSeed: number;
}

/** A case that times one call over some transport and reports percentiles (A–D). */
export interface LatencyCaseSpec extends CaseSpec<LatencyCaseConfig, LatencyRun> {
  readonly kind: 'latency';
}

/** A case that injects failures and counts outcomes per variant (E); one result per variant. */
export interface FailureCaseSpec extends CaseSpec<FailureCaseConfig, FailureVariantRun[]> {
  readonly kind: 'failure';
}

/** A reference case as data. */
export type ReferenceCaseSpec = LatencyCaseSpec | FailureCaseSpec;

/** A latency case's spec from its id, title and call counts (full: the reference's; quick: smoke). */
export function latencySpec(id: string, title: string, full: LatencyCaseConfig, quick: LatencyCaseConfig): LatencyCaseSpec {
  return { id, kind: 'latency', title, configSchema: LatencyCaseConfigSchema, resultSchema: LatencyRunSchema, config: { full, quick } };
}

/** A failure case's spec from its id, title and parameters (full: the reference's; quick: smoke). */
export function failureSpec(id: string, title: string, full: FailureCaseConfig, quick: FailureCaseConfig): FailureCaseSpec {
  return { id, kind: 'failure', title, configSchema: FailureCaseConfigSchema, resultSchema: z.array(FailureVariantRunSchema).min(1), config: { full, quick } };
}

/** A latency case's code. */
export interface LatencyCase extends LatencyCaseSpec, BenchCase<LatencyCaseConfig, LatencyRun, RunContext> {
  /** Network hops per call. */
  readonly hops: number;
}

/** A variant of a failure case. */
export interface FailureVariantDef {
  readonly id: string;
  readonly label: string;
  readonly retries: boolean;
  readonly idempotencyKey: boolean;
}

/** A failure case's code: it runs every variant once, in order. */
export interface FailureCase extends FailureCaseSpec, BenchCase<FailureCaseConfig, FailureVariantRun[], RunContext> {
  readonly variants: readonly FailureVariantDef[];
}

/** A reference case's code. */
export type ReferenceCase = LatencyCase | FailureCase;

// ---- The beyond suite (F–I): one run of the whole case, which repeats its own measurement.

/** What a beyond case gets when it runs. */
export interface BeyondRunContext extends CaseContextBase {
  /** True for the smoke size (--quick): each case stays under 10 s. */
  readonly quick: boolean;
  /** Repetitions asked for (--runs; default 3, quick 1). A case that repeats its measurement uses it. */
  readonly runs: number;
}

/** A beyond case as data. */
export type BeyondCaseSpec<Config = unknown, Result = unknown> = CaseSpec<Config, Result>;

/** A beyond case's code: it prints its own section of the report. */
export interface BeyondCase<Config = unknown, Result = unknown> extends BenchCase<Config, Result, BeyondRunContext> {
  /** Whether the case can run on this machine; a beyond case always says (it may need root, a peer, …). Must not throw. */
  available(): Promise<Availability>;
  /** The case's section of the text report: lines without trailing newlines, units in the headers. */
  report(result: Result, config: Config): string[];
}

/** A registered beyond case, whatever its Config and Result types. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyBeyondCase = BeyondCase<any, any>;

/** A registered beyond case's spec, whatever its Config and Result types. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyBeyondCaseSpec = BeyondCaseSpec<any, any>;
