/**
 * The one report writer, for both suites: an optional lead line, the machine header, the suite's own
 * header lines, then each section after a blank line; ends with a newline. What goes into the
 * sections is each suite's layout (the reference suite's is the reference output's,
 * reference-output-2026-10-19.txt; a beyond case prints its own section).
 */
import type { Environment } from './schema.ts';

/** What a report is made of, in print order. */
export interface ReportParts {
  /** Lines before the machine header, e.g. the beyond suite's "Beyond suite (quick): …". */
  readonly lead?: readonly string[];
  /** The machine and software the run used. */
  readonly env: Environment;
  /** Lines after the machine header, e.g. the reference suite's "Iterations per run: …". */
  readonly head?: readonly string[];
  /** The body, one blank line before each section. */
  readonly sections: readonly (readonly string[])[];
}

/** Formats a report; ends with a newline. */
export function formatReport({ lead = [], env, head = [], sections }: ReportParts): string {
  const lines = [
    ...lead,
    `Machine: ${env.cpuModel}, ${env.cores} cores, ${Math.round(env.ramBytes / 1024 ** 3)} GB RAM`,
    `OS: ${env.osType} ${env.osRelease} (${env.platform} ${env.arch}), Node ${env.nodeVersion}`,
    `Date: ${env.startedAt}`,
    ...head,
  ];
  for (const section of sections) lines.push('', ...section);
  return lines.join('\n') + '\n';
}
