/**
 * The open loop's alarm clock, run as a worker thread (see clock.ts for the protocol). It sleeps in
 * Atomics.wait (a futex with a timeout, which the kernel wakes to within its timer slack, about 50 µs)
 * until `spinMs` before the deadline, then waits out the rest by reading the clock, and posts one message.
 * It spins only in that last stretch, never while nothing is due.
 */
import { parentPort, workerData } from 'node:worker_threads';

const { sab, spinMs } = workerData as { sab: SharedArrayBuffer; spinMs: number };
const deadline = new Float64Array(sab, 0, 1);
const flags = new Int32Array(sab, 8, 2);
const GEN = 0;
const STOP = 1;
const now = () => performance.timeOrigin + performance.now();

for (;;) {
  const gen = Atomics.load(flags, GEN);
  if (Atomics.load(flags, STOP) !== 0) break;
  const due = deadline[0]!;
  if (!Number.isFinite(due)) {
    Atomics.wait(flags, GEN, gen);
    continue;
  }
  const sleepMs = due - now() - spinMs;
  if (sleepMs > 0) {
    Atomics.wait(flags, GEN, gen, sleepMs);
    continue;
  }
  while (now() < due && Atomics.load(flags, GEN) === gen) {
    // the last stretch, at most spinMs
  }
  if (Atomics.load(flags, GEN) !== gen) continue;
  parentPort!.postMessage(gen);
  Atomics.wait(flags, GEN, gen);
}
