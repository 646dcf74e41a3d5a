/**
 * The results of a target-mode run (case H): the client ran here, the services on another host (or in
 * another network namespace). Its own file and schema, so the reference suite's results never change.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { GResultSchema } from '../../harness/tls-schema.ts';
import { writeFileAtomic } from '../../harness/results-file.ts';
import { CaseResultSchema, ConfigSchema, EnvironmentSchema } from '../../harness/schema.ts';

/** One remote service of the run. */
export const RemoteServiceSchema = z.object({
  /** "entitlement", "relay" or "entitlement-tls". */
  role: z.string(),
  /** "host:port" the client called. */
  address: z.string(),
  /** The environment its host reported over /info. */
  environment: EnvironmentSchema,
});

export const TargetResultsSchema = z.object({
  /** Layout version of this file. */
  schemaVersion: z.literal(1),
  kind: z.literal('target'),
  /** The client's machine. */
  client: EnvironmentSchema,
  /** "host:port" given as --target. */
  target: z.string(),
  /** The services, in call order from the target. */
  services: z.array(RemoteServiceSchema).min(1),
  /** Reference cases run against the services (B, C, D, E), with their configuration; null when none ran. */
  reference: z.object({ config: ConfigSchema, cases: z.array(CaseResultSchema) }).nullable(),
  /** Case G against the entitlement role's HTTPS service; null when it did not run. */
  G: GResultSchema.nullable(),
  /** The text report as printed. */
  report: z.string(),
  /** The network between client and services when the netns script ran them (absent for two real machines). */
  network: z
    .object({
      /** e.g. "veth pair between network namespaces". */
      kind: z.string(),
      /** Whether sch_netem added a delay on both ends. */
      netem: z.boolean(),
      /** One-way delay added on each end, ms; null without netem. */
      delayMs: z.number().nonnegative().nullable(),
      /** What was (not) added and why. */
      note: z.string(),
    })
    .optional(),
  /** Wall-clock time of the whole run, ms. */
  durationMs: z.number().nonnegative(),
});
export type TargetResults = z.infer<typeof TargetResultsSchema>;

/** A netns run's results: target results whose network is always described. */
export const NetnsResultsSchema = TargetResultsSchema.extend({ network: TargetResultsSchema.shape.network.unwrap() });
export type NetnsResults = z.infer<typeof NetnsResultsSchema>;

/**
 * Validates and writes target results atomically (temp file, then rename).
 * @throws Error naming the file and the first invalid field (nothing is written).
 */
export function writeTargetResults(file: string, results: TargetResults): void {
  const parsed = TargetResultsSchema.safeParse(results);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${file}: target results invalid at ${issue.path.join('.') || '(top)'}: ${issue.message}`);
  }
  writeFileAtomic(file, JSON.stringify(results, null, 2) + '\n');
}

/** Reads and validates a target results file. @throws Error naming the file and the first invalid field. */
export function readTargetResults(file: string): TargetResults {
  const parsed = TargetResultsSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${file}: not a target results file: ${issue.path.join('.') || '(top)'}: ${issue.message}; rerun npm run bench:netns`);
  }
  return parsed.data;
}
