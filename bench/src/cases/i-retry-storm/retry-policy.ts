/**
 * What a caller does after one attempt, under a policy: stop (success, attempts used up, or the
 * budget refuses), or retry after a delay. Pure: the throttle and the random draws are passed in.
 */
import { fullJitterDelayMs } from './backoff.ts';
import type { RetryThrottle } from './token-bucket.ts';
import type { RetryPolicy } from './schema.ts';

/** The caller's next move. */
export type RetryDecision =
  | { readonly retry: true; readonly delayMs: number }
  | { readonly retry: false; readonly reason: 'success' | 'attempts' | 'budget' };

/**
 * Records attempt `attempt` (1 = the first) of a call and decides what follows.
 * A success adds tokenRatio to the throttle, a failure takes one (gRPC A6). A failed call is retried
 * while attempts remain and the throttle (if any) allows, after a full-jitter delay when the policy
 * backs off (one draw per retry, so a call's delays depend only on its own stream), else at once.
 * @param draw uniform [0, 1) draws; called only when a delay is drawn.
 */
export function afterAttempt(
  policy: Pick<RetryPolicy, 'maxAttempts' | 'backoff'>,
  attempt: number,
  ok: boolean,
  throttle: RetryThrottle | undefined,
  draw: () => number,
): RetryDecision {
  if (ok) {
    throttle?.onSuccess();
    return { retry: false, reason: 'success' };
  }
  throttle?.onFailure();
  if (attempt >= policy.maxAttempts) return { retry: false, reason: 'attempts' };
  if (throttle && !throttle.retryAllowed()) return { retry: false, reason: 'budget' };
  return { retry: true, delayMs: policy.backoff ? fullJitterDelayMs(attempt, policy.backoff, draw()) : 0 };
}
