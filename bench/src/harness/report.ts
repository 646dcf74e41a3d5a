/**
 * The terminal report, in the layout of the reference output (reference-output-2026-10-19.txt):
 * header lines, the latency table with medians and per-run brackets, one line per failure variant.
 */
import type { BenchConfig, CaseResult, Environment, FailureCaseResult, LatencyCaseResult } from './schema.ts';

const LABEL_WIDTH = 36;
const FIGURE_WIDTH = 10;
const RATE_WIDTH = 16;
const VARIANT_WIDTH = 28;

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Formats the whole report; ends with a newline. */
export function formatReport(env: Environment, config: BenchConfig, cases: readonly CaseResult[]): string {
  const latency = cases.filter((c): c is LatencyCaseResult => c.kind === 'latency');
  const failure = cases.filter((c): c is FailureCaseResult => c.kind === 'failure');
  const lines = [
    `Machine: ${env.cpuModel}, ${env.cores} cores, ${Math.round(env.ramBytes / 1024 ** 3)} GB RAM`,
    `OS: ${env.osType} ${env.osRelease} (${env.platform} ${env.arch}), Node ${env.nodeVersion}`,
    `Date: ${env.startedAt}`,
    `Iterations per run: ${iterations(config)}`,
  ];
  if (latency.length > 0) {
    lines.push('', `Latency in microseconds, median of ${plural(config.runs, 'run')} (each run's p50/p95/p99 shown in brackets)`);
    lines.push('case'.padEnd(LABEL_WIDTH) + ['p50', 'p95', 'p99'].map((h) => h.padStart(FIGURE_WIDTH)).join('') + 'serial calls/s'.padStart(RATE_WIDTH));
    for (const c of latency) lines.push(...latencyRows(c));
  }
  for (const c of failure) {
    const f = config.failure[c.id]!;
    lines.push(
      '',
      `${c.id}. ${c.title}, 1 in ${int(1 / f.delayProbability)} responses delayed ${int(f.delayMs)} ms (seeded), ` +
        `client timeout ${int(f.clientTimeoutMs)} ms, retry variants make up to ${f.maxRetries} retries; one bracket per run:`,
    );
    for (const v of c.variants) {
      const brackets = v.runs.map(
        (r) =>
          `[failed ${r.failed}/${r.calls}, invoices written ${r.invoicesWritten}, duplicates ${r.duplicates}, ` +
          `calls over ${f.slowCallMs} ms ${r.slowCalls}, slowest ${Math.round(r.slowestMs)} ms]`,
      );
      lines.push(`  ${v.label.padEnd(VARIANT_WIDTH)}${brackets.join(' ')}`);
    }
  }
  const sockets = latency.filter((c) => c.runs.some((r) => r.sockets.length > 0));
  if (sockets.length > 0) {
    lines.push(
      '',
      `Connections opened per run, each checked against its case: ` +
        sockets.map((c) => `${c.id} ${c.runs.map((r) => r.sockets.map((s) => int(s.opened)).join('+')).join(' ')}`).join(', '),
    );
  }
  return lines.join('\n') + '\n';
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

function latencyRows(c: LatencyCaseResult): string[] {
  const m = c.median;
  const row =
    `${c.id}. ${c.title}`.padEnd(LABEL_WIDTH) +
    [m.p50Us, m.p95Us, m.p99Us].map((v) => v.toFixed(2).padStart(FIGURE_WIDTH)).join('') +
    int(m.callsPerSec).padStart(RATE_WIDTH);
  const runs = c.runs.map((r) => `[${[r.p50Us, r.p95Us, r.p99Us].map((v) => v.toFixed(1)).join('/')}]`).join(' ');
  return [row, `${' '.repeat(LABEL_WIDTH + 1)}runs: ${runs}`];
}
