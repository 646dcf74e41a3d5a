/** Starting the CLI as a user does and finding the processes it left (Linux /proc), for interruption tests. */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { start } from '../../src/harness/spawn.ts';

/** The bench's command line. */
export const CLI = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));

/** PIDs of live processes started with HOP_BENCH_TEST_TAG=tag in their environment. */
export function processesTagged(tag: string): number[] {
  assert.ok(existsSync('/proc/self/environ'), 'these checks read /proc; run them on Linux');
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const env = readFileSync(`/proc/${entry}/environ`, 'utf8');
      const state = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.[0];
      if (state !== 'Z' && env.split('\0').includes(`HOP_BENCH_TEST_TAG=${tag}`)) pids.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return pids;
}

/** Polls `check` every 50 ms. @throws Error naming `what` after `ms`. */
export async function waitFor(check: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** How long a test waits at most for a run of the bench (CLI) once it holds the bench lock, ms. */
export const CLI_PROGRESS_MS = 60_000;
/**
 * A hang guard for a test that runs the bench, ms: a file's runs take its own bench lock in turn
 * (own-bench-lock.ts), and a file run beside others shares the cores with them.
 */
export const BENCH_TEST_TIMEOUT_MS = 300_000;

/** Whether the CLI's stderr `text` says it is still waiting for another run's bench lock. */
const waitingForLock = (text: string) => text.includes('hop-bench: waiting: ') && !text.includes('hop-bench: the lock is free after');

/**
 * Starts the CLI with `args`; resolves once stderr matches `marker`, with the child, its tag and a
 * promise of its exit. With `group`, the CLI leads its own process group, as a shell job does, so a
 * Ctrl-C can reach every process.
 * @throws Error when the marker has not come CLI_PROGRESS_MS after the CLI took the bench lock (time
 *   spent waiting for another test file's bench run does not count).
 */
export async function startCliUntil(args: string[], marker: RegExp, group = false) {
  const tag = randomUUID();
  const started = start(process.execPath, [CLI, ...args], { env: { ...process.env, HOP_BENCH_TEST_TAG: tag }, detached: group });
  let since = Date.now();
  while (!marker.test(started.stderr())) {
    if (waitingForLock(started.stderr())) since = Date.now();
    if (Date.now() - since > CLI_PROGRESS_MS) throw new Error(`timed out after ${CLI_PROGRESS_MS} ms waiting for "${marker}" on stderr`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child: started.child, tag, exit: started.exited, stderr: started.stderr };
}
