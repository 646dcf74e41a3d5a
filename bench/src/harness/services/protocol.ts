/**
 * Messages between the bench (parent) and its service processes over the fork IPC channel.
 * IPC, not HTTP, so that asking a service for its counters opens no connection.
 */

/** Child → parent: listening on 127.0.0.1:port. */
export interface ReadyMessage {
  type: 'ready';
  port: number;
}

/** Child → parent: counters since start. */
export interface StatsMessage {
  type: 'stats';
  /** TCP connections accepted by the server. */
  connections: number;
}

/** Parent → child: ask for a StatsMessage. */
export interface StatsRequest {
  type: 'stats?';
}

/** Child → parent: the service process's CPU time since it started (process.cpuUsage()). */
export interface CpuMessage {
  type: 'cpu';
  /** User CPU time, µs. */
  userUs: number;
  /** System CPU time, µs. */
  systemUs: number;
}

/** Parent → child: ask for a CpuMessage. */
export interface CpuRequest {
  type: 'cpu?';
}

export type ChildMessage = ReadyMessage | StatsMessage | CpuMessage;

/** Settings of the entitlement service, passed as JSON in argv[2]. */
export interface EntitlementServiceOptions {
  /** mulberry32 seed of the failure draws. */
  seed: number;
  /** Probability that an /invoice reply is held. */
  delayProbability: number;
  /** How long a held reply is held, ms. */
  delayMs: number;
  /** Server keep-alive timeout, ms. */
  keepAliveMs: number;
}

/** Settings of a relay, passed as JSON in argv[2]. */
export interface RelayServiceOptions {
  /** Port of the next service on 127.0.0.1; the relay POSTs each body to its /check. */
  nextPort: number;
  /** Address of the next service when it is not 127.0.0.1 (serve mode). */
  nextHost?: string;
  /** Server keep-alive timeout, ms. */
  keepAliveMs: number;
  /**
   * Sockets in the relay's keep-alive pool to the next service (default 1: cases D and E and the
   * reference suite use one). Case F gives its relays as many as its most callers, so that the
   * chain's capacity under load is set by the services, not by one socket per relay.
   */
  maxSockets?: number;
}
