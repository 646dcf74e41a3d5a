// The bench lock (wait, then go on; stale locks taken over), archive names that never collide, and
// schema errors that say once what was expected.
import assert from 'node:assert/strict';
import { start } from '../src/harness/spawn.ts';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { archiveResults } from '../src/harness/archive.ts';
import { acquireLock, LockBusyError, readOwner } from '../src/harness/lock.ts';
import { parseResults, parseResultsText, ResultsValidationError } from '../src/harness/schema.ts';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'hop-bench-lock-'));
after(() => rmSync(tmp, { recursive: true, force: true }));
const LOCK_MODULE = fileURLToPath(new URL('../src/harness/lock.ts', import.meta.url));

test('a second process waits for the lock, says who holds it, and goes on once it is free', async () => {
  const file = path.join(tmp, 'bench.lock');
  const held = await acquireLock(file, { purpose: 'test holder', log: () => {} });
  assert.equal(readOwner(file)?.pid, process.pid);
  const script = `import { acquireLock } from ${JSON.stringify(LOCK_MODULE)};
const l = await acquireLock(${JSON.stringify(file)}, { purpose: 'second', log: (s) => console.log(s) });
console.log('acquired'); await l.release();`;
  const second = start(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  second.child.stdout!.on('data', (d: string) => (out += d));
  const deadline = Date.now() + 20_000;
  while (!out.includes('waiting:') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  assert.match(out, new RegExp(`^waiting: test holder \\(pid ${process.pid} on .*\\) holds bench\\.lock\\.lock; this run starts when it finishes`, 'm'));
  assert.doesNotMatch(out, /acquired/, 'the second process did not take a held lock');
  await held.release();
  assert.equal((await second.exited).code, 0);
  assert.match(out, /the lock is free after \d+ s; going on\nacquired/);
});

test('with a timeout, a busy lock is refused with the holder named', async () => {
  const file = path.join(tmp, 'busy.lock');
  const held = await acquireLock(file, { purpose: 'long run', log: () => {} });
  try {
    await assert.rejects(acquireLock(file, { purpose: 'second', log: () => {}, timeoutMs: 0 }), (error: Error) => {
      assert.ok(error instanceof LockBusyError);
      assert.match(error.message, /^long run \(pid \d+ on .*\) holds .*busy\.lock\.lock\. Wait for it to finish/);
      return true;
    });
  } finally {
    await held.release();
  }
});

test('a lock left by a dead process is stale and taken over, with a message', async () => {
  const file = path.join(tmp, 'stale.lock');
  mkdirSync(`${file}.lock`); // what a killed holder leaves
  const old = new Date(Date.now() - 60_000);
  utimesSync(`${file}.lock`, old, old);
  const lines: string[] = [];
  const held = await acquireLock(file, { purpose: 'new', log: (l) => lines.push(l), staleMs: 5_000, timeoutMs: 5_000 });
  await held.release();
  assert.equal(lines.length, 1);
  assert.match(lines[0]!, /^taking over a stale lock: another process stopped refreshing stale\.lock\.lock over 5 s ago$/);
});

test('archived runs that started in the same second get distinct names; none is replaced', () => {
  const fixture = readFileSync(new URL('../../tests/fixtures/results-2026-11-30-full.json', import.meta.url), 'utf8');
  const results = parseResultsText(fixture, 'fixture');
  const dir = path.join(tmp, 'archive');
  mkdirSync(dir);
  const first = archiveResults(results, dir);
  const second = archiveResults({ ...results, durationMs: results.durationMs + 1 }, dir);
  const third = archiveResults(results, dir);
  const base = path.basename(first, '.json');
  assert.deepEqual([first, second, third].map((f) => path.basename(f)), [`${base}.json`, `${base}_2.json`, `${base}_3.json`]);
  assert.equal(JSON.parse(readFileSync(first, 'utf8')).durationMs, results.durationMs, 'the first archive was not overwritten');
  assert.equal(JSON.parse(readFileSync(second, 'utf8')).durationMs, results.durationMs + 1);
  assert.deepEqual(readdirSync(dir).sort(), [`${base}.json`, `${base}_2.json`, `${base}_3.json`], 'no temp file left');
});

test('a missing field says "missing (expected …)" once, a wrong type says what it got', () => {
  assert.throws(() => parseResults({ schemaVersion: 1, tool: { name: 'hop-bench', version: 1 } }, 'x.json'), (error: Error) => {
    assert.ok(error instanceof ResultsValidationError);
    const byPath = new Map(error.issues.map((i) => [i.path, i.message]));
    assert.equal(byPath.get('environment'), 'missing (expected object)');
    assert.equal(byPath.get('cases'), 'missing (expected array)');
    assert.equal(byPath.get('tool.version'), 'expected string, received 1');
    assert.doesNotMatch(error.message, /received undefined|received nothing/);
    return true;
  });
});

test('a lock lost while held (its refresh failed) is reported once, and releasing it still succeeds', async () => {
  const file = path.join(tmp, 'lost.lock');
  const lines: string[] = [];
  const held = await acquireLock(file, { purpose: 'starved run', staleMs: 2_000, log: (line) => lines.push(line) });
  // What a starved refresh looks like to proper-lockfile: the lock directory is no longer ours.
  rmSync(`${file}.lock`, { recursive: true, force: true });
  const deadline = Date.now() + 10_000;
  while (!lines.some((l) => l.includes('was lost')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  assert.equal(lines.filter((l) => l.includes('was lost')).length, 1, `log: ${lines.join(' | ')}`);
  await held.release();
});
