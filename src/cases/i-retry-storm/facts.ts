/**
 * Facts of case I (a retry storm as a metastable failure), for the article: names start with "I.".
 * Per run R (none, immediate, backoff, budget, deadline, immediateShortTtl; see RUN_FACT_NAMES):
 * - I.R.calls, I.R.callsDuring (seeded);
 * - I.R.goodput.beforePerSec / .duringPerSec / .afterPerSec (successful calls/s), I.R.goodput.afterOverBefore,
 *   I.R.goodput.firstSpanAfterPerSec (calls/s in the first I.recovery.windowMs after the brownout);
 * - I.R.recovered (1 or 0) and, only when recovered within the run, I.R.recoveryMs (declared
 *   outcome-dependent in RETRY_STORM_OPTIONAL_FACTS: a policy that did not recover has no recovery time);
 * - I.R.amp.during / .after / .overall: load amplification (attempts received ÷ logical calls);
 * - I.R.failed, I.R.failedPercent, I.R.budgetRefused, I.R.dropped (requests the server dropped for
 *   their deadline), I.R.servedAfterCallerLeft, I.R.invoicesForFailedCalls;
 * - I.R.duplicates.keyed / .unkeyed, I.R.invoices.keyed / .unkeyed;
 * - I.R.replies.conflict409 / .replayed: the server's 409 replies (a keyed retry that found an earlier
 *   attempt of its call in progress) and stored replies resent (one that found it finished);
 * - I.R.attempts (attempts the server received), I.R.retriesReceived (attempts the server received beyond one per call), I.R.lateStartMs (the
 *   latest the open-loop caller started a call after its due time).
 * The caller's schedule: I.schedule.lateLimitMs (the bench's lateStartLimitMs: later than this, the
 * run fell behind and the bench warns), I.schedule.lateMaxMs (the latest start over all runs),
 * I.schedule.runsBehind (runs later than the limit), I.schedule.runs (runs in all); I.settle.warmUpCalls
 * (untimed calls before the runs) and I.settle.collectsGarbage (1 when the caller's heap was collected
 * before each run).
 * I.runsPerPolicy: runs of each policy with day-long keys in the results (the case runs each once;
 * the short-TTL run is a separate run of naive immediate retries).
 * Setup: I.capacityPerSec, I.offeredLoadPercent, I.brownoutCapacityPerSec, I.arrivalPerSec, I.window.startMs,
 * I.window.endMs, I.window.durationMs, I.window.serviceMs, I.window.serviceFactor, I.server.serviceMs,
 * I.server.rejectMs, I.server.dropMs, I.server.queueLimit, I.server.queueWorkMs (a full queue's work),
 * I.clientTimeoutMs, I.durationMs, I.afterWindowMs, I.bucketMs, I.maxAttempts, I.backoff.baseMs,
 * I.backoff.capMs, I.budget.maxTokens, I.budget.tokenRatio, I.keyTtlHours, I.shortKeyTtlMs,
 * I.recovery.windowMs, I.recovery.fractionPercent.
 * Source: case I's stored result and config (bench/src/cases/i-retry-storm/schema.ts).
 */
import type { BeyondResults } from '../../inputs/results-source.ts';
import type { OptionalFact } from '../../facts/optional-facts.ts';
import { lateStartLimitMs, retriesReceived } from '@split-on-evidence/hop-bench/facts';
import {
  RetryStormConfigSchema,
  RetryStormResultSchema,
  type RetryStormConfig,
  type RetryStormResult,
  type RetryStormRun,
} from '@split-on-evidence/hop-bench/schema';

/** Run id in the results → its segment in fact names. */
export const RUN_FACT_NAMES: Readonly<Record<string, string>> = {
  none: 'none',
  immediate: 'immediate',
  backoff: 'backoff',
  budget: 'budget',
  deadline: 'deadline',
  'immediate-short-ttl': 'immediateShortTtl',
};

