/**
 * Messages between case I (parent) and its invoice service over the fork IPC channel. IPC, not HTTP,
 * so that control and counters never show up as attempts.
 */

/** Request header with the number of earlier attempts of the same logical call (absent or 0 on the first), as gRPC's grpc-previous-rpc-attempts. */
export const PREVIOUS_ATTEMPTS_HEADER = 'previous-attempts';
/**
 * Request header with the caller's deadline: ms on the clock performance.timeOrigin + performance.now()
 * that client and server share on one machine (gRPC sends a relative grpc-timeout instead; an
 * absolute time here keeps the server's read delay out of it). Sent only under the deadline policy.
 */
export const DEADLINE_HEADER = 'request-deadline';

/** Settings of the storm service, passed as JSON in argv[2]. */
export interface StormServiceOptions {
  /** Worker time per served request outside the brownout, ms (busy-spin). */
  serviceMs: number;
  /** Worker time per request answered without service (503, 409, 422, replay), ms (busy-spin). */
  rejectMs: number;
  /** Worker time per request dropped for its deadline, ms (busy-spin). */
  dropMs: number;
  /** Requests that may wait in the FIFO queue; one more gets 503. */
  queueLimit: number;
  /** Longest spin between two turns of the event loop, ms (a served request takes several turns). */
  sliceMs: number;
  /** Width of one counting bucket, ms. */
  bucketMs: number;
  /** Server keep-alive timeout, ms. */
  keepAliveMs: number;
}

/** Parent → child: reset every counter and key, and start a run. */
export interface StormStartMessage {
  type: 'storm-start';
  /** The run's time zero, ms on the shared clock performance.timeOrigin + performance.now(). */
  runStartEpochMs: number;
  /** Brownout window, ms after time zero, and its service-time factor. */
  window: { startMs: number; endMs: number; serviceFactor: number };
  /** How long an idempotency key is kept after it was first stored, ms. */
  ttlMs: number;
  /** Answer 400 to an /invoice request without an Idempotency-Key header. */
  keyRequired: boolean;
}

/** Parent → child: ask for a StormStatsMessage. */
export interface StormStatsRequest {
  type: 'storm-stats?';
}

/** Parent → child (test hook): the next request the worker serves stays in service until 'storm-release'. */
export interface StormHoldMessage {
  type: 'storm-hold';
}

/** Parent → child (test hook): finish the held request now. */
export interface StormReleaseMessage {
  type: 'storm-release';
}

export type StormParentMessage = StormStartMessage | StormStatsRequest | StormHoldMessage | StormReleaseMessage;

/** Child → parent: listening on 127.0.0.1:port. */
export interface StormReadyMessage {
  type: 'ready';
  port: number;
}

/** Child → parent: acknowledges a start, hold or release. */
export interface StormAckMessage {
  type: 'storm-ack';
  of: 'storm-start' | 'storm-hold' | 'storm-release';
}

/** Child → parent: everything counted since the last start. Buckets are bucketMs wide from time zero. */
export interface StormStatsMessage {
  type: 'storm-stats';
  /** /invoice requests received per bucket (arrival time), every outcome. */
  attemptsPerBucket: number[];
  /** First attempts (previous-attempts absent or 0) per bucket: logical calls arriving. */
  firstAttemptsPerBucket: number[];
  /** Longest wait queue seen in each bucket. */
  queueMaxPerBucket: number[];
  /** Replies by status ("201" served, "400", "409", "422", "503", "504"), and "replayed": stored replies resent for a known key. */
  statusCounts: Record<string, number>;
  /** Invoices written for requests with / without an Idempotency-Key. */
  invoicesWritten: { keyed: number; unkeyed: number };
  /** Invoices written per logical call: [callIndex, count] for every call with at least one. */
  invoicesPerCall: [number, number][];
  /** Writes beyond the first for the same logical call (body field callIndex), with / without key. */
  duplicates: { keyed: number; unkeyed: number };
  /** What the worker did: served (invoice written), answered without serving, dropped for a deadline. */
  worker: { served: number; rejected: number; dropped: number };
  /** Requests waiting now, and whether the worker is busy (a step scheduled or a request held). */
  waiting: number;
  busy: boolean;
  /** Connections accepted since the process started. */
  connections: number;
}

export type StormChildMessage = StormReadyMessage | StormAckMessage | StormStatsMessage;
