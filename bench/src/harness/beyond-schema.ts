/**
 * The beyond suite's results file (bench/results/beyond-latest.json): a zod schema composed from the
 * registered cases' configSchema and resultSchema (given by the suite, suites/beyond.ts), and its
 * parser. Separate from the reference results (schema.ts, latest.json), which it never touches.
 */
import { z } from 'zod';
import { friendlyIssues } from './friendly-errors.ts';
import { EnvironmentSchema, ResultsValidationError } from './schema.ts';
import type { BeyondCaseSpec } from './beyond-case.ts';

/** Version of the beyond results layout; bump when a field changes meaning. */
export const BEYOND_SCHEMA_VERSION = 1;

/** The configuration of the run (see beyond-config.ts). */
export const BeyondConfigSchema = z.object({
  /** "full" (every case, default size and runs), "quick" (smoke size) or "custom" (a subset or other runs). */
  mode: z.enum(['full', 'quick', 'custom']),
  /** Repetitions asked for; a case that repeats its measurement uses it. */
  runs: z.number().int().positive(),
  /** Case ids run, in registry order. */
  cases: z.array(z.string().regex(/^[F-Z]$/, 'one capital letter after E')),
  /** Each case's parameters by id; checked against that case's configSchema. */
  caseConfigs: z.record(z.string(), z.unknown()),
});

/** A case that ran. */
export const MeasuredCaseSchema = z.object({
  /** Case id, e.g. "F". */
  id: z.string(),
  /** Label as printed in the report. */
  title: z.string().min(1),
  status: z.literal('measured'),
  /** Wall time the case took, ms. */
  durationMs: z.number().finite().nonnegative(),
  /** What the case stored; checked against that case's resultSchema. */
  result: z.unknown(),
  /** Warnings with a remedy each, as printed after the report. */
  warnings: z.array(z.string()),
});

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

const BeyondResultsObject = z.object({
  /** Layout version (BEYOND_SCHEMA_VERSION). */
  schemaVersion: z.literal(BEYOND_SCHEMA_VERSION),
  /** Which suite this file holds; always "beyond". */
  suite: z.literal('beyond'),
  /** The tool that wrote it. */
  tool: z.object({ name: z.literal('hop-bench'), version: z.string() }),
  /** Machine and software, as in the reference results; benchSourceSha256 is the beyond suite's source hash (beyondSuite.sourceSha256). */
  environment: EnvironmentSchema,
  /** The run's configuration. */
  config: BeyondConfigSchema,
  /** One entry per configured case, in order. */
  cases: z.array(z.discriminatedUnion('status', [MeasuredCaseSchema, NotMeasuredCaseSchema])),
  /** Wall time of the whole suite, ms. */
  durationMs: z.number().finite().nonnegative(),
  /** The text report exactly as printed. */
  report: z.string(),
});

/**
 * The whole beyond results file; each case's config and result are validated by that case's own schemas.
 * @param specs the registered cases (a file naming another case is refused).
 */
export function beyondResultsSchema(specs: readonly BeyondCaseSpec[]) {
  const beyondCase = (id: string) => specs.find((c) => c.id === id);
  return BeyondResultsObject.superRefine((r, ctx) => {
    const ids = r.cases.map((c) => c.id);
    if (ids.join(',') !== r.config.cases.join(',')) {
      ctx.addIssue({ code: 'custom', path: ['cases'], message: `cases are ${ids.join(',') || 'none'} but config.cases lists ${r.config.cases.join(',') || 'none'}` });
    }
    r.config.cases.forEach((id, k) => {
      const def = beyondCase(id);
      if (!def) {
        ctx.addIssue({
          code: 'custom',
          path: ['config', 'cases', k],
          message: `case "${id}" is not in this bench's beyond registry (${specs.map((c) => c.id).join(', ') || 'empty'}); the file comes from another version of the bench`,
        });
        return;
      }
      addIssues(ctx, ['config', 'caseConfigs', id], def.configSchema.safeParse(r.config.caseConfigs[id]));
    });
    r.cases.forEach((c, k) => {
      const def = beyondCase(c.id);
      if (def && c.status === 'measured') addIssues(ctx, ['cases', k, 'result'], def.resultSchema.safeParse(c.result));
    });
  });
}

function addIssues(ctx: z.RefinementCtx, prefix: (string | number)[], parsed: { success: boolean; error?: z.ZodError }): void {
  if (parsed.success) return;
  for (const issue of parsed.error!.issues) {
    ctx.addIssue({ code: 'custom', path: [...prefix, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))], message: issue.message });
  }
}

/** A measured case entry. */
export type MeasuredCase = z.infer<typeof MeasuredCaseSchema>;
/** A not-measured case entry. */
export type NotMeasuredCase = z.infer<typeof NotMeasuredCaseSchema>;
/** A beyond results file. */
export type BeyondResults = z.infer<typeof BeyondResultsObject>;

/**
 * Validates parsed JSON as a beyond results file of a bench with these case specs.
 * @throws ResultsValidationError naming each bad field, what was expected and what was received.
 */
export function parseBeyondResults(specs: readonly BeyondCaseSpec[], data: unknown, file: string): BeyondResults {
  const parsed = beyondResultsSchema(specs).safeParse(data);
  if (parsed.success) return parsed.data;
  throw new ResultsValidationError(
    file,
    friendlyIssues(parsed.error, data).map((issue) => ({ path: issue.field, message: issue.text })),
    'Fix: re-run the beyond suite (npm run bench -- --suite beyond) to regenerate it, or restore a good copy.',
  );
}

/**
 * Reads and validates a beyond results file's text.
 * @throws ResultsValidationError when the text is not JSON or not a valid beyond results file.
 */
export function parseBeyondResultsText(specs: readonly BeyondCaseSpec[], text: string, file: string): BeyondResults {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ResultsValidationError(file, [{ path: '', message: `not valid JSON: ${(error as Error).message}` }],
      'Fix: re-run the beyond suite (npm run bench -- --suite beyond) to regenerate it, or restore a good copy.');
  }
  return parseBeyondResults(specs, data, file);
}
