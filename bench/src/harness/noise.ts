/**
 * Noise between runs: how much a case's figures moved from run to run, and warnings that say what
 * to do about it (hyperfine-style). Pure functions over the results types; public (for the site).
 */
import type { LatencyCaseResult, Results } from './schema.ts';
import { median, medianInterval, modifiedZScores, OUTLIER_MIN_MAD_FRACTION, OUTLIER_Z, spread } from './stats.ts';

/** A case whose run p50s vary by more than this coefficient of variation (percent) is marked noisy. */
export const NOISY_CV_PERCENT = 10;

/** Spread of one latency case's p50 across runs. */
export interface CaseNoise {
  id: string;
  runs: number;
  /** Coefficient of variation of the run p50s, percent (0 for one run). */
  p50CvPercent: number;
  /** Lowest and highest run p50, µs. */
  p50MinUs: number;
  p50MaxUs: number;
  /** (max − min) / min of the run p50s, percent. */
  p50RangePercent: number;
  /** True when p50CvPercent exceeds NOISY_CV_PERCENT. */
  noisy: boolean;
}

/** What the run-spread rules read of a case: its id and each run's p50 (a reference latency case, or a variant of case G). */
export interface RunP50s {
  id: string;
  runs: readonly { p50Us: number }[];
}

/** Noise of a latency case's p50 across its runs. */
export function latencyNoise(c: RunP50s): CaseNoise {
  const p50s = c.runs.map((r) => r.p50Us);
  const { cvPercent, min, max } = spread(p50s);
  return {
    id: c.id,
    runs: p50s.length,
    p50CvPercent: cvPercent,
    p50MinUs: min,
    p50MaxUs: max,
    p50RangePercent: min > 0 ? ((max - min) / min) * 100 : 0,
    noisy: cvPercent > NOISY_CV_PERCENT,
  };
}

/**
 * The spread of one figure per run (any unit) when it is above NOISY_CV_PERCENT, the rule latencyNoise
 * applies to p50s: stats.spread's coefficient of variation with the runs' min and max; undefined with
 * fewer than two runs or a spread within the limit.
 */
export function noisySpread(values: readonly number[]): { cvPercent: number; min: number; max: number } | undefined {
  if (values.length < 2) return undefined;
  const s = spread(values);
  return s.cvPercent > NOISY_CV_PERCENT ? s : undefined;
}

/** A run whose p50 is more than this many times the median of the other runs' p50 is named in a warning. */
export const SLOW_RUN_RATIO = 1.5;

/** A run singled out among the runs of one latency case. */
export interface OddRun {
  /** Run number as printed, 1-based. */
  run: number;
  /** The run's p50, µs. */
  p50Us: number;
  /** Slow runs: p50 ÷ median p50 of the other runs. */
  ratioToOthers: number;
  /** Modified z-score of the run's p50 among the case's run p50s (see stats.modifiedZScores). */
  z: number;
}

/** Runs whose p50 exceeds SLOW_RUN_RATIO × the median of the others' (needs ≥ 2 runs). */
export function slowRuns(c: RunP50s): OddRun[] {
  return oddRuns(c).filter((r) => r.ratioToOthers > SLOW_RUN_RATIO);
}

/** Runs whose p50 is a statistical outlier, |modified z| > OUTLIER_Z (needs ≥ 3 runs), fast or slow. */
export function outlierRuns(c: RunP50s): OddRun[] {
  return c.runs.length < 3 ? [] : oddRuns(c).filter((r) => Math.abs(r.z) > OUTLIER_Z);
}

function oddRuns(c: RunP50s): OddRun[] {
  const p50s = c.runs.map((r) => r.p50Us);
  if (p50s.length < 2) return [];
  const z = modifiedZScores(p50s, OUTLIER_MIN_MAD_FRACTION * median(p50s));
  return p50s.map((p50Us, k) => ({
    run: k + 1,
    p50Us,
    ratioToOthers: p50Us / median(p50s.filter((_, j) => j !== k)),
    z: z[k]!,
  }));
}

/**
 * Warnings for figures too noisy to lean on, each with a remedy.
 * @returns one line per problem; empty when every case is steady.
 */
