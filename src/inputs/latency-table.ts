/**
 * The latency table of cases A–D (components/bench/LatencyTable.astro) as a typed view: every figure in it
 * is read from the facts record (facts/facts.ts resultFacts: X.p50Us, X.p50LowUs, X.run{r}.p50Us, …), so the
 * table and the prose show one value by one route; the case titles, run numbers and the noise mark (the
 * bench's own rule, hop-bench/noise latencyNoise) come from the results.
 */
import type { Results } from '@split-on-evidence/hop-bench/schema';
import { latencyNoise, type CaseNoise } from '@split-on-evidence/hop-bench/facts';
import { LATENCY_CASE_IDS, latencyCase, requireFact, type Facts } from '../facts/facts.ts';

/** One row of figures: percentiles in µs, serial calls per second. */
export interface LatencyFigures {
  p50Us: number;
  p95Us: number;
  p99Us: number;
  callsPerSec: number;
}

/** One case's block of the table. */
export interface LatencyTableCase {
  /** Case id, "A"–"D". */
  id: string;
  /** The case's title from the results file. */
  title: string;
  /** Network hops per call (fact X.hops). */
  hops: number;
  /** Medians across runs (facts X.p50Us, X.p95Us, X.p99Us, X.callsPerSec). */
  median: LatencyFigures;
  /** The medians' intervals across runs, µs (facts X.pNNLowUs / X.pNNHighUs), and their confidence, % (X.intervalConfidencePercent). */
  intervals: { confidencePercent: number } & Record<'p50Us' | 'p95Us' | 'p99Us', { lowUs: number; highUs: number }>;
  /** Each run's figures (facts X.run{r}.…), `run` 0-based. */
  runs: (LatencyFigures & { run: number })[];
  /** Noise of the run p50s by the bench's rule. */
  noise: CaseNoise;
}

/** The table: how many runs, and cases A–D in order. */
export interface LatencyTableView {
  /** Runs in the results (fact config.runs). */
  runs: number;
  cases: LatencyTableCase[];
}

/**
 * The latency table's view.
 * @throws FactError when a case or a fact is missing.
 */
export function latencyTableView(results: Results, facts: Facts): LatencyTableView {
  const fact = (name: string) => requireFact(facts, name);
  const figures = (prefix: string): LatencyFigures => ({
    p50Us: fact(`${prefix}.p50Us`),
    p95Us: fact(`${prefix}.p95Us`),
    p99Us: fact(`${prefix}.p99Us`),
    callsPerSec: fact(`${prefix}.callsPerSec`),
  });
  const interval = (id: string, p: 'p50' | 'p95' | 'p99') => ({ lowUs: fact(`${id}.${p}LowUs`), highUs: fact(`${id}.${p}HighUs`) });
  return {
    runs: fact('config.runs'),
    cases: LATENCY_CASE_IDS.map((id) => {
      const c = latencyCase(results, id);
      return {
        id,
        title: c.title,
        hops: fact(`${id}.hops`),
        median: figures(id),
        intervals: { confidencePercent: fact(`${id}.intervalConfidencePercent`), p50Us: interval(id, 'p50'), p95Us: interval(id, 'p95'), p99Us: interval(id, 'p99') },
        runs: c.runs.map((r) => ({ run: r.run, ...figures(`${id}.run${r.run}`) })),
        noise: latencyNoise(c),
      };
    }),
  };
}
