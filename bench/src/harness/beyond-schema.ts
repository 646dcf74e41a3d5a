/**
 * The beyond suite's results file (bench/results/beyond-latest.json): its configuration and its
 * measured case entries, inside the envelope every results file shares (results-envelope.ts), each
 * case's config and result checked by that case's own schemas (the registered specs, given by the
 * suite, suites/beyond.ts). Separate from the reference results (schema.ts, latest.json), which it
 * never touches.
 */
import { z } from 'zod';
import type { BeyondCaseSpec } from './case.ts';
import type { BeyondConfig } from './case-config.ts';
import { envelopeFields, MeasuredStatusSchema, NotMeasuredCaseSchema, parseTextWith, parseWith } from './results-envelope.ts';

export { NotMeasuredCaseSchema } from './results-envelope.ts';

/** Version of the beyond results layout; bump when a field changes meaning. */
export const BEYOND_SCHEMA_VERSION = 1;

/** The configuration of the run (see case-config.ts). */
export const BeyondConfigSchema = z.object({
  /** "full" (every case, default size and runs), "quick" (smoke size) or "custom" (a subset or other runs). */
  mode: z.enum(['full', 'quick', 'custom']),
  /** Repetitions asked for; a case that repeats its measurement uses it. */
  runs: z.number().int().positive(),
  /** Case ids run, in registry order. */
  cases: z.array(z.string().regex(/^[F-Z]$/, 'one capital letter after E')),
  /** Each case's parameters by id; checked against that case's configSchema. */
  caseConfigs: z.record(z.string(), z.unknown()),
}) satisfies z.ZodType<BeyondConfig>;

/** A case that ran. */
export const MeasuredCaseSchema = z.object({
  /** Case id, e.g. "F". */
  id: z.string(),
  /** Label as printed in the report. */
  title: z.string().min(1),
  status: MeasuredStatusSchema,
  /** Wall time the case took, ms. */
  durationMs: z.number().finite().nonnegative(),
  /** What the case stored; checked against that case's resultSchema. */
  result: z.unknown(),
  /** Warnings with a remedy each, as printed after the report. */
  warnings: z.array(z.string()),
});

const BeyondResultsObject = z.object({
  /** Layout version (BEYOND_SCHEMA_VERSION). */
  schemaVersion: z.literal(BEYOND_SCHEMA_VERSION),
  /** Which suite this file holds; always "beyond". */
  suite: z.literal('beyond'),
  ...envelopeFields({ config: BeyondConfigSchema, cases: z.array(z.discriminatedUnion('status', [MeasuredCaseSchema, NotMeasuredCaseSchema])) }),
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
  }).transform((r): BeyondResults => ({
    // Each case's config and result as its own schema reads them (its defaults applied), so their types hold.
    ...r,
    config: { ...r.config, caseConfigs: Object.fromEntries(Object.entries(r.config.caseConfigs).map(([id, cfg]) => [id, beyondCase(id)?.configSchema.parse(cfg) ?? cfg])) },
    cases: r.cases.map((c) => (c.status === 'measured' ? { ...c, result: beyondCase(c.id)?.resultSchema.parse(c.result) ?? c.result } : c)),
  }));
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
/** One beyond case's outcome. */
export type BeyondCaseOutcome = MeasuredCase | NotMeasuredCase;
/** A beyond results file. */
export type BeyondResults = z.infer<typeof BeyondResultsObject>;

const BEYOND_FIX = 'Fix: re-run the beyond suite (npm run bench -- --suite beyond) to regenerate it, or restore a good copy.';

/**
 * Validates parsed JSON as a beyond results file of a bench with these case specs.
 * @throws ResultsValidationError naming each bad field, what was expected and what was received.
 */
export function parseBeyondResults(specs: readonly BeyondCaseSpec[], data: unknown, file: string): BeyondResults {
  return parseWith(beyondResultsSchema(specs), data, file, BEYOND_FIX);
}

/**
 * Reads and validates a beyond results file's text.
 * @throws ResultsValidationError when the text is not JSON or not a valid beyond results file.
 */
export function parseBeyondResultsText(specs: readonly BeyondCaseSpec[], text: string, file: string): BeyondResults {
  return parseTextWith((data, at) => parseBeyondResults(specs, data, at), text, file, BEYOND_FIX);
}
