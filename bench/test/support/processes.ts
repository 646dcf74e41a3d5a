/** Starting the CLI as a user does and finding the processes it left (Linux /proc), for interruption tests. */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

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

/** Starts the CLI with `args`; resolves once stderr matches `marker`. */
export async function startCliUntil(args: string[], marker: RegExp) {
  const tag = randomUUID();
  const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, HOP_BENCH_TEST_TAG: tag }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr += chunk;
  });
  child.stdout.resume();
  const exit = new Promise<{ code: number | null }>((resolve) => child.once('exit', (code) => resolve({ code })));
  await waitFor(() => marker.test(stderr), 60_000, `"${marker}" on stderr`);
  return { child, tag, exit, stderr: () => stderr };
}
