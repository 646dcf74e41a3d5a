/**
 * Named figures ("facts") that the article's prose may show or reason about.
 *
 * A fact set is a flat record from a dotted name to a finite number, e.g. "B.p50Us" → 230.3 (µs).
 * Every source of figures contributes its own record (bench results here; published prices, cited
 * sources and the reference run elsewhere) and `mergeFacts` joins them, refusing duplicate names, so
 * a name always means one thing. Units are in the names: Us = µs, Ms = ms, Percent = %, PerSec =
 * calls per second; "ratio.XoverY.p50" is unitless (X's p50 divided by Y's p50).
 */
import type { FailureCaseResult, FailureVariant, LatencyCaseResult, Results } from '@split-on-evidence/hop-bench/schema';

/** A flat, read-only record of named figures. */
export type Facts = Readonly<Record<string, number>>;

/** A fact set could not be built or a name is unknown; the message names the fact or field and the fix. */
export class FactError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FactError';
  }
}

/** The latency cases the page describes, in order. */
export const LATENCY_CASE_IDS = ['A', 'B', 'C', 'D'] as const;
/**
 * Latency cases whose timed figures are bound by the timer, not by the call: each timed call of A
 * includes the two clock reads around it, so A's p50 is an upper bound on the call and its ratio to
 * another case measures the clock as much as the call. The reference comparison shows such ratios as n/a.
 */
export const TIMER_BOUND_CASE_IDS: readonly string[] = ['A'];
/** The failure case the page describes. */
export const FAILURE_CASE_ID = 'E';
/** Failure variants the page describes, by bench id → fact-name segment. */
export const FAILURE_VARIANTS = { 'no-retry': 'noRetry', retry: 'retry', 'retry-key': 'retryKey' } as const;

/** Ratios between latency cases the prose uses: [numerator, denominator]. */
export const RATIO_PAIRS = [
  ['B', 'A'],
  ['C', 'A'],
  ['D', 'A'],
  ['C', 'B'],
  ['D', 'B'],
  ['D', 'C'],
] as const;

/**
 * Adds ratio.XoverY.p50/.p95/.p99 for every pair of RATIO_PAIRS to `facts`, from X.pNNUs / Y.pNNUs.
 * A zero denominator (A's percentiles can round to 0 µs on a fast machine) gives no ratio.
 */
export function addRatioFacts(facts: Record<string, number>): void {
  for (const [x, y] of RATIO_PAIRS) {
    for (const p of ['p50', 'p95', 'p99'] as const) {
      const denominator = facts[`${y}.${p}Us`];
      if (denominator !== undefined && denominator > 0) facts[`ratio.${x}over${y}.${p}`] = facts[`${x}.${p}Us`]! / denominator;
    }
  }
}

/**
 * Adds A.untimedCallUs (µs per call) to `facts`: the time per call implied by A.callsPerSec, which the
 * bench measures in a separate untimed loop (hop-bench spec: total time / calls), so it carries no clock
 * reads. It is the better per-call figure for A; A.p50Us is an upper bound. Absent when A.callsPerSec is
 * missing or zero.
 */
export function addUntimedCallFact(facts: Record<string, number>): void {
  const rate = facts['A.callsPerSec'];
  if (rate !== undefined && rate > 0) facts['A.untimedCallUs'] = 1e6 / rate;
}

/**
 * Adds E.V.duplicatesPer100Calls for each failure variant V (noRetry, retry, retryKey) to `facts`, from
 * E.V.duplicates.total and E.V.calls.total: duplicates per hundred calls, over all runs. Absent when a
 * variant has no calls.
 */
export function addFailureRateFacts(facts: Record<string, number>): void {
  for (const key of Object.values(FAILURE_VARIANTS)) {
    const duplicates = facts[`E.${key}.duplicates.total`];
    const calls = facts[`E.${key}.calls.total`];
    if (duplicates !== undefined && calls !== undefined && calls > 0) facts[`E.${key}.duplicatesPer100Calls`] = (100 * duplicates) / calls;
  }
}

/**
 * Joins fact records into one.
 * @throws FactError when two records define the same name, or a value is not a finite number.
 */
