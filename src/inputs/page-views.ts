/**
 * The typed views components read instead of the results files: each table's rows, each chart's data,
 * each case's result and each run's metadata, computed once per snapshot from the loaded inputs
 * (page-inputs.ts) and stored in the page snapshot (page-snapshot.ts). Figures that are facts are read
 * from the facts record (latency-table.ts, run-history.ts), so a figure has one route to the page.
 * Every view is plain JSON data (the snapshot refuses anything else).
 */
import { noiseWarnings } from '@split-on-evidence/hop-bench/facts';
import type { Results } from '@split-on-evidence/hop-bench/schema';
import type { ChartData } from '../components/charts/chart-spec.ts';
import { latencyDistributionChart, DISTRIBUTION_MERGE } from '../components/charts/data/distribution.ts';
import { latencyPercentilesChart } from '../components/charts/data/latency.ts';
import { failureRunsChart } from '../cases/e-failure/chart-data.ts';
import { caseFResult } from '../cases/f-load/result.ts';
import type { GResultLike } from '../cases/g-tls/facts.ts';
import { tlsCaption, tlsChart } from '../cases/g-tls/chart-data.ts';
import type { HResultLike } from '../cases/h-network/facts.ts';
import { networkModelRows, type ModelRow } from '../cases/h-network/network-model.ts';
import { retryStormOf } from '../cases/i-retry-storm/facts.ts';
import { beyondOutcome, measured, notMeasuredReason } from '../facts/beyond-facts.ts';
import { failureCase, type Facts } from '../facts/facts.ts';
import { machineDifferences, runCaveats, type RunCaveats } from '../prose/provenance.ts';
import { failureTableView, type FailureTableView } from './failure-table.ts';
import { latencyTableView, type LatencyTableView } from './latency-table.ts';
import type { BeyondResults } from './results-source.ts';
import { runHistoryView, type RunHistoryView } from './run-history.ts';
import { referenceComparisonView, type ReferenceComparisonView } from './reference-comparison.ts';
import { REFERENCE_SITE } from './site-suites.ts';

/** One suite's run as the page describes it: its machine, configuration and printed report, no case results. */
export interface SuiteRunView<R extends { environment: unknown; config: unknown; report: string; durationMs: number }> {
  environment: R['environment'];
  config: R['config'];
  /** The report the bench printed for the run, kept verbatim in the results file: the page shows it as the run's raw output. */
  report: string;
  /** How long the run took, ms. */
  durationMs: number;
}

/** What <BeyondCase id> shows about one beyond case. */
export interface BeyondCaseView {
  /** Why it was not measured here; undefined when it was. */
  reason?: string;
  /** The case's title from the results, when the results include it. */
  title?: string;
  /** The run's caveats for it (quick counts, warnings). */
  caveats: RunCaveats;
}

/** Every typed view of one build. */
export interface PageViews {
  /** The reference suite's run (cases A–E). */
  referenceRun: SuiteRunView<Results>;
  /** The beyond suite's run (cases F–I). */
  beyondRun: SuiteRunView<BeyondResults>;
  /** Why the reference results are not a full measurement (REFERENCE_SITE.partialReasons); empty when they are. */
  partialReasons: string[];
  /** The latency table of cases A–D, its figures from the facts. */
  latencyTable: LatencyTableView;
  /** The run history: this build's run and the archived ones, oldest first. */
  runHistory: RunHistoryView;
  /** This build against the reference run, case by case. */
  referenceComparison: ReferenceComparisonView;
  /** Case E's configuration (the failure chart's caption). */
  failure: { config: Results['config']['failure'][string] };
  /** The failure table of case E, its counts from the facts. */
  failureTable: FailureTableView;
  /** Case F's result and configuration; null when not measured. */
  caseF: NonNullable<ReturnType<typeof caseFResult>> | null;
  /** Case G's result; null when not measured. */
  caseG: GResultLike | null;
  /** Case I's result and configuration; null when not measured. */
  retryStorm: NonNullable<ReturnType<typeof retryStormOf>> | null;
  /** What the provenance panel counts: the bench's warnings about the reference run, word for word, the beyond suite's measured cases and their warnings, and whether the two suites share a machine. */
  provenance: {
    referenceWarnings: string[];
    beyondMeasuredIds: string[];
    beyondWarningCount: number;
    /** Both suites ran on one machine and runtime (no machineDifferences between their environments). */
    sameMachine: boolean;
  };
  /** <BeyondCase> for every case id of the beyond results and every id the article may name (F–I). */
  beyondCases: Record<string, BeyondCaseView>;
  /** The network model table's rows (case H's page). */
  networkModel: ModelRow[];
  /** Chart data, by chart. */
  charts: {
    latencyDistribution: { data: ChartData; binsPerDecade: number | null };
    latencyPercentiles: ChartData;
    failureRuns: ChartData;
    tls: { data: ChartData; caption: string };
  };
}

/** The beyond case ids the article has sections for. */
const BEYOND_CASE_IDS = ['F', 'G', 'H', 'I'] as const;

/**
 * The views of one build.
 * @throws FactError when a case the page needs is missing (as the facts do).
 */
export function pageViews(results: Results, beyond: BeyondResults, archive: readonly Results[], referenceText: string, facts: Facts): PageViews {
  const e = failureCase(results);
  const g = measured<GResultLike>(beyond, 'G');
  const h = measured<HResultLike>(beyond, 'H');
  const stored = results.cases.find((c) => c.kind === 'latency')?.runs[0]?.histogram.binsPerDecade;
  const latencyTable = latencyTableView(results, facts);
  const ids = [...new Set([...BEYOND_CASE_IDS, ...beyond.cases.map((c) => c.id)])];
  return {
    referenceRun: runOf(results),
    beyondRun: runOf(beyond),
    partialReasons: REFERENCE_SITE.partialReasons(results),
    latencyTable,
    runHistory: runHistoryView(results, archive, facts),
    referenceComparison: referenceComparisonView(referenceText, results, facts),
    failure: { config: results.config.failure[e.id]! },
    failureTable: failureTableView(results, facts),
    caseF: caseFResult(beyond) ?? null,
    caseG: g ?? null,
    retryStorm: retryStormOf(beyond) ?? null,
    provenance: {
      referenceWarnings: noiseWarnings(results),
      beyondMeasuredIds: beyond.cases.filter((c) => c.status === 'measured').map((c) => c.id),
      beyondWarningCount: beyond.cases.reduce((n, c) => n + (c.status === 'measured' ? c.warnings.length : 0), 0),
      sameMachine: machineDifferences(results.environment, beyond.environment).length === 0,
    },
    beyondCases: Object.fromEntries(
      ids.map((id) => {
        const reason = notMeasuredReason(beyond, id);
        const title = beyondOutcome(beyond, id)?.title;
        return [id, { ...(reason === undefined ? {} : { reason }), ...(title === undefined ? {} : { title }), caveats: runCaveats(beyond, id) }];
      }),
    ),
    networkModel: networkModelRows(results, beyond),
    charts: {
      latencyDistribution: { data: latencyDistributionChart(results), binsPerDecade: stored === undefined ? null : stored / DISTRIBUTION_MERGE },
      latencyPercentiles: latencyPercentilesChart(latencyTable.cases),
      failureRuns: failureRunsChart(results),
      tls: { data: tlsChart(results, g, h), caption: tlsCaption(results, g, h) },
    },
  };
}

function runOf<R extends { environment: unknown; config: unknown; report: string; durationMs: number }>(run: R): SuiteRunView<R> {
  return { environment: run.environment, config: run.config, report: run.report, durationMs: run.durationMs };
}
