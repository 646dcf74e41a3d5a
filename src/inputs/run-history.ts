/**
 * The run history table (components/provenance/RunHistory.astro) as a typed view: this build's run and
 * every archived full run, oldest first. This build's row reads its figures from the facts record
 * (B.p50Us, ratio.CoverB.p50, ratio.DoverB.p50), so the table shows the page's own C ÷ B; an archived run's
 * ratios go through the same rule (facts/facts.ts addRatioFacts) over that run's median p50s.
 */
import type { LatencyCaseResult, Results } from '@split-on-evidence/hop-bench/schema';
import { addRatioFacts, hasFact, type Facts } from '../facts/facts.ts';

/** One run's row; a figure is null when the run has no such case (or a zero denominator). */
export interface RunHistoryRow {
  /** When the run started, ISO 8601 UTC. */
  startedAt: string;
  cpuModel: string;
  cores: number;
  nodeVersion: string;
  /** Whether this is the run the page was built from. */
  current: boolean;
  /** Case B's median p50, µs. */
  bP50Us: number | null;
  /** C's median p50 ÷ B's, unitless (fact ratio.CoverB.p50). */
  cOverB: number | null;
  /** D's median p50 ÷ B's, unitless (fact ratio.DoverB.p50). */
  dOverB: number | null;
}

/** The rows, oldest first. */
export type RunHistoryView = RunHistoryRow[];

/** Runs are one run when they started at the same time on the same host. */
const key = (r: Results) => `${r.environment.startedAt}|${r.environment.hostname}`;

/** The run history's rows: `results` (this build's run, its figures from `facts`) and every other run of `archive`. */
export function runHistoryView(results: Results, archive: readonly Results[], facts: Facts): RunHistoryView {
  const runs = [...archive.filter((r) => key(r) !== key(results)), results].sort((a, b) => a.environment.startedAt.localeCompare(b.environment.startedAt));
  return runs.map((r) => {
    const current = key(r) === key(results);
    const f = current ? facts : p50Facts(r);
    const read = (name: string) => (hasFact(f, name) ? f[name]! : null);
    return {
      startedAt: r.environment.startedAt,
      cpuModel: r.environment.cpuModel,
      cores: r.environment.cores,
      nodeVersion: r.environment.nodeVersion,
      current,
      bP50Us: read('B.p50Us'),
      cOverB: read('ratio.CoverB.p50'),
      dOverB: read('ratio.DoverB.p50'),
    };
  });
}

/** An archived run's X.p50Us for each latency case it has, with the ratio facts of the same rule as the page's. */
function p50Facts(r: Results): Facts {
  const facts: Record<string, number> = {};
  for (const c of r.cases) if (c.kind === 'latency') facts[`${c.id}.p50Us`] = (c as LatencyCaseResult).median.p50Us;
  addRatioFacts(facts);
  return facts;
}
