/**
 * Facts from the beyond suite's results: a registry, one line per case, mapping that case's stored
 * result (and config) to named facts such as "F.chain.open.p99Us.at95". Every name starts with the
 * case id, so a case that was not measured simply has no facts, and the article's block for it
 * (<BeyondCase id="…">) is skipped by the checks and replaced on the page by "not measured here,
 * because …". Each case also gets "beyond.X.measured" (1 or 0), and the run "beyond.durationMin"
 * (its wall time, minutes: the one source of the duration the page states).
 */
import type { BeyondResults, MeasuredCase, NotMeasuredCase } from '../inputs/results-source.ts';
import { caseFFacts } from '../cases/f-load/facts.ts';
import { FactError, mergeFacts, type Facts } from './facts.ts';
import { gFacts } from '../cases/g-tls/facts.ts';
import { checkOptionalFacts } from './optional-facts.ts';
import { hFacts } from '../cases/h-network/facts.ts';
import { retryStormFacts } from '../cases/i-retry-storm/facts.ts';

/** Maps one measured case's result and config to its facts (names start with "<id>."). */
export type BeyondFactSource = (result: never, config: never) => Record<string, number>;

/** The registry: case id → its fact source. One line per case. */
export const BEYOND_FACTS: Readonly<Record<string, BeyondFactSource>> = {
  F: caseFFacts,
  G: gFacts,
  H: hFacts,
  I: retryStormFacts,
};

/** The outcome of case `id` in `results`, or undefined when the run did not include it. */
export function beyondOutcome(results: BeyondResults, id: string): MeasuredCase | NotMeasuredCase | undefined {
  return results.cases.find((c) => c.id === id);
}

/**
 * Why case `id` has no figures on this page, or undefined when it was measured.
 * @returns one plain sentence's clause, e.g. "needs root to create network namespaces".
 */
export function notMeasuredReason(results: BeyondResults, id: string): string | undefined {
  const c = beyondOutcome(results, id);
  if (c === undefined) return `the beyond results (from a ${results.config.mode} run) do not include case ${id}`;
  return c.status === 'not-measured' ? c.reason : undefined;
}

/**
 * Every fact of the beyond results.
 * @throws FactError when a case's fact source fails or names a fact outside its case's prefix, or
 *   publishes an outcome-dependent fact against its outcome (optional-facts.ts).
 */
export function beyondFacts(results: BeyondResults): Facts {
  const records: Facts[] = [{ 'beyond.durationMin': results.durationMs / 60_000 }];
  for (const c of results.cases) {
    records.push({ [`beyond.${c.id}.measured`]: c.status === 'measured' ? 1 : 0 });
    if (c.status !== 'measured') continue;
    const source = BEYOND_FACTS[c.id];
    if (!source) continue;
    let facts: Record<string, number>;
    try {
      facts = (source as (r: unknown, cfg: unknown) => Record<string, number>)(c.result, results.config.caseConfigs[c.id]);
    } catch (error) {
      throw new FactError(`cases.${c.id}: its facts cannot be built: ${(error as Error).message}`);
    }
    const stray = Object.keys(facts).filter((n) => !n.startsWith(`${c.id}.`));
    if (stray.length > 0) throw new FactError(`case ${c.id}'s facts must start with "${c.id}.": ${stray.join(', ')}`);
    records.push(facts);
  }
  const merged = mergeFacts(...records);
  checkOptionalFacts(merged);
  return merged;
}

/** Ids of the cases the article describes that have no figures here (not measured, or not in the file). */
export function unmeasuredCaseIds(results: BeyondResults, describedIds: readonly string[]): Set<string> {
  return new Set(describedIds.filter((id) => notMeasuredReason(results, id) !== undefined));
}

/** Case `id`'s result when it was measured. */
export function measured<T>(beyond: BeyondResults, id: string): T | undefined {
  const c = beyond.cases.find((k) => k.id === id);
  return c && c.status === 'measured' ? (c.result as T) : undefined;
}