/** The policies' names in words, for messages and sentences, by fact-name segment. */
const POLICY_WORDS: Readonly<Record<string, string>> = {
  none: 'no retry',
  immediate: 'naive immediate retries',
  backoff: 'backoff with full jitter',
  budget: 'the retry budget',
  deadline: 'deadline-drop',
  immediateShortTtl: 'naive immediate retries with short-lived keys',
};

/**
 * Case I's outcome-dependent facts (src/facts/optional-facts.ts): each run's I.R.recoveryMs is absent
 * exactly when I.R.recovered is 0. The article shows it only inside a <Form> chosen when it recovered.
 */
export const RETRY_STORM_OPTIONAL_FACTS: readonly OptionalFact[] = Object.values(RUN_FACT_NAMES).map((key) => ({
  name: `I.${key}.recoveryMs`,
  gate: `I.${key}.recovered`,
  absentWhen: 0,
  outcome: `${POLICY_WORDS[key] ?? key} did not recover within the run`,
}));

/**
 * Goodput in the first recovery span after the brownout, calls/s: the successes counted in the buckets
 * from `endMs` (the window's end, ms after the run starts, on a bucket edge) to `endMs + spanMs`, over
 * the time those buckets cover (fewer when the run ends sooner; 0 when none is left).
 * @param successes successes per bucket of `bucketMs` from the run's start.
 */
export function firstSpanAfterPerSec(successes: readonly number[], endMs: number, bucketMs: number, spanMs: number): number {
  const from = Math.round(endMs / bucketMs);
  const buckets = successes.slice(from, from + Math.round(spanMs / bucketMs));
  return buckets.length === 0 ? 0 : buckets.reduce((a, b) => a + b, 0) / ((buckets.length * bucketMs) / 1000);
}

/**
 * Every fact of case I.
 * @throws Error when a run the article needs is missing or the config lacks a policy.
 */
