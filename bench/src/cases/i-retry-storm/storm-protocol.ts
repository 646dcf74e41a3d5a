/**
 * Messages between case I (parent) and its capacity-limited invoice service over the fork IPC
 * channel. IPC, not HTTP, so that control and counters never show up as attempts.
 */

/** Request header with the number of earlier attempts of the same logical call (absent or 0 on the first). */
export const PREVIOUS_ATTEMPTS_HEADER = 'previous-attempts';

/** Settings of the storm service, passed as JSON in argv[2]. */
export interface StormServiceOptions {
  /** Requests in service at once (K). */
  concurrency: number;
  /** Service time of one request outside the brownout, ms (s). A timer: see case I's docstring. */
  serviceMs: number;
  /** Requests that may wait for a free slot (Q); one more gets 503 at once. */
  queueLimit: number;
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

/** Parent → child (test hook): hold the next admitted request in service until 'storm-release'. */
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
  /** Server latency (arrival → reply) of each served request, ms, by completion bucket. */
  latencyMsPerBucket: number[][];
  /** Replies by status ("201" first writes, "400", "409", "422", "503"), and "replayed": stored replies resent for a known key. */
  statusCounts: Record<string, number>;
  /** Invoices written for requests with / without an Idempotency-Key. */
  invoicesWritten: { keyed: number; unkeyed: number };
  /** Writes beyond the first for the same logical call (body field callId), with / without key. */
  duplicates: { keyed: number; unkeyed: number };
  /** Requests in service and waiting right now. */
  inService: number;
  waiting: number;
  /** Connections accepted since the process started. */
  connections: number;
}

export type StormChildMessage = StormReadyMessage | StormAckMessage | StormStatsMessage;
