/**
 * Two builds in one checkout take turns on the build lock. A build that may run the bench (a results
 * file not named by the environment) waits before it decides anything, with a message naming the
 * holder, then goes on. A build whose every results file is named runs no bench: it checks its inputs
 * and claims without waiting, so bad input fails at once, and it waits only before Astro runs.
 * (No site is built here: each build stops on its inputs, or is stopped while it waits.)
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { acquireLock } from '@split-on-evidence/hop-bench/cli';
import { BEYOND_FIXTURE, BUILD_SCRIPT, FIXTURE, ROOT } from '../support/site-build.ts';

const LOCK = path.join(ROOT, '.cache', 'build.lock');
const WAITING = /^build: waiting: the first build \(test\) \(pid \d+ on .*\) holds build\.lock\.lock; this run starts when it finishes/m;

/** Starts a build with the given results files (undefined: the suite's default file) into `name`. */
function startBuild(name: string, files: { reference: string; beyond?: string }) {
  const env: NodeJS.ProcessEnv = { ...process.env, HOP_BENCH_RESULTS: files.reference };
  delete env.HOP_BEYOND_RESULTS;
  if (files.beyond) env.HOP_BEYOND_RESULTS = files.beyond;
  delete env.HOP_BENCH_FRESH;
  const outDir = path.join(ROOT, 'test-artifacts', name);
  rmSync(outDir, { recursive: true, force: true });
  const child = spawn(process.execPath, [BUILD_SCRIPT, '--out-dir', outDir], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const until = async (what: RegExp, ms: number) => {
    const deadline = Date.now() + ms;
    while (!what.test(out) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  };
  return { child, exited, outDir, output: () => out, until };
}

test('a second build that may run the bench waits for the build lock, saying who holds it, then proceeds', async () => {
  const held = await acquireLock(LOCK, { purpose: 'the first build (test)', log: () => {} });
  let released = false;
  try {
    // The beyond suite's file is its default one, so this build might run that suite: it waits first.
    const build = startBuild('lock-site', { reference: path.join(ROOT, 'no-such-results.json') });
    await build.until(/waiting:/, 30_000);
    assert.match(build.output(), WAITING);
    assert.doesNotMatch(build.output(), /no such file/, 'it did not go on while the lock was held');
    await held.release();
    released = true;
    assert.equal((await build.exited).code, 1);
    assert.match(build.output(), /build: the lock is free after \d+ s; going on/);
    assert.match(build.output(), /no-such-results\.json: no such file/);
  } finally {
    if (!released) await held.release();
  }
});

test('a build from named files fails on bad input at once, without waiting for the lock', async () => {
  const held = await acquireLock(LOCK, { purpose: 'the first build (test)', log: () => {} });
  try {
    const build = startBuild('lock-site-bad', { reference: path.join(ROOT, 'no-such-results.json'), beyond: BEYOND_FIXTURE });
    await build.until(/waiting:|no such file/, 30_000);
    assert.doesNotMatch(build.output(), /waiting:/);
    assert.match(build.output(), /no-such-results\.json: no such file/);
    assert.equal((await build.exited).code, 1, build.output());
    assert.equal(existsSync(build.outDir), false);
  } finally {
    await held.release();
  }
});

test('a build from named files checks its claims, then waits for the lock before Astro runs', async () => {
  const held = await acquireLock(LOCK, { purpose: 'the first build (test)', log: () => {} });
  try {
    const build = startBuild('lock-site-good', { reference: FIXTURE, beyond: BEYOND_FIXTURE });
    await build.until(/waiting:/, 60_000);
    assert.match(build.output(), WAITING);
    const text = build.output();
    assert.ok(/build: claims: /.test(text) && text.indexOf('build: claims: ') < text.indexOf('waiting:'), `claims checked before waiting:\n${text}`);
    assert.doesNotMatch(text, /building the site from/, 'Astro did not start before the wait');
    // Still waiting a moment later: it does not build while the lock is held.
    await new Promise((r) => setTimeout(r, 1_000));
    assert.doesNotMatch(build.output(), /build: done|the lock is free/);
    build.child.kill('SIGTERM');
    await build.exited;
    assert.equal(existsSync(build.outDir), false, 'nothing was published');
  } finally {
    await held.release();
  }
});
