/**
 * Two builds in one checkout: the second waits for the first's lock with a message naming it, then
 * goes on (here it then stops at once on a missing results file, so no site is built).
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';
import { acquireLock } from '@split-on-evidence/hop-bench/lock';
import { BUILD_SCRIPT, ROOT } from '../support/site-build.ts';

test('a second build waits for the build lock, saying who holds it, then proceeds', async () => {
  const held = await acquireLock(path.join(ROOT, '.cache', 'build.lock'), { purpose: 'the first build (test)', log: () => {} });
  let released = false;
  try {
    const env: NodeJS.ProcessEnv = { ...process.env, HOP_BENCH_RESULTS: path.join(ROOT, 'no-such-results.json') };
    delete env.HOP_BENCH_FRESH;
    const child = spawn(process.execPath, [BUILD_SCRIPT, '--out-dir', path.join(ROOT, 'test-artifacts', 'lock-site')], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const deadline = Date.now() + 30_000;
    while (!out.includes('waiting:') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    assert.match(out, /^build: waiting: the first build \(test\) \(pid \d+ on .*\) holds build\.lock\.lock; this run starts when it finishes/m);
    assert.doesNotMatch(out, /no such file/, 'it did not go on while the lock was held');
    await held.release();
    released = true;
    assert.equal(await exited, 1);
    assert.match(out, /build: the lock is free after \d+ s; going on/);
    assert.match(out, /no-such-results\.json: no such file/);
  } finally {
    if (!released) await held.release();
  }
});
