/**
 * What the build says about how long a suite's run will take: only a measured figure, the duration the
 * suite's last full run on this machine recorded in its results file (`durationMs`), never a typed
 * estimate. No readable full run there → nothing is said.
 */
import { readFileSync } from 'node:fs';
import { runDurationText } from '../prose/provenance.ts';

/**
 * "; the full run now in it took 8.9 min" for the results file `file`, or '' when the file is missing,
 * unreadable, not a full run or has no duration.
 */
export function lastRunEstimate(file: string): string {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return '';
  }
  const run = data as { durationMs?: unknown; config?: { mode?: unknown } } | null;
  if (!run || typeof run.durationMs !== 'number' || !Number.isFinite(run.durationMs) || run.durationMs <= 0 || run.config?.mode !== 'full') return '';
  return `; the full run now in it took ${runDurationText(run.durationMs)}`;
}
