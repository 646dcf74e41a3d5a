/**
 * The storm server's one worker and its FIFO queue, as a pure state machine (the service process
 * drives it with the real clock and busy-spins each step's cost; tests drive it with exact times).
 *
 * - A request that passes the key checks is offered: it joins the tail of the queue, or, when
 *   `queueLimit` requests already wait, is refused ("full": the process answers 503 after spinning
 *   rejectMs).
 * - When the worker is free it takes the head. A request that carries a deadline is dropped (cost
 *   dropMs) when the deadline would pass before its service ends: now + serviceMs > deadline. Any
 *   other is served (cost serviceMs), whether or not its caller is still waiting: without a deadline
 *   the server cannot know.
 */

/** Costs of the worker, ms. */
export interface WorkerParams {
  /** Requests that may wait; one more is refused. */
  readonly queueLimit: number;
  /** Worker time to drop a request whose deadline cannot be met, ms. */
  readonly dropMs: number;
}

/** What the worker does next. */
export type WorkerStep<T> =
  | { readonly kind: 'serve'; readonly item: T; readonly costMs: number }
  | { readonly kind: 'drop'; readonly item: T; readonly costMs: number }
  | { readonly kind: 'idle' };

/** One worker, one FIFO queue of at most queueLimit requests. */
export class StormWorker<T> {
  readonly #params: WorkerParams;
  readonly #queue: { item: T; deadlineMs: number | undefined }[] = [];

  /** @throws RangeError when queueLimit is not a positive integer or dropMs is negative. */
  constructor(params: WorkerParams) {
    if (!Number.isInteger(params.queueLimit) || params.queueLimit < 1) throw new RangeError(`queueLimit must be a positive integer, got ${params.queueLimit}`);
    if (!(params.dropMs >= 0)) throw new RangeError(`dropMs must be ≥ 0, got ${params.dropMs}`);
    this.#params = params;
  }

  /** Requests waiting now. */
  get waiting(): number {
    return this.#queue.length;
  }

  /**
   * Offers a request to the queue.
   * @param deadlineMs the caller's deadline on the same clock as next()'s nowMs; undefined when none reached the server.
   * @returns "queued", or "full" when queueLimit requests already wait (nothing is queued).
   */
  offer(item: T, deadlineMs?: number): 'queued' | 'full' {
    if (this.#queue.length >= this.#params.queueLimit) return 'full';
    this.#queue.push({ item, deadlineMs });
    return 'queued';
  }

  /**
   * The worker is free at `nowMs`: takes the head of the queue.
   * @param serviceMs what serving a request costs now (longer in a brownout), ms.
   */
  next(nowMs: number, serviceMs: number): WorkerStep<T> {
    const head = this.#queue.shift();
    if (head === undefined) return { kind: 'idle' };
    if (head.deadlineMs !== undefined && nowMs + serviceMs > head.deadlineMs) return { kind: 'drop', item: head.item, costMs: this.#params.dropMs };
    return { kind: 'serve', item: head.item, costMs: serviceMs };
  }
}

/**
 * Busy-spins the calling thread for `ms` of wall-clock time: the worker is occupied, as by real
 * work, and the time is the same on a fast or a slow machine (a slower core spins fewer turns).
 */
export function spin(ms: number): void {
  if (!(ms > 0)) return;
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // busy: nothing else runs on this thread meanwhile
  }
}
