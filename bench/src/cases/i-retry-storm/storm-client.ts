/**
 * Driving case I's storm service: its questions over IPC (start a run, stats, the test hooks). The
 * process itself is harness/process.ts's (started, tracked, pinned, stopped like every service).
 */
import { fileURLToPath } from 'node:url';
import { startChild } from '../../harness/process.ts';
import type { StormAckMessage, StormServiceOptions, StormStartMessage, StormStatsMessage } from './storm-protocol.ts';

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

/**
 * Starts the storm service (harness/process.ts startChild: tracked, pinned like every service).
 * @throws ServiceError if it is not listening within `timeoutMs`.
 */
export async function startStormService(label: string, options: StormServiceOptions, timeoutMs: number): Promise<StormService> {
  const child = await startChild(SCRIPT, label, options, timeoutMs);
  const ack = (of: StormAckMessage['of']) => (m: { type: string }): m is StormAckMessage => m.type === 'storm-ack' && (m as StormAckMessage).of === of;
  return {
    label,
    port: child.port,
    pid: child.pid,
    died: child.died,
    stop: child.stop,
    start: async (start) => {
      await child.ask({ type: 'storm-start', ...start }, ack('storm-start'), 'answer a start');
    },
    stats: () => child.ask({ type: 'storm-stats?' }, (m): m is StormStatsMessage => m.type === 'storm-stats', 'answer a stats request'),
    hold: async () => {
      await child.ask({ type: 'storm-hold' }, ack('storm-hold'), 'answer a hold');
    },
    release: async () => {
      await child.ask({ type: 'storm-release' }, ack('storm-release'), 'answer a release');
    },
  };
}