export function mergeFacts(...records: Facts[]): Facts {
  // No prototype: a fact name can never resolve to an inherited property.
  const merged: Record<string, number> = Object.create(null);
  for (const record of records) {
    for (const [name, value] of Object.entries(record)) {
      if (Object.hasOwn(merged, name)) throw new FactError(`fact "${name}" is defined twice; each name must come from one source`);
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        throw new FactError(`fact "${name}" is ${String(value)}, not a finite number`);
      }
      merged[name] = value;
    }
  }
  return Object.freeze(merged);
}

/**
 * Looks up a fact.
 * @throws FactError naming the unknown fact and the closest known names.
 */
export function requireFact(facts: Facts, name: string): number {
  if (!hasFact(facts, name)) {
    throw new FactError(`unknown fact "${name}"${suggest(facts, name)}. Known facts are listed by \`npm run claims -- --facts\`.`);
  }
  return facts[name]!;
}

/** Whether `name` is a fact (own property only: "constructor" or "__proto__" are not facts). */
export function hasFact(facts: Facts, name: string): boolean {
  return Object.hasOwn(facts, name) && typeof facts[name] === 'number';
}

function suggest(facts: Facts, name: string): string {
  const prefix = name.split('.').slice(0, -1).join('.');
  const near = Object.keys(facts).filter((k) => prefix !== '' && k.startsWith(prefix + '.')).slice(0, 6);
  return near.length > 0 ? `; did you mean one of ${near.join(', ')}?` : '';
}

/**
 * The latency case `id` of a results file.
 * @throws FactError naming the missing case and the fix.
 */
export function latencyCase(results: Results, id: string): LatencyCaseResult {
  const found = results.cases.find((c): c is LatencyCaseResult => c.kind === 'latency' && c.id === id);
  if (!found) throw missingCase(`latency case "${id}"`);
  return found;
}

/**
 * The failure case of a results file.
 * @throws FactError naming the missing case and the fix.
 */
export function failureCase(results: Results): FailureCaseResult {
  const found = results.cases.find((c): c is FailureCaseResult => c.kind === 'failure' && c.id === FAILURE_CASE_ID);
  if (!found) throw missingCase(`failure case "${FAILURE_CASE_ID}"`);
  return found;
}

/**
 * One variant of the failure case.
 * @throws FactError naming the missing variant and the fix.
 */
export function failureVariant(results: Results, id: keyof typeof FAILURE_VARIANTS): FailureVariant {
  const found = failureCase(results).variants.find((v) => v.id === id);
  if (!found) throw missingCase(`variant "${id}" of failure case "${FAILURE_CASE_ID}"`);
  return found;
}

/**
 * Checks that a results file has every case and variant the page describes, without computing any fact.
 * @throws FactError naming the first missing case or variant and the fix.
 */
export function requirePageCases(results: Results): void {
  for (const id of LATENCY_CASE_IDS) latencyCase(results, id);
  for (const id of Object.keys(FAILURE_VARIANTS) as (keyof typeof FAILURE_VARIANTS)[]) failureVariant(results, id);
}

function missingCase(what: string): FactError {
  return new FactError(
    `cases: the results have no ${what}; the page needs cases ${LATENCY_CASE_IDS.join(', ')} and ${FAILURE_CASE_ID} with all three variants. ` +
      `Fix: run the full bench (npm run build -- --fresh), not a --cases subset.`,
  );
}

/**
 * Every figure of a results file the page may use, by name:
 * - per latency case X (A–D): X.p50Us, X.p95Us, X.p99Us, X.callsPerSec, X.p50CvPercent (medians across
 *   runs), X.p50LowUs/X.p50HighUs (and p95, p99: the medians' intervals across runs, bench/src/harness/stats.ts
 *   medianInterval) with X.intervalConfidencePercent, X.hops, X.timedCalls, X.warmupCalls, and per run r: X.run{r}.p50Us/.p95Us/.p99Us/.callsPerSec/
 *   .minUs/.maxUs/.meanUs;
 * - ratios of medians: ratio.{X}over{Y}.p50/.p95/.p99 for the pairs B/A, C/A, D/A, C/B, D/B, D/C, and
 *   D.perHopP50Us (D's p50 divided by its hops); A.untimedCallUs (µs per call from A's untimed loop);
 * - failure case, per variant V (noRetry, retry, retryKey) and figure F (calls, failed, timedOut,
 *   otherErrors, attempts, invoicesWritten, duplicates, slowCalls): E.V.F.run{r}, E.V.F.total,
 *   E.V.F.min, E.V.F.max; slowest call E.V.slowestMs.run{r} and E.V.slowestMs.max (ms);
 *   E.V.slowCallsPercent (slow calls over all calls of all runs, %); E.V.duplicatesPer100Calls;
 * - failure config: E.callsPerVariant, E.delayPercent, E.delayMs, E.clientTimeoutMs, E.maxRetries,
 *   E.slowCallMs;
 * - run: config.runs, bench.durationMs, bench.durationMin, env.cores, env.ramGB.
 * @throws FactError when a case or variant the page needs is missing.
 */
