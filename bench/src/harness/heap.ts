/**
 * The bench process's own heap around timed work: a full collection before it, outside its time, and
 * a log of the major pauses that still fall inside it.
 *
 * Case I: the caller is the bench process, so what cases F–H left on its heap is collected by the
 * first major (mark-compact) collection V8 chooses to run. In the full suite that pause fell inside
 * the first storm (no retry) and held the open-loop caller 70–517 ms behind its schedule in every full
 * run (a traced run on a busy machine: one 1,260 ms mark-compact, 1,346 ms late). A collection before
 * each storm removes it, and the log shows any major pause that still falls inside one.
 * Case F's peer check collects before each tool's round: autocannon and the generator share this heap.
 */
import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import v8 from 'node:v8';
import vm from 'node:vm';

let gc: (() => void) | undefined;

/**
 * Runs a full (major) garbage collection of this process's heap now and returns how long it took, ms.
 * Uses the `gc` function that V8's --expose-gc flag gives a new context (set at run time, so the bench
 * needs no command-line flag).
 */
export function collectGarbage(): number {
  if (gc === undefined) {
    v8.setFlagsFromString('--expose-gc');
    gc = vm.runInNewContext('gc') as () => void;
  }
  const started = performance.now();
  gc();
  return performance.now() - started;
}

/** Major GC pauses of this process as they are reported: start (performance.now() ms) and duration (ms). */
export class MajorGcLog {
  readonly #pauses: { startMs: number; durationMs: number }[] = [];
  readonly #observer = new PerformanceObserver((list) => this.#note(list.getEntries()));

  constructor() {
    this.#observer.observe({ entryTypes: ['gc'] });
  }

  #note(entries: readonly PerformanceEntry[]): void {
    for (const entry of entries) {
      if ((entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) this.#pauses.push({ startMs: entry.startTime, durationMs: entry.duration });
    }
  }

  /**
   * Sum of the major pauses that started in [fromMs, toMs) (performance.now() ms), ms. Node reports a
   * GC a few event-loop turns after it ends, so this waits a moment and takes what is queued first.
   */
  async pausedMs(fromMs: number, toMs: number): Promise<number> {
    await sleep(20);
    this.#note(this.#observer.takeRecords());
    return this.#pauses.filter((p) => p.startMs >= fromMs && p.startMs < toMs).reduce((sum, p) => sum + p.durationMs, 0);
  }

  /** Stops observing. */
  stop(): void {
    this.#observer.disconnect();
  }
}
