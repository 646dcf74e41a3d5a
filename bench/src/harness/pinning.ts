/**
 * CPU pinning on Linux: the bench's own process (the client) on one CPU, every service it spawns on
 * another, through `taskset` (util-linux), which calls sched_setaffinity. Pinning is opt-in (`--pin`):
 * the pinning study (bench/scripts/pinning-study.ts, figures in bench/README.md) did not show that it
 * lowers the run-to-run spread on the machine it ran on.
 */
import { execFileSync } from 'node:child_process';

/** Which CPU the client and the services run on; CPU numbers as the kernel counts them. */
export interface PinPlan {
  /** CPU of the bench process that makes the calls. */
  clientCpu: number;
  /** CPU of every service process (entitlement service and relays). */
  serviceCpu: number;
}

/**
 * Parses `taskset -c -p PID` output ("pid 42's current affinity list: 0-3,6") into CPU numbers.
 * @throws Error when the text has no affinity list.
 */
export function parseAffinityList(text: string): number[] {
  const list = /affinity list:\s*([\d,\-\s]+)/.exec(text)?.[1]?.trim();
  if (!list) throw new Error(`no affinity list in taskset output: ${JSON.stringify(text.trim())}`);
  const cpus: number[] = [];
  for (const part of list.split(',')) {
    const [lo, hi] = part.split('-').map((s) => Number(s.trim()));
    for (let cpu = lo!; cpu <= (hi ?? lo!); cpu++) cpus.push(cpu);
  }
  return cpus;
}

/**
 * The CPUs to pin to: the first two this process may run on.
 * @returns null when pinning is unavailable (not Linux, no taskset, or fewer than two CPUs allowed), with the reason.
 */
export function pinningPlan(): { plan: PinPlan } | { plan: null; reason: string } {
  if (process.platform !== 'linux') return { plan: null, reason: `pinning needs Linux (this is ${process.platform})` };
  let cpus: number[];
  try {
    cpus = parseAffinityList(execFileSync('taskset', ['-c', '-p', String(process.pid)], { encoding: 'utf8' }));
  } catch (error) {
    return { plan: null, reason: `taskset is not available (${(error as Error).message.split('\n')[0]}); install util-linux` };
  }
  if (cpus.length < 2) return { plan: null, reason: `this process may run on ${cpus.length} CPU only` };
  return { plan: { clientCpu: cpus[0]!, serviceCpu: cpus[1]! } };
}

/**
 * Pins every thread of process `pid` to `cpu` (taskset -a -p -c).
 * @throws Error with taskset's message when it fails.
 */
export function pinProcess(pid: number, cpu: number): void {
  execFileSync('taskset', ['-a', '-p', '-c', String(cpu), String(pid)], { stdio: ['ignore', 'ignore', 'pipe'] });
}
