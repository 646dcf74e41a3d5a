/**
 * What a running service is, as types only: light modules (case contracts, specs, the suite contract)
 * name it without loading the process module (process.ts) that starts one.
 */

/** A running service process. */
export interface Service {
  /** Who it is, for messages: e.g. "entitlement service (run 1)". */
  readonly label: string;
  /** Its port on 127.0.0.1 (or on `host`). */
  readonly port: number;
  /** Its address when it is not 127.0.0.1: a service on another host (target mode). */
  readonly host?: string;
  /** The token a remote service requires (target mode); local services need none. */
  readonly token?: string;
  /** Connections it has accepted since it started. @throws ServiceError when it does not answer within the timeout. */
  connections(): Promise<number>;
  /** CPU time the process has used since it started, µs, as it reports over IPC. @throws ServiceError on timeout. */
  cpuUsage(): Promise<{ userUs: number; systemUs: number }>;
  /** Stops it and waits for its exit (SIGKILL after a grace period). Safe to call twice. */
  stop(): Promise<void>;
  /** Rejects with ServiceError if the process exits before stop(); lets a case fail fast instead of hanging. */
  readonly died: Promise<never>;
}

/** A running child process started by startChild: its port and a way to ask it over IPC. */
export interface ChildService {
  /** Who it is, for messages: e.g. "entitlement service (run 1)". */
  readonly label: string;
  /** Its port on 127.0.0.1, from its 'ready' message. */
  readonly port: number;
  /** Its process id. */
  readonly pid: number;
  /**
   * Sends `message` and resolves with the first reply that `match` accepts.
   * @param what for the timeout's message, "<label> did not <what> within N ms", e.g. "report its CPU time".
   * @throws ServiceError when no such reply comes within the start timeout, or the process dies first.
   */
  ask<T>(message: object, match: (reply: { type: string }) => reply is T & { type: string }, what: string): Promise<T>;
  /** Stops it and waits for its exit (SIGKILL after a grace period). Safe to call twice. */
  stop(): Promise<void>;
  /** Rejects with ServiceError if the process exits before stop(); lets a case fail fast instead of hanging. */
  readonly died: Promise<never>;
}
