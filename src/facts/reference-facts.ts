/**
 * The labelled reference run (bench/reference/reference-output-2026-10-19.txt: Apple M1 Max, Node
 * v24.20.0, 2026-10-19) as facts. The reference exists only as terminal output; the bench's public
 * report parser reads its median rows and failure brackets. It is never this build's data: the page shows these
 * figures only as "ref.*" names, labelled as the reference run.
 *
 * `reportFacts` gives the figures under the same names as `resultFacts` (A.p50Us, ratio.CoverB.p50,
 * E.retry.duplicates.total, …) so that the article's claims can also be checked against the
 * reference machine; `referenceFacts` prefixes them with "ref.".
 */
import { parseReport } from '@split-on-evidence/hop-bench/facts';
import { addFailureRateFacts, addRatioFacts, addUntimedCallFact, mergeFacts, FAILURE_VARIANTS, type Facts, FactError } from './facts.ts';
import { reportPairedFacts } from './paired-facts.ts';

/** Path of the reference report, relative to the project root. */
export const REFERENCE_REPORT_PATH = 'bench/reference/reference-output-2026-10-19.txt';

const LABEL_TO_VARIANT: Record<string, string> = {
  'no retry': FAILURE_VARIANTS['no-retry'],
  'retry, no idempotency key': FAILURE_VARIANTS.retry,
  'retry + idempotency key': FAILURE_VARIANTS['retry-key'],
};

/**
 * Reads a hop-bench terminal report (reference layout, parsed by the bench's public parser) into
 * facts named like `resultFacts`: X.p50Us/.p95Us/.p99Us/.callsPerSec for A–D (µs, medians as
 * printed), ratio.XoverY.p50/.p95/.p99 (ratios of medians), ratio.CoverB.pairedP50 and
 * ratio.DoverB.pairedP50 with their companions (each run's printed p50 ÷ the same run's B, paired-facts.ts),
 * and E.V.F.run{r}/.total for F in failed, calls,
 * invoicesWritten, duplicates, slowCalls; E.V.slowestMs.max (ms); E.V.slowCallsPercent;
 * A.untimedCallUs and E.V.duplicatesPer100Calls, computed as for this build's results.
 * @throws FactError when the report lacks a median row of A–D or a failure variant.
 */
export function reportFacts(text: string): Facts {
  const facts: Record<string, number> = {};
  const report = parseReport(text);
  for (const row of report.latency) {
    facts[`${row.id}.p50Us`] = row.p50Us;
    facts[`${row.id}.p95Us`] = row.p95Us;
    facts[`${row.id}.p99Us`] = row.p99Us;
    facts[`${row.id}.callsPerSec`] = row.callsPerSec;
  }
  for (const [label, brackets] of report.failure) {
    const key = LABEL_TO_VARIANT[label];
    if (!key) continue;
    for (const figure of ['failed', 'calls', 'invoicesWritten', 'duplicates', 'slowCalls'] as const) {
      const values = brackets.map((b) => b[figure]);
      values.forEach((v, run) => (facts[`E.${key}.${figure}.run${run}`] = v));
      facts[`E.${key}.${figure}.total`] = values.reduce((a, b) => a + b, 0);
    }
    facts[`E.${key}.slowestMs.max`] = Math.max(...brackets.map((b) => b.slowestMs));
    facts[`E.${key}.slowCallsPercent`] = (100 * facts[`E.${key}.slowCalls.total`]!) / facts[`E.${key}.calls.total`]!;
  }
  for (const id of ['A', 'B', 'C', 'D']) {
    if (facts[`${id}.p50Us`] === undefined) throw new FactError(`reference report: no median row for case ${id}`);
  }
  for (const key of Object.values(LABEL_TO_VARIANT)) {
    if (facts[`E.${key}.failed.total`] === undefined) throw new FactError(`reference report: no line for failure variant ${key}`);
  }
  addRatioFacts(facts);
  Object.assign(facts, reportPairedFacts(report));
  addUntimedCallFact(facts);
  addFailureRateFacts(facts);
  return mergeFacts(facts);
}

/** The reference run's facts, each name prefixed with "ref." (e.g. ref.ratio.BoverA.p50). */
export function referenceFacts(text: string): Facts {
  return mergeFacts(Object.fromEntries(Object.entries(reportFacts(text)).map(([k, v]) => [`ref.${k}`, v])));
}

/** The reference run's setup as its report states it: machine, OS line, and the run's date (UTC). */
export interface ReferenceSetup {
  /** e.g. "Apple M1 Max, 10 cores, 64 GB RAM". */
  machine: string;
  /** e.g. "Darwin 27.0.0 (darwin arm64), Node v24.20.0". */
  os: string;
  /** ISO timestamp of the run's start. */
  date: string;
}

/**
 * Reads the header lines of a report.
 * @throws FactError when the Machine, OS or Date line is missing.
 */
export function referenceSetup(text: string): ReferenceSetup {
  const { machine, os, date } = parseReport(text);
  for (const [key, value] of [['Machine', machine], ['OS', os], ['Date', date]] as const) {
    if (value.trim() === '') throw new FactError(`reference report: no "${key}:" line`);
  }
  return { machine: machine.trim(), os: os.trim(), date: date.trim() };
}
