/**
 * Cross-field consistency of a results file: a results file is valid by its numbers. Medians,
 * intervals and the runs' spread are recomputed from the runs and compared; percentiles are ordered,
 * histograms hold every sample, every failure-case call has one outcome, duplicates are invoices minus
 * calls, each case has config.runs runs, and every counted link opened the connections its case
 * requires (the socket check the case made while running). The stored report is the exporter's text
 * for reading ("as printed" on the page) and is not compared: a change of the report's layout leaves
 * every archived run valid. The shape of each field is in schema.ts; this module only relates fields,
 * and is applied there as the results schema's refinement. A hand-edited figure breaks one of these checks.
 */
import type { z } from 'zod';
import type { ResultsShape } from './schema.ts';
import { latencyIntervals, latencyMedians } from './stats.ts';

type Issue = { path: (string | number)[]; message: string };

const EDITED = 'results are written by the bench, not by hand: re-run it (npm run bench)';

/**
 * Every inconsistency of a results file's figures.
 * @returns one issue per problem, each with the path of the field at fault (empty when consistent).
 */
export function consistencyIssues(results: ResultsShape): Issue[] {
  const issues: Issue[] = [];
  const runsExpected = results.config.runs;
  results.cases.forEach((c, k) => {
    if (c.kind === 'latency') {
      if (c.runs.length !== runsExpected) issues.push({ path: ['cases', k, 'runs'], message: `has ${c.runs.length} runs, config.runs is ${runsExpected}` });
      const medians = latencyMedians(c.runs);
      for (const field of ['p50Us', 'p95Us', 'p99Us', 'callsPerSec'] as const) {
        if (!close(c.median[field], medians[field])) {
          issues.push({ path: ['cases', k, 'median', field], message: `is ${c.median[field]} but the median of the runs is ${medians[field]}; ${EDITED}` });
        }
      }
      if (!close(c.median.p50CvPercent, medians.p50CvPercent)) {
        issues.push({ path: ['cases', k, 'median', 'p50CvPercent'], message: `is ${c.median.p50CvPercent} but the runs' p50 give ${medians.p50CvPercent}; ${EDITED}` });
      }
      const intervals = latencyIntervals(c.runs);
      for (const field of ['p50Us', 'p95Us', 'p99Us'] as const) {
        const got = c.intervals[field];
        const want = intervals[field];
        if (!close(got.lowUs, want.lowUs) || !close(got.highUs, want.highUs)) {
          issues.push({ path: ['cases', k, 'intervals', field], message: `is ${got.lowUs}–${got.highUs} but the runs give ${want.lowUs}–${want.highUs}; ${EDITED}` });
        }
      }
      if (!close(c.intervals.confidencePercent, intervals.confidencePercent)) {
        issues.push({ path: ['cases', k, 'intervals', 'confidencePercent'], message: `is ${c.intervals.confidencePercent}, ${c.runs.length} runs give ${intervals.confidencePercent}; ${EDITED}` });
      }
      c.runs.forEach((r, j) => {
        const at = ['cases', k, 'runs', j];
        if (!(r.minUs <= r.p50Us && r.p50Us <= r.p95Us && r.p95Us <= r.p99Us && r.p99Us <= r.maxUs)) {
          issues.push({ path: at, message: `percentiles out of order (min ${r.minUs}, p50 ${r.p50Us}, p95 ${r.p95Us}, p99 ${r.p99Us}, max ${r.maxUs}); ${EDITED}` });
        }
        const binned = r.histogram.counts.reduce((a, b) => a + b, 0);
        if (binned !== r.samples) issues.push({ path: [...at, 'histogram', 'counts'], message: `hold ${binned} samples, the run has ${r.samples}` });
        if (r.histogram.edgesUs.length !== r.histogram.counts.length + 1) {
          issues.push({ path: [...at, 'histogram', 'edgesUs'], message: 'need one more edge than counts' });
        }
        r.sockets.forEach((s, i) => {
          if (s.opened !== s.expected) {
            issues.push({ path: [...at, 'sockets', i, 'opened'], message: `is ${s.opened} but ${s.link} must open ${s.expected}: the run would have failed its socket check; ${EDITED}` });
          }
        });
      });
    } else {
      c.variants.forEach((v, i) => {
        if (v.runs.length !== runsExpected) issues.push({ path: ['cases', k, 'variants', i, 'runs'], message: `has ${v.runs.length} runs, config.runs is ${runsExpected}` });
        v.runs.forEach((r, j) => {
          const at = ['cases', k, 'variants', i, 'runs', j];
          if (r.duplicates !== r.invoicesWritten - r.calls) issues.push({ path: [...at, 'duplicates'], message: `is ${r.duplicates}, invoicesWritten − calls is ${r.invoicesWritten - r.calls}` });
          if (r.failed !== r.timedOut + r.otherErrors) issues.push({ path: [...at, 'failed'], message: `is ${r.failed}, timedOut + otherErrors is ${r.timedOut + r.otherErrors}` });
          if (r.failed > r.calls || r.slowCalls > r.calls) issues.push({ path: at, message: 'counts more failed or slow calls than calls' });
        });
      });
    }
  });
  return issues;
}

/** The results schema's refinement: adds each consistency issue to zod's context. */
export function checkConsistency(results: ResultsShape, ctx: z.RefinementCtx): void {
  for (const issue of consistencyIssues(results)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
}

function close(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}
