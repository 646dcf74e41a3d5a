/**
 * Chart 3: the failure-injection test — failed calls, duplicate invoices and slow calls for each
 * client variant and run.
 */
import type { FailureCaseResult, FailureVariant, Results } from '@split-on-evidence/hop-bench/schema';
import { format } from '../../format/number.ts';
import type { ChartData } from '../../components/charts/chart-spec.ts';

/**
 * The (first) failure-injection case of a results file.
 * @throws Error when there is none.
 */
export function failureCase(results: Results): FailureCaseResult {
  const found = results.cases.find((c): c is FailureCaseResult => c.kind === 'failure');
  if (!found) throw new Error('the results file holds no failure-injection case (E) to chart');
  return found;
}

/**
 * A short chart label from the variant's flags (the table keeps the full label):
 * "no retry", "retry, no key", "retry + key" ("key" = idempotency key).
 */
export function shortVariantName(variant: FailureVariant): string {
  if (!variant.retries) return 'no retry';
  return variant.idempotencyKey ? 'retry + key' : 'retry, no key';
}

/**
 * Grouped bars per variant and run (runs numbered from 1): failed calls, duplicate invoices, calls slower
 * than the config's slowCallMs. Table twin: variant, run, calls, failed, invoices stored, duplicates,
 * slow calls, slowest call (ms, whole, as in the failure table).
 * @throws Error as failureCase, or when the config lacks the case's parameters.
 */
export function failureRunsChart(results: Results): ChartData {
  const e = failureCase(results);
  const config = results.config.failure[e.id];
  if (!config) throw new Error(`the results config has no parameters for failure case ${e.id}`);
  const slowLabel = `Calls over ${format(config.slowCallMs, 'bySize')} ms`;
  const rows = e.variants.flatMap((v) => v.runs.map((r) => ({ variant: v, run: r })));
  return {
    spec: {
      type: 'bar',
      horizontal: true,
      labels: rows.map(({ variant, run }) => [shortVariantName(variant), `run ${run.run + 1}`]),
      // No axis title: the labels say what they are, and a phone needs the width.
      x: { scale: 'category', title: '' },
      y: { scale: 'linear', title: 'Calls or invoices (count)', beginAtZero: true },
      series: [
        { label: 'Failed calls', color: 1, data: rows.map(({ run }) => run.failed) },
        { label: 'Duplicate invoices', color: 2, data: rows.map(({ run }) => run.duplicates) },
        { label: slowLabel, color: 3, data: rows.map(({ run }) => run.slowCalls) },
      ],
    },
    table: {
      columns: ['Client variant', 'Run', 'Calls', 'Failed calls', 'Invoices stored', 'Duplicate invoices', slowLabel, 'Slowest call (ms)'],
      rows: rows.map(({ variant, run }) => ({
        header: variant.label,
        cells: [
          String(run.run + 1),
          format(run.calls, 'whole'),
          String(run.failed),
          format(run.invoicesWritten, 'whole'),
          String(run.duplicates),
          String(run.slowCalls),
          format(run.slowestMs, 'whole'),
        ],
      })),
    },
  };
}
