/**
 * Runs the beyond suite: per case, the availability check, then the run, then the result checked
 * against the case's own schema. A case that cannot run here is recorded as not measured, with its
 * reason; a case that fails while running fails the suite (nothing is written).
 */
import type { BeyondConfig } from './config.ts';
import { BEYOND_CASES, type AnyBeyondCase } from './index.ts';
import type { MeasuredCase, NotMeasuredCase } from './results-schema.ts';

/** One case's outcome. */
export type BeyondCaseOutcome = MeasuredCase | NotMeasuredCase;

/**
 * Runs the configured cases in registry order.
 * @param signal aborted on SIGINT/SIGTERM; passed to every case, and no further case starts.
 * @param registry the cases to choose from (default: the beyond registry; tests pass their own).
 * @throws Error naming the case when a run fails, its result does not fit its schema, or the run was aborted.
 */
export async function runBeyondSuite(
  config: BeyondConfig,
  log: (line: string) => void,
  signal: AbortSignal,
  registry: readonly AnyBeyondCase[] = BEYOND_CASES,
): Promise<{ cases: BeyondCaseOutcome[]; durationMs: number }> {
  const started = performance.now();
  const outcomes: BeyondCaseOutcome[] = [];
  for (const c of registry.filter((k) => config.cases.includes(k.id))) {
    if (signal.aborted) throw new Error('the beyond suite was interrupted');
    let availability;
    try {
      availability = await c.available();
    } catch (error) {
      availability = { ok: false as const, reason: `its availability check failed (${(error as Error).message})` };
    }
    if (!availability.ok) {
      log(`beyond  ${c.id}. ${c.title}: not measured here, because ${availability.reason}`);
      outcomes.push({ id: c.id, title: c.title, status: 'not-measured', reason: availability.reason });
      continue;
    }
    const caseConfig = c.configSchema.parse(config.caseConfigs[c.id]);
    const t0 = performance.now();
    log(`beyond  ${c.id}. ${c.title} …`);
    let result: unknown;
    try {
      result = await c.run({ quick: config.mode === 'quick', runs: config.runs, log, signal }, caseConfig);
    } catch (error) {
      throw new Error(`case ${c.id} (${c.title}): ${(error as Error).message}`, { cause: error });
    }
    if (signal.aborted) throw new Error(`case ${c.id} (${c.title}) was interrupted`);
    const checked = c.resultSchema.safeParse(result);
    if (!checked.success) {
      const first = checked.error.issues[0]!;
      throw new Error(`case ${c.id} (${c.title}) produced a result that does not fit its schema: ${first.path.join('.')}: ${first.message}`);
    }
    const durationMs = performance.now() - t0;
    log(`beyond  ${c.id} done in ${(durationMs / 1000).toFixed(1)} s`);
    outcomes.push({
      id: c.id,
      title: c.title,
      status: 'measured',
      durationMs,
      result: checked.data,
      warnings: c.warnings?.(checked.data, caseConfig) ?? [],
    });
  }
  return { cases: outcomes, durationMs: performance.now() - started };
}