export function resultFacts(results: Results): Facts {
  const facts: Record<string, number> = {};
  const put = (name: string, value: number) => {
    facts[name] = value;
  };

  for (const id of LATENCY_CASE_IDS) {
    const c = latencyCase(results, id);
    const cfg = results.config.latency[id];
    put(`${id}.p50Us`, c.median.p50Us);
    put(`${id}.p95Us`, c.median.p95Us);
    put(`${id}.p99Us`, c.median.p99Us);
    put(`${id}.callsPerSec`, c.median.callsPerSec);
    put(`${id}.p50CvPercent`, c.median.p50CvPercent);
    for (const p of ['p50', 'p95', 'p99'] as const) {
      put(`${id}.${p}LowUs`, c.intervals[`${p}Us`].lowUs);
      put(`${id}.${p}HighUs`, c.intervals[`${p}Us`].highUs);
    }
    put(`${id}.intervalConfidencePercent`, c.intervals.confidencePercent);
    put(`${id}.hops`, c.hops);
    if (cfg) {
      put(`${id}.timedCalls`, cfg.timedCalls);
      put(`${id}.warmupCalls`, cfg.warmupCalls);
    }
    for (const r of c.runs) {
      for (const key of ['p50Us', 'p95Us', 'p99Us', 'callsPerSec', 'minUs', 'maxUs', 'meanUs'] as const) {
        put(`${id}.run${r.run}.${key}`, r[key]);
      }
    }
  }
  addRatioFacts(facts);
  const d = latencyCase(results, 'D');
  if (d.hops > 0) put('D.perHopP50Us', d.median.p50Us / d.hops);
  addUntimedCallFact(facts);

  const e = failureCase(results);
  const eConfig = results.config.failure[e.id];
  if (eConfig) {
    put('E.callsPerVariant', eConfig.callsPerVariant);
    put('E.delayPercent', eConfig.delayProbability * 100);
    put('E.delayMs', eConfig.delayMs);
    put('E.clientTimeoutMs', eConfig.clientTimeoutMs);
    put('E.maxRetries', eConfig.maxRetries);
    put('E.slowCallMs', eConfig.slowCallMs);
  }
  for (const [variantId, key] of Object.entries(FAILURE_VARIANTS) as [keyof typeof FAILURE_VARIANTS, string][]) {
    const v = failureVariant(results, variantId);
    for (const figure of ['calls', 'failed', 'timedOut', 'otherErrors', 'attempts', 'invoicesWritten', 'duplicates', 'slowCalls'] as const) {
      const values = v.runs.map((r) => r[figure]);
      v.runs.forEach((r) => put(`E.${key}.${figure}.run${r.run}`, r[figure]));
      put(`E.${key}.${figure}.total`, sum(values));
      put(`E.${key}.${figure}.min`, Math.min(...values));
      put(`E.${key}.${figure}.max`, Math.max(...values));
    }
    v.runs.forEach((r) => put(`E.${key}.slowestMs.run${r.run}`, r.slowestMs));
    put(`E.${key}.slowestMs.max`, Math.max(...v.runs.map((r) => r.slowestMs)));
    put(`E.${key}.slowCallsPercent`, (100 * facts[`E.${key}.slowCalls.total`]!) / facts[`E.${key}.calls.total`]!);
  }

  addFailureRateFacts(facts);

  put('config.runs', results.config.runs);
  put('bench.durationMs', results.durationMs);
  put('bench.durationMin', results.durationMs / 60_000);
  put('env.cores', results.environment.cores);
  put('env.ramGB', results.environment.ramBytes / 1024 ** 3);
  return mergeFacts(facts);
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
