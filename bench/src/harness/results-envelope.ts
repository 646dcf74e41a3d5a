/**
 * The one envelope of a results file, for both suites: which tool wrote it, on what machine, with what
 * configuration, each case's entry, the wall time and the report as printed. Every case entry of
 * either suite carries one tag, `status`: "measured" (with the case's own fields) or "not-measured"
 * (with the reason). What a suite's configuration and its measured entries hold is its own
 * (schema.ts for the reference suite, beyond-schema.ts for the beyond suite); how a file is parsed and
 * how a bad one is reported is here, once.
 */
import { z } from 'zod';
import { friendlyIssues } from './friendly-errors.ts';

/** The machine and software that produced the figures. */
export const EnvironmentSchema = z.object({
  /** CPU model as the OS reports it (os.cpus()[0].model), e.g. "AMD EPYC 7B13". */
  cpuModel: z.string().min(1),
  /** Logical cores seen by Node (os.availableParallelism()). */
  cores: z.number().int().positive(),
  /** Total RAM in bytes (os.totalmem()). */
  ramBytes: z.number().int().positive(),
  /** OS name, e.g. "Linux" (os.type()). */
  osType: z.string().min(1),
  /** Kernel release, e.g. "6.1.0-18-amd64" (os.release()). */
  osRelease: z.string().min(1),
  /** Node's platform, e.g. "linux" (process.platform). */
  platform: z.string().min(1),
  /** CPU architecture, e.g. "x64" (process.arch). */
  arch: z.string().min(1),
  /** Node version that ran the bench, e.g. "v24.20.0" (process.version). */
  nodeVersion: z.string().regex(/^v\d+\.\d+\.\d+/, 'a Node version such as v24.20.0'),
  /** V8 version (process.versions.v8). */
  v8Version: z.string().min(1),
  /** When the run started, ISO 8601 in UTC. */
  startedAt: z.iso.datetime(),
  /** Git commit of the bench source (40 hex digits), or null outside a git checkout. */
  gitCommit: z.string().regex(/^[0-9a-f]{40}$/).nullable(),
  /** True when the bench source had uncommitted changes at run time; null when unknown. */
  gitDirty: z.boolean().nullable(),
  /** SHA-256 (hex) over the bench's source files, path and content, sorted by path. */
  benchSourceSha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** SHA-256 (hex) of the repository's package-lock.json at run time; null when there is none. */
  lockfileSha256: z.string().regex(/^[0-9a-f]{64}$/).nullable().default(null),
  /** Host name of the machine (os.hostname()), for archived runs. */
  hostname: z.string(),
});

/** The tag of a case entry that ran: its own fields follow. */
export const MeasuredStatusSchema = z.literal('measured');

/**
 * The tag of a reference case entry: files written before the tag existed carry none, and every
 * reference case in them ran, so a missing tag reads as "measured".
 */
export const ReferenceStatusSchema = MeasuredStatusSchema.default('measured');

/** A case this machine could not run. */
export const NotMeasuredCaseSchema = z.object({
  /** Case id, e.g. "H". */
  id: z.string(),
  /** Label as printed in the report. */
  title: z.string().min(1),
  status: z.literal('not-measured'),
  /** One plain sentence: why not, and what would make it runnable (from the case's available()). */
  reason: z.string().min(1),
});

/**
 * The fields of every results file, in the order they are written, around a suite's own
 * configuration and case entries.
 * @param parts the suite's configuration schema and the schema of its array of case entries.
 */
export function envelopeFields<Config extends z.ZodType, Cases extends z.ZodType>(parts: { config: Config; cases: Cases }) {
  return {
    /** Name and version of the bench package. */
    tool: z.object({ name: z.literal('hop-bench'), version: z.string() }),
    /** Machine and software; benchSourceSha256 is the suite's own source hash (Suite.sourceSha256). */
    environment: EnvironmentSchema,
    /** The run's configuration. */
    config: parts.config,
    /** One entry per configured case, in the order they ran. */
    cases: parts.cases,
    /** Wall time of the whole suite, ms. */
    durationMs: z.number().finite().nonnegative(),
    /** The text report exactly as printed on stdout. */
    report: z.string().min(1),
  };
}

/** A results file failed validation; `message` lists each problem as "path: what was expected, got value". */
export class ResultsValidationError extends Error {
  /** The file that failed. */
  readonly file: string;
  /** Each problem: dotted field path and what was wrong. */
  readonly issues: readonly { path: string; message: string }[];
  /** @param fix the remedy line; defaults to re-running the reference bench. */
  constructor(file: string, issues: readonly { path: string; message: string }[], fix = 'Fix: re-run the bench (npm run bench) to regenerate it, or restore a good copy.') {
    super(
      `${file} is not a valid hop-bench results file:\n` +
        issues.map((i) => `  - ${i.path || '(root)'}: ${i.message}`).join('\n') +
        `\n${fix}`,
    );
    this.name = 'ResultsValidationError';
    this.file = file;
    this.issues = issues;
  }
}

/**
 * Validates parsed JSON against a suite's results schema.
 * @param fix the remedy line of the error (how to regenerate this suite's file).
 * @throws ResultsValidationError naming each bad field, what was expected and what was received.
 */
export function parseWith<T>(schema: z.ZodType<T>, data: unknown, file: string, fix?: string): T {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  throw new ResultsValidationError(
    file,
    friendlyIssues(parsed.error, data).map((issue) => ({ path: issue.field, message: issue.text })),
    fix,
  );
}

/**
 * Reads a results file's text as JSON, then validates it with `parse`.
 * @throws ResultsValidationError when the text is not JSON, or what `parse` throws.
 */
export function parseTextWith<T>(parse: (data: unknown, file: string) => T, text: string, file: string, fix?: string): T {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ResultsValidationError(file, [{ path: '', message: `not valid JSON: ${(error as Error).message}` }], fix);
  }
  return parse(data, file);
}
