/**
 * Steal time: CPU time the hypervisor gave to other work while this virtual machine wanted it, read
 * from Linux's /proc/stat (the "steal" column of the aggregate "cpu" line, in clock ticks). On bare
 * metal, or where /proc/stat does not say, there is none to read.
 */
import { readFileSync } from 'node:fs';

/** The aggregate CPU time counters of /proc/stat, clock ticks. */
export interface CpuTicks {
  /** Every column summed (user … steal; guest time is already inside user and nice). */
  total: number;
  steal: number;
}

/**
 * Parses the aggregate "cpu" line of a /proc/stat text: "cpu user nice system idle iowait irq softirq
 * steal guest guest_nice". Returns null when there is no such line or it has no steal column.
 */
export function parseCpuTicks(procStat: string): CpuTicks | null {
  const line = procStat.split('\n').find((l) => /^cpu\s/.test(l));
  if (!line) return null;
  const v = line.trim().split(/\s+/).slice(1).map(Number);
  if (v.length < 8 || v.some((x) => !Number.isFinite(x))) return null;
  // Columns 0–7: user, nice, system, idle, iowait, irq, softirq, steal (guest and guest_nice are in user and nice).
  const total = v.slice(0, 8).reduce((a, b) => a + b, 0);
  return { total, steal: v[7]! };
}

/** This machine's counters now, or null where /proc/stat cannot be read or has no steal column. */
export function readCpuTicks(): CpuTicks | null {
  try {
    return parseCpuTicks(readFileSync('/proc/stat', 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Steal time between two readings, % of all CPUs' time in between; null when either reading is missing
 * or no time passed.
 */
export function stealPercent(before: CpuTicks | null, after: CpuTicks | null): number | null {
  if (!before || !after) return null;
  const total = after.total - before.total;
  return total > 0 ? (100 * (after.steal - before.steal)) / total : null;
}
