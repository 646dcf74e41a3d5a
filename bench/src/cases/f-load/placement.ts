/**
 * Where case F's processes run. By default, where taskset exists and this process may use ≥ 2 CPUs, the
 * generator (this process, all its threads) is pinned to the first CPU and every service it starts to
 * the others, so the generator and what it measures do not take turns on one core. Restored afterwards.
 * When the bench was started with --pin, that placement is kept.
 */
import { execFileSync } from 'node:child_process';
import { parseAffinityList, pinProcess } from '../../harness/pinning.ts';
import { pinServicesTo, servicePinning } from '../../harness/process.ts';
import type { z } from 'zod';
import type { PlacementSchema } from './schema.ts';

type Placement = z.infer<typeof PlacementSchema>;

function allowedCpus(): number[] {
  return parseAffinityList(execFileSync('taskset', ['-c', '-p', String(process.pid)], { encoding: 'utf8' }));
}

const cpuList = (text: string) => text.split(',').flatMap((part) => {
  const [lo, hi] = part.split('-').map(Number);
  return Array.from({ length: (hi ?? lo!) - lo! + 1 }, (_, k) => lo! + k);
});

/** Pins (when asked and possible) and says what was done; `restore()` undoes it. Never throws. */
export function placeProcesses(want: boolean): { placement: Placement; restore(): void } {
  const none = (reason: string) => ({ placement: { pinned: false, clientCpus: [], serviceCpus: [], reason }, restore() {} });
  if (!want) return none('pinning is off in the configuration');
  if (process.platform !== 'linux') return none(`pinning needs Linux (this is ${process.platform})`);
  let cpus: number[];
  try {
    cpus = allowedCpus();
  } catch (error) {
    return none(`taskset is not available (${(error as Error).message.split('\n')[0]}); install util-linux`);
  }
  const already = servicePinning();
  if (already !== null) return { placement: { pinned: true, clientCpus: cpus, serviceCpus: cpuList(already) }, restore() {} };
  if (cpus.length < 2) return none(`this process may run on ${cpus.length} CPU only`);
  const [client, ...services] = cpus;
  try {
    pinProcess(process.pid, client!);
  } catch (error) {
    return none(`taskset could not pin this process (${(error as Error).message.split('\n')[0]})`);
  }
  pinServicesTo(services);
  return {
    placement: { pinned: true, clientCpus: [client!], serviceCpus: services },
    restore() {
      pinServicesTo(null);
      try {
        execFileSync('taskset', ['-a', '-p', '-c', cpus.join(','), String(process.pid)], { stdio: 'ignore' });
      } catch {
        // The process keeps its pin; later cases only lose a CPU, they do not fail.
      }
    },
  };
}
