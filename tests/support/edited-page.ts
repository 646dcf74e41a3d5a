/**
 * One shared build for three test files that each edit the labelled fixture in a place of their own,
 * so that their edits cost one site build instead of three (shared-site.ts):
 *
 * - fragile-partial.test.ts: B, C and D's run p50s (a quiet case, a claim false in one run, a wide
 *   interval), fragileEdit();
 * - guards.test.ts: case E's retry variant wrote one duplicate fewer in run 2, oneRetryFewerInRun2();
 * - price-file-page.test.ts: two prices changed and a 720 h month, in the price file (changedPrices()).
 *
 * The edits touch disjoint figures (latency runs, case E's counts, prices), and each test checks only
 * what its own edit changes, with values it computes itself. No run archive and no Node matrix.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { emptyFolder, sharedInput, sharedSite, type SharedSite } from './shared-site.ts';
import { FIXTURE, ROOT } from './site-build.ts';

/** A run's percentiles, µs. */
export interface RunFigures {
  p50Us: number;
  p95Us: number;
  p99Us: number;
}
/** The part of a latency case the edits read. */
export interface CaseJson {
  id: string;
  kind: string;
  runs: RunFigures[];
  median: { p50CvPercent: number };
  intervals: { confidencePercent: number; p50Us: { lowUs: number; highUs: number } };
}
/** A results file as JSON. */
type ResultsJson = { cases: CaseJson[]; report: string } & Record<string, any>;

/** Population CV of values, percent, written out here (not the bench's). */
export const cvPercent = (xs: number[]) => {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return (Math.sqrt(xs.reduce((a, v) => a + (v - mean) ** 2, 0) / xs.length) / mean) * 100;
};

/** Sets case `id`'s run p50s (the median run untouched), and everything that follows from them in the file. */
function setRunP50s(data: ResultsJson, id: string, p50s: number[]): void {
  const c = data.cases.find((x) => x.id === id)!;
  const before = c.runs.map((r) => `[${[r.p50Us, r.p95Us, r.p99Us].map((v) => v.toFixed(1)).join('/')}]`);
  p50s.forEach((v, k) => (c.runs[k]!.p50Us = v));
  c.median.p50CvPercent = cvPercent(p50s);
  // Three runs: the interval is the lowest to the highest run (bench/src/harness/stats.ts, medianInterval).
  c.intervals.p50Us = { lowUs: Math.min(...p50s), highUs: Math.max(...p50s) };
  c.runs.forEach((r, k) => {
    data.report = data.report.replace(before[k]!, `[${[r.p50Us, r.p95Us, r.p99Us].map((v) => v.toFixed(1)).join('/')}]`);
  });
}

/**
 * B: runs 1 and 3 close to the median run 2 → quiet. D: run 2 at 540 µs (a wide interval). C: run 3 at
 * 225 µs, below B's run 3 (229): a new connection faster than a kept-alive call in that run only.
 */
export function fragileEdit(data: ResultsJson): void {
  const byId = (id: string) => data.cases.find((x) => x.id === id)!;
  setRunP50s(data, 'B', [232.0, byId('B').runs[1]!.p50Us, 229.0]);
  const d = byId('D');
  setRunP50s(data, 'D', [d.runs[0]!.p50Us, 540.0, d.runs[2]!.p50Us]);
  const c = byId('C');
  setRunP50s(data, 'C', [c.runs[0]!.p50Us, c.runs[1]!.p50Us, 225.0]);
  (c.runs[2] as RunFigures & { minUs: number }).minUs = 200; // the fastest call stays below the new p50
}

/**
 * Case E's retry variant, run 2: one retry fewer, so one attempt, one invoice, one duplicate and one
 * slow call fewer, all consistent, in the figures and in the stored report.
 */
export function oneRetryFewerInRun2(data: ResultsJson): void {
  const run1 = (data.cases as unknown as { id: string; variants: { id: string; runs: Record<string, number>[] }[] }[])
    .find((c) => c.id === 'E')!.variants.find((v) => v.id === 'retry')!.runs[1]!;
  const before = `invoices written ${run1.invoicesWritten}, duplicates ${run1.duplicates}, calls over 400 ms ${run1.slowCalls}`;
  run1.attempts! -= 1;
  run1.invoicesWritten! -= 1;
  run1.duplicates! -= 1;
  run1.slowCalls! -= 1;
  const after = `invoices written ${run1.invoicesWritten}, duplicates ${run1.duplicates}, calls over 400 ms ${run1.slowCalls}`;
  const line = data.report.split('\n').find((l) => l.trimStart().startsWith('retry, no idempotency key'))!;
  const brackets = line.split('] [');
  if (!brackets[1]?.includes(before)) throw new Error(`oneRetryFewerInRun2: run 2's bracket does not read "${before}"`);
  brackets[1] = brackets[1].replace(before, after);
  data.report = data.report.replace(line, brackets.join('] ['));
}

/** The edited page's month length, h. */
export const HOURS_PER_MONTH = 720;
/** The dated price file the edited page's prices start from. */
export const PRICE_FIXTURE = path.join(ROOT, 'tests', 'costs', 'fixtures', 'prices-2026-10-19.json');

/** The price fixture with render.small at 8.25, eks.standard at 0.0416 (a price that does not divide evenly) and a 720 h month. */
export function changedPrices(): Record<string, any> {
  const changed = JSON.parse(readFileSync(PRICE_FIXTURE, 'utf8'));
  changed.items[0].price = '8.25'; // render.small
  changed.items[2].price = '0.0416'; // eks.standard
  changed.hoursPerMonth = HOURS_PER_MONTH;
  return changed;
}

/** The fixture with fragileEdit and oneRetryFewerInRun2 applied. */
export function editedResults(): ResultsJson {
  const data = JSON.parse(readFileSync(FIXTURE, 'utf8')) as ResultsJson;
  fragileEdit(data);
  oneRetryFewerInRun2(data);
  return data;
}

/** The edited page (see above). */
export function editedPage(): Promise<SharedSite> {
  const inputs = sharedInput('edited', { 'edited.json': JSON.stringify(editedResults(), null, 2), 'prices-720h.json': JSON.stringify(changedPrices()) });
  return sharedSite({
    results: path.join(inputs, 'edited.json'),
    env: { HOP_PRICES_FILE: path.join(inputs, 'prices-720h.json'), HOP_BENCH_ARCHIVE: emptyFolder(), HOP_BENCH_MATRIX: emptyFolder() },
  });
}
