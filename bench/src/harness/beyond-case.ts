/**
 * The contract of a case in the second suite, "beyond": what the reference suite A–E does not show
 * (load, TLS, a real network, clustered failures). A beyond case is one module that exports one
 * BeyondCase, plus one line in the beyond registry. It never changes the reference suite, its
 * output or its results file. Additive changes to this contract only: cases F, G, H and I are
 * written against it in parallel.
 */
import type { z } from 'zod';

/** Whether this machine can run a case; checked before the case runs. */
export type Availability =
  | { readonly ok: true }
  /**
   * Not runnable here. `reason` is one plain sentence for the report and the page, e.g. "needs root
   * and iproute2 to create network namespaces; run as root, or skip case H".
   */
  | { readonly ok: false; readonly reason: string };

/** What a beyond case gets when it runs. */
export interface BeyondRunContext {
  /** True for the smoke size (--quick): each case stays under 10 s. */
  readonly quick: boolean;
  /** Repetitions asked for (--runs; default 3, quick 1). A case that repeats its measurement uses it. */
  readonly runs: number;
  /** Writes a progress line to stderr. Never call it inside a timed loop. */
  log(line: string): void;
  /** Aborted on SIGINT or SIGTERM; long loops check it and stop early. */
  readonly signal: AbortSignal;
}

/**
 * A beyond case as data (light: its folder's spec, no code that runs): what the configuration, the
 * results schema and the cache key need. Config: the case's parameters (units in the field names);
 * Result: what one run of the case stores.
 */
export interface BeyondCaseSpec<Config = unknown, Result = unknown> {
  /** One capital letter after E: "F", "G", "H", "I". */
  readonly id: string;
  /** Label as printed in the report, e.g. "Under load: the hop and the chain". */
  readonly title: string;
  /** Zod schema of Config, stored in the results file with every field documented. */
  readonly configSchema: z.ZodType<Config>;
  /** Zod schema of Result, with every field documented (unit in the name or the docstring). */
  readonly resultSchema: z.ZodType<Result>;
  /** Parameters at default size and at --quick size. */
  readonly config: { readonly full: Config; readonly quick: Config };
}

/** One case of the beyond suite: its spec and its code (cases/<letter>-<name>/case.ts). */
export interface BeyondCase<Config = unknown, Result = unknown> extends BeyondCaseSpec<Config, Result> {
  /** Whether the case can run on this machine. Must not throw. */
  available(): Promise<Availability>;
  /**
   * Runs the case. Every process, socket and timer it starts is closed before it resolves or rejects
   * (services through harness/process.ts so stopAll() also reaches them on any exit).
   * @throws Error naming the case and what failed.
   */
  run(ctx: BeyondRunContext, config: Config): Promise<Result>;
  /** The case's section of the text report: lines without trailing newlines, units in the headers. */
  report(result: Result, config: Config): string[];
  /** Warnings with a remedy each (hyperfine style), e.g. "level c=64: client used 97% of a core; …". */
  warnings?(result: Result, config: Config): string[];
}

/** A registered case, whatever its Config and Result types. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyBeyondCase = BeyondCase<any, any>;

/** A registered case's spec, whatever its Config and Result types. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyBeyondCaseSpec = BeyondCaseSpec<any, any>;
