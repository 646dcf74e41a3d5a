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

/**
 * Starts the CLI with `args`; resolves once stderr matches `marker`, with the child, its tag and a
 * promise of its exit. With `group`, the CLI leads its own process group, as a shell job does, so a
 * Ctrl-C can reach every process.
 */
export async function startCliUntil(args: string[], marker: RegExp, group = false) {
  const tag = randomUUID();
  const started = start(process.execPath, [CLI, ...args], { env: { ...process.env, HOP_BENCH_TEST_TAG: tag }, detached: group });
  await waitFor(() => marker.test(started.stderr()), 60_000, `"${marker}" on stderr`);
  return { child: started.child, tag, exit: started.exited, stderr: started.stderr };
}