export function noiseWarnings(results: Results): string[] {
  const warnings: string[] = [];
  const latency = results.cases.filter((c): c is LatencyCaseResult => c.kind === 'latency');
  if (results.config.runs < 3 && latency.length > 0) {
    warnings.push(
      `Only ${results.config.runs} run(s): the spread between runs cannot be judged. Use --runs 3 or more for figures you publish.`,
    );
  }
  for (const c of latency) warnings.push(...oddRunWarnings(c));
  for (const c of latency) {
    const spreadLine = spreadWarning(c);
    if (spreadLine) warnings.push(spreadLine);
  }
  return warnings;
}

/** Warnings about single runs of one case: runs slower than SLOW_RUN_RATIO × the others, then other statistical outliers; each with a remedy. */
export function oddRunWarnings(c: RunP50s): string[] {
  const warnings: string[] = [];
  const more = `--runs ${Math.max(5, c.runs.length + 2)}`;
  const slow = slowRuns(c);
  for (const r of slow) {
    warnings.push(`run ${r.run} of ${c.id} was ${r.ratioToOthers.toFixed(1)}× the others: something else was using the CPU; re-run with ${more}.`);
  }
  for (const r of outlierRuns(c).filter((o) => !slow.some((s) => s.run === o.run))) {
    const z = r.z.toFixed(1);
    warnings.push(
      `run ${r.run} of ${c.id} (p50 ${fmt(r.p50Us)} µs) is a statistical outlier among its ${c.runs.length} runs (modified z-score ${z}, beyond ±${OUTLIER_Z}): ` +
        `close other programs and re-run, or re-run with ${more} so one stray run weighs less.`,
    );
  }
  return warnings;
}

/** The run-spread warning of one case, when its run p50s vary by more than NOISY_CV_PERCENT (latencyNoise), with a remedy; else undefined. */
export function spreadWarning(c: RunP50s): string | undefined {
  const n = latencyNoise(c);
  if (!n.noisy) return undefined;
  // Case A's timings are dominated by clock reads; its spread says little about the call.
  const remedy = c.id === 'A' ? 'treat A as an order of magnitude only' : 'close other programs, or raise --runs';
  return `${c.id}'s p50 varied between runs by a ${n.p50CvPercent.toFixed(0)}% coefficient of variation (${fmt(n.p50MinUs)}–${fmt(n.p50MaxUs)} µs): ${remedy}.`;
}

function fmt(us: number): string {
  return us < 10 ? us.toFixed(2) : us.toFixed(1);
}

/**
 * The one noise rule for a comparison between two sets of run figures (any unit, one figure per run):
 * they differ measurably when their intervals (stats.medianInterval: the min–max for up to 5 runs) do
 * not overlap. Case F's validity rules use it; the A/A check (noise-check.ts) measures its
 * false-positive rate beside the permutation test's (permutation-test.ts), which is the rule the pages
 * and `compare` judge comparisons by.
 * @returns true (a measurable difference), false (the intervals overlap: no measurable difference), or
 *   null when a side has fewer than 2 runs (no spread to judge).
 * @throws RangeError when a side is empty.
 */
export function differBeyondNoise(a: readonly number[], b: readonly number[]): boolean | null {
  if (a.length === 0 || b.length === 0) throw new RangeError('a comparison needs at least one run on each side');
  if (a.length < 2 || b.length < 2) return null;
  const x = medianInterval(a);
  const y = medianInterval(b);
  return !(x.low <= y.high && y.low <= x.high);
}

/**
 * The same rule for paired per-run ratios (e.g. each run's D ÷ its own B) against a fixed value (1 for
 * "the same"): a measurable difference when the ratios' interval excludes `reference`.
 * @returns true, false, or null with fewer than 2 runs.
 * @throws RangeError when `ratios` is empty.
 */
export function departsBeyondNoise(ratios: readonly number[], reference: number): boolean | null {
  if (ratios.length === 0) throw new RangeError('no per-run ratios to judge');
  if (ratios.length < 2) return null;
  const i = medianInterval(ratios);
  return !(i.low <= reference && reference <= i.high);
}

/**
 * The interval the noise rule judges by, for one figure per run (any unit): stats.medianInterval, the
 * min–max for up to 5 runs, with its exact coverage in percent (0 for one run).
 * @throws RangeError when `values` is empty.
 */
export function runsInterval(values: readonly number[]): { low: number; high: number; confidencePercent: number } {
  return medianInterval(values);
}

/**
 * The median of one figure per run (any unit): the centre of runsInterval, for a figure that sits beside it.
 * @throws RangeError when `values` is empty.
 */
export function runsMedian(values: readonly number[]): number {
  return median(values);
}
