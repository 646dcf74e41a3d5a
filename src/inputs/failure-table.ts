/**
 * The failure table of case E (cases/e-failure/FailureTable.astro) as a typed view: every count is the
 * page's fact (facts/facts.ts resultFacts: E.V.F.run{r}, the totals E.V.F.total and E.V.slowestMs.max,
 * the setup E.delayPercent, E.delayMs, E.clientTimeoutMs, E.callsPerVariant, E.slowCallMs), so a total
 * in the table is the total the prose writes; the variants' labels and run numbers come from the results.
 */
import type { Results } from '@split-on-evidence/hop-bench/schema';
import { FactError, FAILURE_VARIANTS, failureCase, requireFact, type Facts } from '../facts/facts.ts';

/** The counts of one row; slowestMs in ms. */
export interface FailureCounts {
  failed: number;
  invoicesWritten: number;
  duplicates: number;
  slowCalls: number;
  slowestMs: number;
}

/** One client variant's block: each run's counts, then all runs' (totals; the slowest call of any run). */
export interface FailureVariantRows {
  /** Bench id, e.g. "retry-key". */
  id: string;
  /** As the results label it, e.g. "Retry with idempotency key". */
  label: string;
  runs: (FailureCounts & { run: number })[];
  total: FailureCounts;
}

/** The table: its setup (from the facts) and the variants in the results' order. */
export interface FailureTableView {
  setup: { delayPercent: number; delayMs: number; clientTimeoutMs: number; callsPerVariant: number; slowCallMs: number };
  variants: FailureVariantRows[];
}

/**
 * The failure table's view.
 * @throws FactError when case E, a variant the page describes, or one of its facts is missing.
 */
export function failureTableView(results: Results, facts: Facts): FailureTableView {
  const fact = (name: string) => requireFact(facts, name);
  return {
    setup: { delayPercent: fact('E.delayPercent'), delayMs: fact('E.delayMs'), clientTimeoutMs: fact('E.clientTimeoutMs'), callsPerVariant: fact('E.callsPerVariant'), slowCallMs: fact('E.slowCallMs') },
    variants: failureCase(results).variants.map((v) => {
      const key = Object.hasOwn(FAILURE_VARIANTS, v.id) ? FAILURE_VARIANTS[v.id as keyof typeof FAILURE_VARIANTS] : undefined;
      if (!key) throw new FactError(`case E: variant "${v.id}" has no facts; the page describes ${Object.keys(FAILURE_VARIANTS).join(', ')}. Fix: add it to FAILURE_VARIANTS (src/facts/facts.ts).`);
      const counts = (suffix: string, slowest: string): FailureCounts => ({
        failed: fact(`E.${key}.failed.${suffix}`),
        invoicesWritten: fact(`E.${key}.invoicesWritten.${suffix}`),
        duplicates: fact(`E.${key}.duplicates.${suffix}`),
        slowCalls: fact(`E.${key}.slowCalls.${suffix}`),
        slowestMs: fact(`E.${key}.slowestMs.${slowest}`),
      });
      return { id: v.id, label: v.label, runs: v.runs.map((r) => ({ run: r.run, ...counts(`run${r.run}`, `run${r.run}`) })), total: counts('total', 'max') };
    }),
  };
}
