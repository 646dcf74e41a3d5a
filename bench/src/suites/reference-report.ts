/**
 * The reference suite's report layout, as the reference output prints it (reference-output-2026-10-19.txt):
 * the iterations line, the latency table with medians and per-run brackets, one line per failure
 * variant, the connections opened. Written by the one report writer (harness/report.ts).
 */
import { formatReport } from '../harness/report.ts';
import type { BenchConfig, CaseResult, Environment, FailureCaseResult, LatencyCaseResult } from '../harness/schema.ts';

const LABEL_WIDTH = 36;
const FIGURE_WIDTH = 10;
const RATE_WIDTH = 16;
const VARIANT_WIDTH = 28;

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Formats the reference suite's whole report; ends with a newline. */
export function formatReferenceReport(env: Environment, config: BenchConfig, cases: readonly CaseResult[]): string {
  const latency = cases.filter((c): c is LatencyCaseResult => c.kind === 'latency');
  const failure = cases.filter((c): c is FailureCaseResult => c.kind === 'failure');
  const sections: string[][] = [];
  if (latency.length > 0) sections.push(latencyTable(config, latency));
  for (const c of failure) sections.push(failureLines(config, c));
  const sockets = latency.filter((c) => c.runs.some((r) => r.sockets.length > 0));
  if (sockets.length > 0) {
    sections.push([
      `Connections opened per run, each checked against its case: ` +
        sockets.map((c) => `${c.id} ${c.runs.map((r) => r.sockets.map((s) => int(s.opened)).join('+')).join(' ')}`).join(', '),
    ]);
  }
  return formatReport({ env, head: [`Iterations per run: ${iterations(config)}`], sections });
}

function iterations(config: BenchConfig): string {
  return config.cases
    .map((id) => {
      const l = config.latency[id];
      if (l) return `${id} ${int(l.timedCalls)} (${config.cases[0] === id ? 'warm-up ' : ''}${int(l.warmupCalls)})`;
      return `${id} ${int(config.failure[id]!.callsPerVariant)} per variant`;
    })
    .join(', ');
}

function latencyTable(config: BenchConfig, latency: readonly LatencyCaseResult[]): string[] {
  return [
    `Latency in microseconds, median of ${plural(config.runs, 'run')} (each run's p50/p95/p99 shown in brackets)`,
    'case'.padEnd(LABEL_WIDTH) + ['p50', 'p95', 'p99'].map((h) => h.padStart(FIGURE_WIDTH)).join('') + 'serial calls/s'.padStart(RATE_WIDTH),
    ...latency.flatMap(latencyRows),
  ];
}

function latencyRows(c: LatencyCaseResult): string[] {
  const m = c.median;
  const row =
    `${c.id}. ${c.title}`.padEnd(LABEL_WIDTH) +
    [m.p50Us, m.p95Us, m.p99Us].map((v) => v.toFixed(2).padStart(FIGURE_WIDTH)).join('') +
    int(m.callsPerSec).padStart(RATE_WIDTH);
  const runs = c.runs.map((r) => `[${[r.p50Us, r.p95Us, r.p99Us].map((v) => v.toFixed(1)).join('/')}]`).join(' ');
  return [row, `${' '.repeat(LABEL_WIDTH + 1)}runs: ${runs}`];
}

function failureLines(config: BenchConfig, c: FailureCaseResult): string[] {
  const f = config.failure[c.id]!;
  return [
    `${c.id}. ${c.title}, 1 in ${int(1 / f.delayProbability)} responses delayed ${int(f.delayMs)} ms (seeded), ` +
      `client timeout ${int(f.clientTimeoutMs)} ms, retry variants make up to ${f.maxRetries} retries; one bracket per run:`,
    ...c.variants.map((v) => {
      const brackets = v.runs.map(
        (r) =>
          `[failed ${r.failed}/${r.calls}, invoices written ${r.invoicesWritten}, duplicates ${r.duplicates}, ` +
          `calls over ${f.slowCallMs} ms ${r.slowCalls}, slowest ${Math.round(r.slowestMs)} ms]`,
      );
      return `  ${v.label.padEnd(VARIANT_WIDTH)}${brackets.join(' ')}`;
    }),
  ];
}
