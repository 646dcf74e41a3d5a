/** The matrix's closing table on stdout: per Node version, B, C and D p50 with their ratios to B. */
import type { MatrixRow } from './summary.ts';

/**
 * Formats the rows as a fixed-width text table, then one line per version that did not run.
 * p50 cells show the median of the runs and, with two runs or more, the runs' range (lowest–highest).
 */
export function formatMatrixTable(rows: readonly MatrixRow[], mode: string): string {
  const header = ['Node', 'V8', 'OpenSSL', 'TypeScript via', 'B p50 µs', 'C p50 µs', 'D p50 µs', 'C ÷ B', 'D ÷ B'];
  const body = rows
    .filter((r) => r.results !== null)
    .map((r) => [
      `v${r.entry.version}`,
      r.entry.v8Version ?? '–',
      r.entry.opensslVersion ?? '–',
      r.entry.runner ?? '–',
      us(r.p50Us.B, r.runP50Us.B),
      us(r.p50Us.C, r.runP50Us.C),
      us(r.p50Us.D, r.runP50Us.D),
      ratio(r.ratio.C, r.runRatio.C),
      ratio(r.ratio.D, r.runRatio.D),
    ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i >= 4 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ').trimEnd();
  const runs = rows.find((r) => r.results)?.results?.config.runs ?? 0;
  const out = [
    `Node version matrix (${mode} suite, ${runs} run${runs === 1 ? '' : 's'} per version; p50 = median of the runs${runs > 1 ? ', (lowest–highest run)' : ''})`,
    '',
  ];
  if (body.length > 0) out.push(line(header), line(widths.map((w) => '-'.repeat(w))), ...body.map(line));
  else out.push('No version ran.');
  for (const r of rows.filter((x) => x.entry.otherSuiteFiles.length > 0)) {
    out.push(`v${r.entry.version}: other suite results archived as ${r.entry.otherSuiteFiles.join(', ')}`);
  }
  for (const r of rows.filter((x) => x.entry.status === 'failed')) {
    out.push(`v${r.entry.version}: could not run (${r.entry.stage ?? 'bench'}): ${r.entry.reason ?? 'no reason recorded'}`);
  }
  if (runs === 1 && body.length > 0) out.push('', 'One run per version: the noise between runs is unknown, so no difference between versions can be judged.');
  return out.join('\n') + '\n';
}

function us(median: number | null, runs: readonly number[]): string {
  if (median === null) return 'not run';
  const f = (v: number) => v.toFixed(v < 100 ? 1 : 0);
  return runs.length > 1 ? `${f(median)} (${f(Math.min(...runs))}–${f(Math.max(...runs))})` : f(median);
}

function ratio(median: number | null, runs: readonly number[]): string {
  if (median === null) return 'n/a';
  return runs.length > 1 ? `${median.toFixed(2)}× (${Math.min(...runs).toFixed(2)}–${Math.max(...runs).toFixed(2)})` : `${median.toFixed(2)}×`;
}
