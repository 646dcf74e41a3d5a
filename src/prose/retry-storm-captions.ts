/**
 * Case I's figure words (the retry-storm page): each policy's parameters, each run's name, the
 * per-run tables' captions and marked cells, and the goodput chart's caption. Figures in, words out.
 */
import { formatNumber } from '../format/number.ts';
import { recoveryDuration, recoveryTime } from '../cases/i-retry-storm/recovery-time.ts';
import { capitalise } from './text.ts';

/** The parts of a case I policy these words read (bench/src/cases/i-retry-storm/schema.ts, times in ms). */
export interface PolicyParameters {
  maxAttempts: number;
  backoff: { baseMs: number; capMs: number } | null;
  budget: { maxTokens: number; tokenRatio: number } | null;
  deadlineHeader: boolean;
  /** Where the policy comes from, "what: who" as the config writes it (no closing full stop). */
  source: string;
}

const int = (v: number) => formatNumber(v, 0);

/**
 * A policy's parameters and its source, as two sentences after its name: "3 attempts in all; full-jitter
 * backoff, base 100 ms, cap 1,000 ms. Full-jitter formula: …." Each part only where it applies.
 */
export function policyDescription(p: PolicyParameters): string {
  const parts = [`${p.maxAttempts} attempt${p.maxAttempts === 1 ? '' : 's'} in all`];
  if (p.maxAttempts > 1) parts.push(p.backoff ? `full-jitter backoff, base ${int(p.backoff.baseMs)} ms, cap ${int(p.backoff.capMs)} ms` : 'no wait between attempts');
  if (p.budget) parts.push(`retry budget: ${formatNumber(p.budget.maxTokens, 0)} tokens, +${formatNumber(p.budget.tokenRatio, 1)} per success, −1 per failure, no retry at half or below`);
  if (p.deadlineHeader) parts.push('the deadline travels in a header; the server drops queued requests that can no longer meet it');
  return `${parts.join('; ')}. ${capitalise(p.source)}.`;
}

/** How long keys were kept: "24 h" from an hour up (whole hours), else "100 ms". */
export function keyTtlWords(ms: number): string {
  return ms >= 3_600_000 ? `${formatNumber(ms / 3_600_000, 0)} h` : `${int(ms)} ms`;
}

/** A run's name in the tables: its policy's label, and for a run that varies the policy (a short-TTL run), how long its keys were kept. */
export function runName(policyLabel: string, variant: boolean, keyTtlMs: number): string {
  return `${policyLabel}${variant ? `, keys kept ${keyTtlWords(keyTtlMs)}` : ''}`;
}

/** A run's recovery time in its table cell (recovery-time.ts), or "not within the run" when it did not recover. */
export function recoveryCell(recoveryMs: number | null, spanMs: number): string {
  return recoveryMs === null ? 'not within the run' : recoveryTime(recoveryMs, spanMs);
}

/** A run's latest start after due in its table cell, marked "(behind)" above the bench's limit (both ms). */
export function lateStartCell(lateMs: number, limitMs: number): string {
  return `${int(lateMs)} ms${lateMs > limitMs ? ' (behind)' : ''}`;
}

/** The goodput table's caption: the recovery rule's span (ms) and the share of the level before it asks for (a fraction). */
export function goodputTableCaption(spanMs: number, recoveryFraction: number): string {
  return `Goodput in successful calls/s before, during and after the brownout, and the time to recover: from the brownout’s end to the end of the first ${recoveryDuration(spanMs)} span from which every span’s goodput was at least ${int(100 * recoveryFraction)}% of its level before, for every run including the one whose keys expire early (measured).`;
}

/** The load table's caption: calls per run, and the late-start limit (ms) above which a start is marked. */
export function loadTableCaption(callsPerRun: number, lateLimitMs: number): string {
  return `Attempts the server received per call, calls that failed, and invoices the server wrote for calls the client counted as failed (a failed call can leave one invoice per attempt, so these can outnumber the calls), out of ${int(callsPerRun)} calls per run; and the latest the caller started a call after it was due, marked “behind” above ${formatNumber(lateLimitMs, Number.isInteger(lateLimitMs) ? 0 : 1)} ms, a quarter of the timeout, where the caller fell behind its schedule (measured).`;
}

/** The server table's caption. */
export const SERVER_TABLE_CAPTION =
  'Retries that reached the server and retries the budget refused; requests the worker served after their caller had given up, and queued requests it dropped because their deadline had passed (measured).';

/** The duplicates table's caption. */
export const DUPLICATES_TABLE_CAPTION =
  'Second invoices written for one call, for calls without and with an idempotency key (half of the calls carry one), including the run whose keys expire early (measured).';

/** The goodput chart's figures, each as the chart shows it (formatted by the chart's own caption formatter). */
export interface StormChartFigures {
  /** The chart's bucket (ms). */
  perMs: string;
  arrivalPerSec: string;
  /** The brownout's start and end (s), and the worker's time per request during it and normally (ms). */
  brownoutStartS: string;
  brownoutEndS: string;
  brownoutServiceMs: string;
  serviceMs: string;
}

/** The goodput chart's caption. */
export function retryStormChartCaption(c: StormChartFigures): string {
  return `Goodput (calls that succeeded, per second, over each ${c.perMs} ms, each point drawn at the middle of its ${c.perMs} ms) under each policy, with ${c.arrivalPerSec} new calls/s due throughout (the load table shows how late the caller started any of them). Shaded: the brownout, ${c.brownoutStartS}–${c.brownoutEndS} s, when each request took ${c.brownoutServiceMs} ms of the worker instead of ${c.serviceMs} ms.`;
}

/** The goodput chart's label for screen readers (`perMs` as shown). */
export function retryStormChartLabel(perMs: string): string {
  return `Line chart: goodput in successful calls per second over the run, per ${perMs} ms, one line per policy, with the brownout window shaded.`;
}
