/**
 * Starting and stopping service processes. Every wait is bounded; every child is tracked so that
 * stopAll() (on success, error, SIGINT or SIGTERM) leaves no process of the bench running.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ChildMessage, CpuMessage, EntitlementServiceOptions, RelayServiceOptions, StatsMessage } from './services/protocol.ts';

/** A child service failed to start, died, or did not answer in time. */
export class ServiceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ServiceError';
  }
}

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

const live = new Set<ChildProcess>();

const SCRIPTS = {
  entitlement: fileURLToPath(new URL('./services/entitlement-service.ts', import.meta.url)),
  relay: fileURLToPath(new URL('./services/relay-service.ts', import.meta.url)),
} as const;

/** Starts the entitlement service. @throws ServiceError if it is not listening within `timeoutMs`. */
export function startEntitlementService(label: string, options: EntitlementServiceOptions, timeoutMs: number): Promise<Service> {
  return startService(SCRIPTS.entitlement, label, options, timeoutMs);
}

/** Starts a relay. @throws ServiceError if it is not listening within `timeoutMs`. */
export function startRelayService(label: string, options: RelayServiceOptions, timeoutMs: number): Promise<Service> {
  return startService(SCRIPTS.relay, label, options, timeoutMs);
}

let serviceCpu: number | null = null;

/**
 * Pins every service started from now on to `cpu` (Linux, through taskset; see pinning.ts), or stops pinning (null).
 */
export function pinServicesTo(cpu: number | null): void {
  serviceCpu = cpu;
}

/**
 * Starts a service script (a module that reports 'ready' over IPC), tracked so stopAll() reaches it.
 * @param env extra environment variables for the child (e.g. serve mode's listen address and token), added to this process's.
 * @throws ServiceError if it is not listening within `timeoutMs`.
 */
export function startService(script: string, label: string, options: object, timeoutMs: number, env?: Readonly<Record<string, string>>): Promise<Service> {
  // execArgv [] : the services run as plain Node processes (Node 24 strips the types natively).
  // Pinned: `taskset -c CPU node script`, so every thread of the service starts with the affinity.
  const launch = serviceCpu === null ? { execArgv: [] } : { execPath: 'taskset', execArgv: ['-c', String(serviceCpu), process.execPath] };
  const child = fork(script, [JSON.stringify(options)], {
    ...launch,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    ...(env ? { env: { ...process.env, ...env } } : {}),
  });
  live.add(child);
  let stopping = false;
  child.once('exit', () => live.delete(child));
  const died = new Promise<never>((_, reject) => {
    child.once('exit', (code, signal) => {
      if (!stopping) reject(new ServiceError(`${label} exited unexpectedly (code ${code}, signal ${signal})`));
    });
  });
  died.catch(() => {}); // observed by whoever races against it

  const stop = () => {
    stopping = true;
    return terminate(child);
  };

  const connections = () =>
    withTimeout(
      new Promise<number>((resolve) => {
        const onMessage = (message: ChildMessage) => {
          if (message.type !== 'stats') return;
          child.off('message', onMessage);
          resolve((message as StatsMessage).connections);
        };
        child.on('message', onMessage);
        child.send({ type: 'stats?' });
      }),
      timeoutMs,
      () => `${label} did not report its connection count within ${timeoutMs} ms`,
    );

  const cpuUsage = () =>
    withTimeout(
      new Promise<{ userUs: number; systemUs: number }>((resolve) => {
        const onMessage = (message: ChildMessage) => {
          if (message.type !== 'cpu') return;
          child.off('message', onMessage);
          resolve({ userUs: (message as CpuMessage).userUs, systemUs: (message as CpuMessage).systemUs });
        };
        child.on('message', onMessage);
        child.send({ type: 'cpu?' });
      }),
      timeoutMs,
      () => `${label} did not report its CPU time within ${timeoutMs} ms`,
    );

  const ready = new Promise<Service>((resolve, reject) => {
    child.once('error', (error) => reject(new ServiceError(`${label} could not be started: ${error.message}`)));
    died.catch(reject);
    child.on('message', (message: ChildMessage) => {
      if (message.type === 'ready') resolve({ label, port: message.port, connections, cpuUsage, stop, died });
    });
  });
  return withTimeout(ready, timeoutMs, () => `${label} did not start listening within ${timeoutMs} ms`).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
}

/** Stops every service still running; waits for each to exit. */
export async function stopAll(): Promise<void> {
  await Promise.all([...live].map(terminate));
}

/** SIGTERM, then SIGKILL if the child has not exited within 2 s; resolves once it has exited. */
async function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  if (!(await Promise.race([exited.then(() => true), delay(2000).then(() => false)]))) {
    child.kill('SIGKILL');
    await exited;
  }
}

/** Kills every service synchronously with SIGKILL; for process exit paths that cannot wait. */
export function killAllNow(): void {
  for (const child of live) child.kill('SIGKILL');
}

/** Resolves after `ms` milliseconds. */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Races `promise` against a timer.
 * @throws ServiceError with `message()` when the timer wins.
 */
export function withTimeout<T>(promise: Promise<T>, ms: number, message: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ServiceError(message())), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Tracks a service process forked by a module of its own (a beyond case's service with its own IPC
 * messages), so that stopAll() and killAllNow() reach it like every other service.
 */
export function trackChild(child: ChildProcess): void {
  live.add(child);
  child.once('exit', () => live.delete(child));
}

/** Stops one tracked child: SIGTERM, then SIGKILL if it has not exited within 2 s; resolves once it has exited. */
export function stopChild(child: ChildProcess): Promise<void> {
  return terminate(child);
}
