/** The "setup line" of a run: machine, OS, Node and date, in words, from results.environment. */
import type { Environment } from '@split-on-evidence/hop-bench/schema';

/** RAM in whole GiB as the bench's report prints it ("24 GB"). */
export function ramGB(ramBytes: number): number {
  return Math.round(ramBytes / 1024 ** 3);
}

/** A UTC timestamp as "30 November 2026, 06:46 UTC". */
export function formatRunDate(iso: string): string {
  const d = new Date(iso);
  const date = d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const time = d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'UTC' });
  return `${date}, ${time} UTC`;
}

/** A calendar date as "30 November 2026" (UTC, so the build machine's zone cannot shift it). */
export function formatDay(date: Date): string {
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** The parts of the setup line, each already in words. */
export interface SetupParts {
  cpu: string;
  cores: string;
  ram: string;
  os: string;
  node: string;
  date: string;
}

/** The setup line's parts for an environment. */
export function setupParts(env: Environment): SetupParts {
  return {
    cpu: env.cpuModel,
    cores: `${env.cores} ${env.cores === 1 ? 'core' : 'cores'}`,
    ram: `${ramGB(env.ramBytes)} GB RAM`,
    os: `${env.osType} ${env.osRelease} (${env.platform} ${env.arch})`,
    node: `Node ${env.nodeVersion}`,
    date: formatRunDate(env.startedAt),
  };
}