export function retryStormFacts(result: RetryStormResult, config: RetryStormConfig): Record<string, number> {
  const facts: Record<string, number> = {};
  const put = (name: string, value: number) => {
    facts[`I.${name}`] = value;
  };
  const run = (id: string): RetryStormRun => {
    const found = result.runs.find((r) => r.id === id);
    if (!found) throw new Error(`case I has no run "${id}"; re-run the beyond suite`);
    return found;
  };
  for (const [id, key] of Object.entries(RUN_FACT_NAMES)) {
    const r = run(id);
    const m = r.measured;
    put(`${key}.calls`, r.seeded.calls);
    put(`${key}.callsDuring`, r.seeded.callsByPhase.during);
    put(`${key}.goodput.beforePerSec`, m.goodputPerSec.before);
    put(`${key}.goodput.duringPerSec`, m.goodputPerSec.during);
    put(`${key}.goodput.afterPerSec`, m.goodputPerSec.after);
    if (m.goodputPerSec.before > 0) put(`${key}.goodput.afterOverBefore`, m.goodputPerSec.after / m.goodputPerSec.before);
    put(`${key}.goodput.firstSpanAfterPerSec`, firstSpanAfterPerSec(m.series.successes, result.window.endMs, config.bucketMs, config.recovery.windowMs));
    put(`${key}.recovered`, m.recoveryMs === null ? 0 : 1);
    if (m.recoveryMs !== null) put(`${key}.recoveryMs`, m.recoveryMs);
    put(`${key}.amp.during`, m.amplification.during);
    put(`${key}.amp.after`, m.amplification.after);
    put(`${key}.amp.overall`, m.amplification.overall);
    put(`${key}.failed`, m.failed);
    put(`${key}.failedPercent`, (100 * m.failed) / r.seeded.calls);
    put(`${key}.budgetRefused`, m.failures.budgetRefused);
    put(`${key}.dropped`, m.server.dropped);
    put(`${key}.servedAfterCallerLeft`, m.servedAfterCallerLeft);
    put(`${key}.invoicesForFailedCalls`, m.invoicesForFailedCalls);
    put(`${key}.duplicates.keyed`, m.duplicates.keyed);
    put(`${key}.duplicates.unkeyed`, m.duplicates.unkeyed);
    put(`${key}.invoices.keyed`, m.invoicesWritten.keyed);
    put(`${key}.invoices.unkeyed`, m.invoicesWritten.unkeyed);
    put(`${key}.replies.conflict409`, m.statusCounts['409'] ?? 0);
    put(`${key}.replies.replayed`, m.statusCounts['replayed'] ?? 0);
    put(`${key}.attempts`, m.attempts.total);
    put(`${key}.retriesReceived`, retriesReceived(r));
    put(`${key}.lateStartMs`, m.schedulerLagMaxMs);
  }
  const lateLimitMs = lateStartLimitMs(config);
  put('schedule.lateLimitMs', lateLimitMs);
  put('schedule.lateMaxMs', Math.max(...result.runs.map((r) => r.measured.schedulerLagMaxMs)));
  put('schedule.runsBehind', result.runs.filter((r) => r.measured.schedulerLagMaxMs > lateLimitMs).length);
  put('schedule.runs', result.runs.length);
  // Results written before the settle step was stated: 100 warm-up calls, no collection (schema.ts).
  put('settle.warmUpCalls', config.settle?.warmUpCalls ?? 100);
  put('settle.collectsGarbage', config.settle?.collectGarbageBeforeEachRun ? 1 : 0);
  const perPolicy = config.policies.map((p) => result.runs.filter((r) => r.policyId === p.id && r.keyTtlMs === config.keyTtlMs).length);
  put('runsPerPolicy', Math.max(...perPolicy));

  put('capacityPerSec', result.capacityPerSec);
  put('offeredLoadPercent', 100 * result.offeredLoad);
  put('brownoutCapacityPerSec', result.brownoutCapacityPerSec);
  put('arrivalPerSec', config.arrivalPerSec);
  put('window.startMs', result.window.startMs);
  put('window.endMs', result.window.endMs);
  put('window.durationMs', result.window.endMs - result.window.startMs);
  put('window.serviceMs', result.window.serviceMs);
  put('window.serviceFactor', result.window.serviceFactor);
  put('server.serviceMs', config.server.serviceMs);
  put('server.rejectMs', config.server.rejectMs);
  put('server.dropMs', config.server.dropMs);
  put('server.queueLimit', config.server.queueLimit);
  put('server.queueWorkMs', config.server.queueLimit * config.server.serviceMs);
  put('clientTimeoutMs', config.clientTimeoutMs);
  put('durationMs', config.durationMs);
  put('afterWindowMs', config.durationMs - result.window.endMs);
  put('bucketMs', config.bucketMs);
  put('keyTtlHours', config.keyTtlMs / 3_600_000);
  put('shortKeyTtlMs', config.shortKeyTtlMs);
  put('recovery.windowMs', config.recovery.windowMs);
  put('recovery.fractionPercent', 100 * config.recovery.fraction);
  const budget = config.policies.find((p) => p.id === 'budget');
  const backoff = budget?.backoff;
  if (!budget?.budget || !backoff) throw new Error('case I config has no "budget" policy with backoff and a token bucket');
  put('maxAttempts', budget.maxAttempts);
  put('backoff.baseMs', backoff.baseMs);
  put('backoff.capMs', backoff.capMs);
  put('budget.maxTokens', budget.budget.maxTokens);
  put('budget.tokenRatio', budget.budget.tokenRatio);
  return facts;
}

/**
 * Case I's validated result and config from this build's beyond results, or undefined when case I
 * was not measured (the article's <BeyondCase id="I"> block then says why instead).
 * @throws ZodError when the stored result does not fit the bench's schema (the loader checks this first).
 */
export function retryStormOf(beyond: BeyondResults): { result: RetryStormResult; config: RetryStormConfig } | undefined {
  const entry = beyond.cases.find((c) => c.id === 'I');
  if (entry === undefined || entry.status !== 'measured') return undefined;
  return { result: RetryStormResultSchema.parse(entry.result), config: RetryStormConfigSchema.parse(beyond.config.caseConfigs.I) };
}
