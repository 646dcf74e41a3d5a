/**
 * A sleeping alarm for the open loop's scheduler. Node's own timers fire on whole milliseconds measured
 * from when they were set, up to about 1.1 ms late, which is ten times a loopback call; this clock
 * wakes the event loop within tens of microseconds instead, and costs nothing while nothing is due.
 * A worker thread (clock-thread.ts) sleeps on a futex until just before the deadline the main thread
 * set in shared memory, then posts a message; the main thread's handler runs as soon as it is free.
 */
import { Worker } from 'node:worker_threads';

/** One alarm clock; close() it when done. */
export class AlarmClock {
  readonly #worker: Worker;
  readonly #deadline: Float64Array;
  readonly #flags: Int32Array;
  readonly #online: Promise<void>;
  #armedAt = Number.NaN;

  /**
   * @param onWake called on the main thread at (or just after) each deadline.
   * @param spinMs how long before a deadline the clock thread stops sleeping and reads the clock, ms.
   */
  constructor(onWake: () => void, spinMs: number) {
    const sab = new SharedArrayBuffer(16);
    this.#deadline = new Float64Array(sab, 0, 1);
    this.#deadline[0] = Number.POSITIVE_INFINITY;
    this.#flags = new Int32Array(sab, 8, 2);
    this.#worker = new Worker(new URL('./clock-thread.ts', import.meta.url), { workerData: { sab, spinMs } });
    this.#online = new Promise((resolve, reject) => {
      this.#worker.once('online', () => resolve());
      this.#worker.once('error', reject);
    });
    this.#worker.unref();
    this.#worker.on('message', () => {
      this.#armedAt = Number.NaN;
      onWake();
    });
  }

  /** Resolves when the clock thread runs (call before a timed window). */
  ready(): Promise<void> {
    return this.#online;
  }

  /** Wakes the main thread at `at` (performance.now() time, ms); replaces any earlier deadline. */
  wakeAt(at: number): void {
    if (at === this.#armedAt) return;
    this.#armedAt = at;
    this.#deadline[0] = performance.timeOrigin + at;
    Atomics.add(this.#flags, 0, 1);
    Atomics.notify(this.#flags, 0);
  }

  /** Stops the clock thread. */
  async close(): Promise<void> {
    Atomics.store(this.#flags, 1, 1);
    Atomics.add(this.#flags, 0, 1);
    Atomics.notify(this.#flags, 0);
    await this.#worker.terminate();
  }
}
