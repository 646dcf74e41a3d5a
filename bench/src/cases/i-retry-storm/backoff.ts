/**
 * Capped exponential backoff with "full jitter": before retry n (n = 1 for the first retry) the
 * caller sleeps a uniform random time in [0, min(cap, base × 2^(n−1))). This is the form of the
 * AWS Builders' Library article "Timeouts, retries, and backoff with jitter" (Marc Brooker) and of
 * gRPC proposal A6 (random(0, min(initialBackoff × multiplier^(n−1), maxBackoff))).
 */

/** Backoff parameters, ms. */
export interface FullJitterParams {
  /** Ceiling of the first retry's delay, ms. */
  readonly baseMs: number;
  /** Largest ceiling any retry can get, ms. */
  readonly capMs: number;
}

/** The ceiling of retry n's delay, ms: min(cap, base × 2^(n−1)). @throws RangeError when n < 1. */
export function backoffCeilingMs(retry: number, params: FullJitterParams): number {
  if (!Number.isInteger(retry) || retry < 1) throw new RangeError(`retry must be an integer ≥ 1, got ${retry}`);
  return Math.min(params.capMs, params.baseMs * 2 ** (retry - 1));
}

/**
 * Retry n's delay in whole ms, from a uniform draw r in [0, 1): floor(r × ceiling).
 * @throws RangeError when n < 1 or r is outside [0, 1).
 */
export function fullJitterDelayMs(retry: number, params: FullJitterParams, r: number): number {
  if (!(r >= 0 && r < 1)) throw new RangeError(`r must be in [0, 1), got ${r}`);
  return Math.floor(r * backoffCeilingMs(retry, params));
}

/** The longest delay any retry of a call with `maxAttempts` attempts can sleep, ms (an upper bound, exclusive). */
export function longestRetryDelayMs(maxAttempts: number, params: FullJitterParams): number {
  let longest = 0;
  for (let retry = 1; retry < maxAttempts; retry++) longest = Math.max(longest, backoffCeilingMs(retry, params));
  return longest;
}
