/**
 * Is the client the bottleneck? Per level: the client's event-loop delay (monitorEventLoopDelay), the
 * CPU time of the client process and of each service (process.cpuUsage; services report over IPC),
 * each as a percentage of one core over the measured window.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { z } from 'zod';
import type { Service } from '../../harness/service.ts';

/** What the probes found over one level's measured window. */
export const ProbeSchema = z.object({
  /** CPU time of the client (the bench process, all threads) over the window, % of one core. */
  clientCpuPercent: z.number().nonnegative(),
  /** CPU time of each service process over the window, % of one core. */
  services: z.array(z.object({
    /** Which service, e.g. "relay A". */
    label: z.string(),
    /** % of one core. */
    cpuPercent: z.number().nonnegative(),
  })),
  /** Client event-loop delay over the window (10 ms sampling), µs. */
  eventLoopDelayP50Us: z.number().nonnegative(),
  eventLoopDelayP99Us: z.number().nonnegative(),
  eventLoopDelayMaxUs: z.number().nonnegative(),
});
/** Probe readings of one level. */
export type Probe = z.infer<typeof ProbeSchema>;

/** A running probe: start() at the window's start, stop() at its end. Always call stop() (it disables the monitor). */
export class LevelProbe {
  readonly #services: readonly { label: string; service: Service }[];
  #eld: ReturnType<typeof monitorEventLoopDelay> | undefined;
  #t0 = 0;
  #client0 = process.cpuUsage();
  #services0: Promise<{ userUs: number; systemUs: number }[]> = Promise.resolve([]);

  constructor(services: readonly { label: string; service: Service }[]) {
    this.#services = services;
  }

  /** Starts the window. */
  start(): void {
    this.#eld = monitorEventLoopDelay({ resolution: 10 });
    this.#eld.enable();
    this.#t0 = performance.now();
    this.#client0 = process.cpuUsage();
    this.#services0 = Promise.all(this.#services.map((s) => s.service.cpuUsage()));
  }

  #reading: Promise<Probe> | undefined;

  /** Ends the window now: reads the client's CPU and loop delay, asks the services for theirs. */
  end(): void {
    if (this.#reading) return;
    const wallUs = (performance.now() - this.#t0) * 1000;
    const client = process.cpuUsage(this.#client0);
    const eld = this.#eld;
    this.#eld = undefined;
    eld?.disable();
    const pct = (us: number) => (wallUs > 0 ? (100 * us) / wallUs : 0);
    const us = (ns: number) => (Number.isFinite(ns) ? ns / 1000 : 0);
    const loop = eld && eld.count > 0
      ? { eventLoopDelayP50Us: us(eld.percentile(50)), eventLoopDelayP99Us: us(eld.percentile(99)), eventLoopDelayMaxUs: us(eld.max) }
      : { eventLoopDelayP50Us: 0, eventLoopDelayP99Us: 0, eventLoopDelayMaxUs: 0 };
    this.#reading = Promise.all([this.#services0, Promise.all(this.#services.map((s) => s.service.cpuUsage()))]).then(([before, after]) => ({
      clientCpuPercent: pct(client.user + client.system),
      services: this.#services.map((s, k) => ({
        label: s.label,
        cpuPercent: pct(after[k]!.userUs + after[k]!.systemUs - before[k]!.userUs - before[k]!.systemUs),
      })),
      ...loop,
    }));
    this.#reading.catch(() => {}); // read by result()
  }

  /** The readings of the window (end() must have been called). @throws ServiceError when a service does not answer over IPC. */
  result(): Promise<Probe> {
    if (!this.#reading) throw new Error('LevelProbe.result() before end()');
    return this.#reading;
  }

  /** Disables the monitor without reading (for error paths). */
  dispose(): void {
    this.#eld?.disable();
    this.#eld = undefined;
  }
}
