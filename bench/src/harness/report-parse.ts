/**
 * Parser for a hop-bench terminal report in the reference layout (header lines, the latency table
 * with per-run brackets, one line per failure variant). Pure: used to read the published reference run
 * and reports given to compare; never to judge a results file (that goes by its numbers).
 */

/** A latency row of a report: medians across runs, µs, and serial calls/s. */
export interface ReportLatencyRow {
  id: string;
  title: string;
  p50Us: number;
  p95Us: number;
  p99Us: number;
  callsPerSec: number;
  /** Each run's [p50, p95, p99], µs, as printed (one decimal). */
  runs: [number, number, number][];
}

/** One bracket of a failure variant line. */
export interface ReportFailureBracket {
  failed: number;
  calls: number;
  invoicesWritten: number;
  duplicates: number;
  slowCalls: number;
  slowestMs: number;
}

/** A parsed report. */
export interface ParsedReport {
  machine: string;
  os: string;
  date: string;
  /** The "Iterations per run" header, e.g. "A 100,000 (warm-up 10,000), B 10,000 (1,000), …, E 2,000 per variant". */
  iterations: string;
  latency: ReportLatencyRow[];
  /** Variant label → one bracket per run. */
  failure: Map<string, ReportFailureBracket[]>;
}

const num = (s: string) => Number(s.replace(/,/g, ''));

/**
 * Parses report text.
 * @throws Error naming the line when a row does not have the reference layout.
 */
export function parseReport(text: string): ParsedReport {
  const lines = text.split('\n');
  const header = (key: string) => lines.find((l) => l.startsWith(`${key}: `))?.slice(key.length + 2) ?? '';
  const latency: ReportLatencyRow[] = [];
  const failure = new Map<string, ReportFailureBracket[]>();
  for (let k = 0; k < lines.length; k++) {
    const line = lines[k]!;
    const row = /^([A-Z])\. (.+?)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d,]+)$/.exec(line);
    if (row) {
      const runsLine = lines[k + 1] ?? '';
      const runs = [...runsLine.matchAll(/\[([\d.]+)\/([\d.]+)\/([\d.]+)\]/g)].map((m) => [num(m[1]!), num(m[2]!), num(m[3]!)] as [number, number, number]);
      if (runs.length === 0) throw new Error(`report line ${k + 2}: expected the runs of case ${row[1]}`);
      latency.push({ id: row[1]!, title: row[2]!, p50Us: num(row[3]!), p95Us: num(row[4]!), p99Us: num(row[5]!), callsPerSec: num(row[6]!), runs });
      continue;
    }
    const variant = /^ {2}(\S.*?)\s{2,}(\[failed.*)$/.exec(line);
    if (variant) {
      const brackets = [
        ...variant[2]!.matchAll(
          /\[failed (\d+)\/(\d+), invoices written (\d+), duplicates (-?\d+), calls over \d+ ms (\d+), slowest (\d+) ms\]/g,
        ),
      ].map((m) => ({
        failed: num(m[1]!),
        calls: num(m[2]!),
        invoicesWritten: num(m[3]!),
        duplicates: num(m[4]!),
        slowCalls: num(m[5]!),
        slowestMs: num(m[6]!),
      }));
      if (brackets.length === 0) throw new Error(`report line ${k + 1}: expected brackets of variant "${variant[1]}"`);
      failure.set(variant[1]!, brackets);
    }
  }
  return { machine: header('Machine'), os: header('OS'), date: header('Date'), iterations: header('Iterations per run'), latency, failure };
}
