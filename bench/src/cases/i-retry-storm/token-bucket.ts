/**
 * Retry throttling as gRPC proposal A6 ("gRPC Retry Design", Noah Eisen and Eric Gribkoff, last
 * updated 2017-09-13, section "Throttling Retry Attempts and Hedged RPCs") specifies it: a token
 * count starts at maxTokens and stays within [0, maxTokens]; every failed attempt takes 1 token,
 * every successful attempt adds tokenRatio; while the count is at or below maxTokens / 2, failed
 * calls are not retried. Tokens are kept as integer thousandths (as gRPC's C core does), so the
 * arithmetic is exact: 0.1 × 10 successes is exactly 1 token.
 */

/** Parameters of the retry throttle (A6's `retryThrottling`). */
export interface RetryThrottleParams {
  /** Bucket size and starting count, tokens (A6 example: 10). */
  readonly maxTokens: number;
  /** Tokens added per successful attempt (A6 example: 0.1); at most 3 decimals. */
  readonly tokenRatio: number;
}

/** One client's retry budget. Not thread-shared: one instance per client (A6: per server name). */
export class RetryThrottle {
  readonly #maxMilli: number;
  readonly #ratioMilli: number;
  #milli: number;

  /** @throws RangeError when maxTokens is not positive or tokenRatio is negative or has more than 3 decimals. */
  constructor(params: RetryThrottleParams) {
    const maxMilli = Math.round(params.maxTokens * 1000);
    const ratioMilli = Math.round(params.tokenRatio * 1000);
    if (!(maxMilli > 0)) throw new RangeError(`maxTokens must be positive, got ${params.maxTokens}`);
    if (!(ratioMilli >= 0) || Math.abs(ratioMilli - params.tokenRatio * 1000) > 1e-9) {
      throw new RangeError(`tokenRatio must be ≥ 0 with at most 3 decimals, got ${params.tokenRatio}`);
    }
    this.#maxMilli = maxMilli;
    this.#ratioMilli = ratioMilli;
    this.#milli = maxMilli;
  }

  /** Tokens now (a multiple of 0.001). */
  get tokens(): number {
    return this.#milli / 1000;
  }

  /** Records a successful attempt: + tokenRatio, capped at maxTokens. */
  onSuccess(): void {
    this.#milli = Math.min(this.#maxMilli, this.#milli + this.#ratioMilli);
  }

  /** Records a failed attempt (a timeout, 503 or 409): − 1 token, floored at 0. */
  onFailure(): void {
    this.#milli = Math.max(0, this.#milli - 1000);
  }

  /** Whether a failed call may be retried now: tokens strictly above maxTokens / 2. */
  retryAllowed(): boolean {
    return this.#milli * 2 > this.#maxMilli;
  }
}
