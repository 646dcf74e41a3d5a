/** The beyond suite's text report: the machine header, then each case's own section (or why it was not measured). */
import type { Environment } from './schema.ts';
import type { BeyondConfig } from './beyond-config.ts';
import type { AnyBeyondCase } from './beyond-case.ts';
import type { MeasuredCase, NotMeasuredCase } from './beyond-schema.ts';

/** One beyond case's outcome. */
export type BeyondCaseOutcome = MeasuredCase | NotMeasuredCase;

/**
 * Formats the report; ends with a newline.
 * @param registry the suite's case modules: each measured case prints its own section (BeyondCase.report).
 */
export function formatBeyondReport(env: Environment, config: BeyondConfig, cases: readonly BeyondCaseOutcome[], registry: readonly AnyBeyondCase[]): string {
  const lines = [
    `Beyond suite (${config.mode}): what the serial floor hides`,
    `Machine: ${env.cpuModel}, ${env.cores} cores, ${Math.round(env.ramBytes / 1024 ** 3)} GB RAM`,
    `OS: ${env.osType} ${env.osRelease} (${env.platform} ${env.arch}), Node ${env.nodeVersion}`,
    `Date: ${env.startedAt}`,
  ];
  for (const c of cases) {
    lines.push('', `${c.id}. ${c.title}`);
    if (c.status === 'not-measured') {
      lines.push(`  not measured here, because ${c.reason}`);
      continue;
    }
    const def = registry.find((k) => k.id === c.id)!;
    lines.push(...def.report(c.result, config.caseConfigs[c.id]));
  }
  return lines.join('\n') + '\n';
}
