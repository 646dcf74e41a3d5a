/**
 * The one process module of the bench: start a service process (pinned when asked), ask it over IPC,
 * stop it, and know when it died. Every wait is bounded; every child is tracked so that stopAll() (on
 * success, error, SIGINT or SIGTERM) leaves no process of the bench running. A case with a service of
 * its own (case I's storm service) starts it with startChild and builds its questions on ask().
 * The shapes of a running service are in service.ts (types only, so light modules can name them).
 */
export type { ChildService, Service } from './service.ts';
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ChildService, Service } from './service.ts';
import type { CpuMessage, EntitlementServiceOptions, RelayServiceOptions, StatsMessage } from './services/protocol.ts';

/** A child service failed to start, died, or did not answer in time. */
export class ServiceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ServiceError';
  }
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

let serviceCpu: string | null = null;

/**
 * Pins every service started from now on to `cpu` (Linux, through taskset; see pinning.ts), or to any
 * of the CPUs in a list, or stops pinning (null).
 */
export function pinServicesTo(cpu: number | readonly number[] | null): void {
  serviceCpu = cpu === null ? null : typeof cpu === 'number' ? String(cpu) : cpu.join(',');
}

/** The CPU list services are pinned to now ("1" or "1,2,3"), or null when they are not pinned. */
export function servicePinning(): string | null {
  return serviceCpu;
}

/**
 * Starts a service script (a module that reports `{ type: 'ready', port }` over IPC), pinned when
 * pinServicesTo asked for it, and tracked so stopAll() reaches it.
 * @param options handed to the script as its one argument (JSON).
 * @param timeoutMs bound on the start and on every ask().
 * @param env extra environment variables for the child (e.g. serve mode's listen address and token), added to this process's.
 * @throws ServiceError if it is not listening within `timeoutMs`.
 */
export function startChild(script: string, label: string, options: object, timeoutMs: number, env?: Readonly<Record<string, string>>): Promise<ChildService> {
  // execArgv [] : the services run as plain Node processes (Node 24 strips the types natively).
  // Pinned: `taskset -c CPU node script`, so every thread of the service starts with the affinity.
  const launch = serviceCpu === null ? { execArgv: [] } : { execPath: 'taskset', execArgv: ['-c', serviceCpu, process.execPath] };
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

  const ask = <T>(message: object, match: (reply: { type: string }) => reply is T & { type: string }, what: string) =>
    withTimeout(
      Promise.race([
        new Promise<T>((resolve) => {
          const onMessage = (reply: { type: string }) => {
            if (!match(reply)) return;
            child.off('message', onMessage);
            resolve(reply);
          };
          child.on('message', onMessage);
          // A child that died since the last question has closed its channel: with a callback, send
          // hands that error here instead of throwing it as an unhandled 'error' event, and `died`
          // (or the timeout) settles the question with the error that names the service.
          child.send(message, (error) => {
            if (error) child.off('message', onMessage);
          });
        }),
        died,
      ]),
      timeoutMs,
      () => `${label} did not ${what} within ${timeoutMs} ms`,
    );

  const ready = new Promise<ChildService>((resolve, reject) => {
    child.once('error', (error) => reject(new ServiceError(`${label} could not be started: ${error.message}`)));
    died.catch(reject);
    child.on('message', (message: { type: string; port?: number }) => {
      if (message.type === 'ready') resolve({ label, port: message.port!, pid: child.pid ?? -1, ask, stop, died });
    });
  });
  return withTimeout(ready, timeoutMs, () => `${label} did not start listening within ${timeoutMs} ms`).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
}

/**
 * Starts one of the bench's HTTP services (entitlement, relay, TLS entitlement): a child that also
 * reports its accepted connections and its CPU time.
 * @throws ServiceError if it is not listening within `timeoutMs`.
 */
export async function startService(script: string, label: string, options: object, timeoutMs: number, env?: Readonly<Record<string, string>>): Promise<Service> {
  const child = await startChild(script, label, options, timeoutMs, env);
  const connections = async () =>
    (await child.ask({ type: 'stats?' }, (m): m is StatsMessage => m.type === 'stats', 'report its connection count')).connections;
  const cpuUsage = async () => {
    const m = await child.ask({ type: 'cpu?' }, (r): r is CpuMessage => r.type === 'cpu', 'report its CPU time');
    return { userUs: m.userUs, systemUs: m.systemUs };
  };
  return { label, port: child.port, connections, cpuUsage, stop: child.stop, died: child.died };
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
  // The 2 s timer is cleared once the child has gone, so a stopped service leaves no timer behind.
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), 2000);
  });
  const exitedInTime = await Promise.race([exited.then(() => true), late]);
  clearTimeout(timer);
  if (!exitedInTime) {
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
