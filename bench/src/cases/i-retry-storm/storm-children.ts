/**
 * Starting, driving and stopping case I's storm service. The child is tracked by children.ts, so
 * stopAll() and killAllNow() reach it on any exit; every wait here is bounded.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ServiceError, stopChild, trackChild, withTimeout } from '../../harness/process.ts';
import type { StormAckMessage, StormChildMessage, StormServiceOptions, StormStartMessage, StormStatsMessage } from './storm-protocol.ts';

const SCRIPT = fileURLToPath(new URL('./storm-service.ts', import.meta.url));

/** A running storm service. */
export interface StormService {
  /** Who it is, for messages. */
  readonly label: string;
  /** Its port on 127.0.0.1. */
  readonly port: number;
  /** Its process id (tests check it is gone after stop). */
  readonly pid: number;
  /** Resets counters and keys and starts a run. @throws ServiceError when it does not answer in time. */
  start(message: Omit<StormStartMessage, 'type'>): Promise<void>;
  /** Counters since the last start. @throws ServiceError when it does not answer in time. */
  stats(): Promise<StormStatsMessage>;
  /** Test hook: the next admitted request stays in service until release(). */
  hold(): Promise<void>;
  /** Test hook: finishes the held request. */
  release(): Promise<void>;
  /** Stops it and waits for its exit. Safe to call twice. */
  stop(): Promise<void>;
  /** Rejects with ServiceError if the process exits before stop(). */
  readonly died: Promise<never>;
}

/** Starts the storm service. @throws ServiceError if it is not listening within `timeoutMs`. */
export function startStormService(label: string, options: StormServiceOptions, timeoutMs: number): Promise<StormService> {
  const child = fork(SCRIPT, [JSON.stringify(options)], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  trackChild(child);
  let stopping = false;
  const died = new Promise<never>((_, reject) => {
    child.once('exit', (code, signal) => {
      if (!stopping) reject(new ServiceError(`${label} exited unexpectedly (code ${code}, signal ${signal})`));
    });
  });
  died.catch(() => {});
  const stop = () => {
    stopping = true;
    return stopChild(child);
  };

  /** Sends `message` and resolves with the first reply that `match` accepts. */
  const ask = <T extends StormChildMessage>(message: object, match: (m: StormChildMessage) => m is T, what: string) =>
    withTimeout(
      Promise.race([
        new Promise<T>((resolve) => {
          const onMessage = (m: StormChildMessage) => {
            if (!match(m)) return;
            child.off('message', onMessage);
            resolve(m);
          };
          child.on('message', onMessage);
          child.send(message);
        }),
        died,
      ]),
      timeoutMs,
      () => `${label} did not answer ${what} within ${timeoutMs} ms`,
    );
  const ack = (of: StormAckMessage['of']) => (m: StormChildMessage): m is StormAckMessage => m.type === 'storm-ack' && m.of === of;

  const ready = new Promise<StormService>((resolve, reject) => {
    child.once('error', (error) => reject(new ServiceError(`${label} could not be started: ${error.message}`)));
    died.catch(reject);
    child.on('message', (message: StormChildMessage) => {
      if (message.type !== 'ready') return;
      resolve({
        label,
        port: message.port,
        pid: child.pid ?? -1,
        died,
        stop,
        start: async (start) => {
          await ask({ type: 'storm-start', ...start }, ack('storm-start'), 'a start');
        },
        stats: () => ask({ type: 'storm-stats?' }, (m): m is StormStatsMessage => m.type === 'storm-stats', 'a stats request'),
        hold: async () => {
          await ask({ type: 'storm-hold' }, ack('storm-hold'), 'a hold');
        },
        release: async () => {
          await ask({ type: 'storm-release' }, ack('storm-release'), 'a release');
        },
      });
    });
  });
  return withTimeout(ready, timeoutMs, () => `${label} did not start listening within ${timeoutMs} ms`).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
}
