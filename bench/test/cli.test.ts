// The command line as a user runs it: options, a quick run, and interruption.
import './support/own-bench-lock.ts';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { BENCH_LOCK_FILE, readOwner } from '../src/harness/lock.ts';
import { parseResultsText } from '../src/harness/schema.ts';
import { BENCH_TEST_TIMEOUT_MS, processesTagged, startCliUntil, waitFor } from './support/processes.ts';

const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
const tmp = mkdtempSync(path.join(os.tmpdir(), 'hop-bench-cli-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

function runCli(args: string[], tag = randomUUID()) {
  return spawnSync(process.execPath, [CLI, ...args], {
    encoding: 'utf8',
    timeout: BENCH_TEST_TIMEOUT_MS,
    env: { ...process.env, HOP_BENCH_TEST_TAG: tag },
  });
}

for (const [args, message] of [
  [['--bogus'], /Unknown option '--bogus'/],
  [['--runs', '0'], /--runs takes a whole number/],
  [['--runs', 'three'], /--runs takes a whole number/],
  [['--cases', 'A,Z'], /--cases takes ids from A,B,C,D,E/],
  [['--out'], /--out/],
  [['extra'], /positional/i],
] as const) {
  test(`bad usage ${JSON.stringify(args)} exits 2 with a message and the usage`, () => {
    const r = runCli([...args]);
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, message);
    assert.match(r.stderr, /Usage: npm run bench/);
    assert.equal(r.stdout, '');
  });
}

test('--help prints the usage and exits 0', () => {
  const r = runCli(['--help']);
  assert.equal(r.status, 0);
  assert.match(r.stdout, /--quick/);
});

test('--quick --out writes a valid results file with checked socket counts', { timeout: BENCH_TEST_TIMEOUT_MS }, () => {
  const out = path.join(tmp, 'quick.json');
  const tag = randomUUID();
  const r = runCli(['--quick', '--cases', 'A,B,C,D', '--out', out], tag);
  assert.equal(r.status, 0, r.stderr);
  const results = parseResultsText(readFileSync(out, 'utf8'), out);
  assert.equal(results.config.mode, 'quick');
  assert.deepEqual(results.cases.map((c) => c.id), ['A', 'B', 'C', 'D']);
  assert.equal(results.report, r.stdout, 'the stored report is exactly what was printed');
  const byId = Object.fromEntries(results.cases.map((c) => [c.id, c]));
  const socketsOf = (id: string) => (byId[id]!.kind === 'latency' ? byId[id]!.runs[0]!.sockets : []);
  assert.deepEqual(socketsOf('A'), []);
  assert.deepEqual(socketsOf('B').map((s) => s.opened), [1]);
  const c = results.config.latency.C!;
  assert.deepEqual(socketsOf('C').map((s) => s.opened), [c.warmupCalls + c.timedCalls]);
  assert.deepEqual(socketsOf('D').map((s) => s.opened), [1, 1, 1]);
  for (const cr of results.cases) {
    if (cr.kind !== 'latency') continue;
    const run = cr.runs[0]!;
    assert.equal(run.samples, results.config.latency[cr.id]!.timedCalls);
    assert.equal(run.histogram.counts.reduce((a, b) => a + b, 0), run.samples, `case ${cr.id} histogram holds every sample`);
    assert.ok(run.minUs <= run.p50Us && run.p50Us <= run.p95Us && run.p95Us <= run.p99Us && run.p99Us <= run.maxUs);
  }
  assert.match(r.stdout, /^Machine: .+, \d+ cores, \d+ GB RAM$/m);
  assert.match(r.stdout, /^B\. HTTP, keep-alive\s+[\d.]+\s+[\d.]+\s+[\d.]+\s+[\d,]+$/m);
  assert.deepEqual(processesTagged(tag), [], 'no bench process outlives the run');
});

test('--json prints the results JSON instead of the report', { timeout: BENCH_TEST_TIMEOUT_MS }, () => {
  const out = path.join(tmp, 'json.json');
  const r = runCli(['--quick', '--cases', 'A', '--json', '--out', out]);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(parseResultsText(r.stdout, 'stdout').cases[0]!.id, 'A');
  assert.equal(r.stdout, readFileSync(out, 'utf8'));
});

test('SIGINT mid-run stops every service and leaves the previous results file intact', { timeout: BENCH_TEST_TIMEOUT_MS }, async () => {
  const out = path.join(tmp, 'keep.json');
  writeFileSync(out, '{"previous": true}\n');
  const run = await startCliUntil(['--quick', '--cases', 'B,C,D,E', '--out', out], /E\. create invoice/);
  assert.ok(processesTagged(run.tag).length >= 2, 'the CLI and its service are running');
  run.child.kill('SIGINT');
  const { code } = await run.exit;
  assert.equal(code, 130, run.stderr());
  assert.match(run.stderr(), /SIGINT: stopping services; the results file is left as it was/);
  assert.equal(readFileSync(out, 'utf8'), '{"previous": true}\n');
  assert.deepEqual(processesTagged(run.tag), []);
  assert.deepEqual(readdirSync(tmp).filter((f) => f.includes('.tmp-')), [], 'no temp file left behind');
});

test('Ctrl-C reaching every process mid-chain is one interrupt, not a failure', { timeout: BENCH_TEST_TIMEOUT_MS }, async () => {
  const run = await startCliUntil(['--quick', '--cases', 'D,E', '--out', path.join(tmp, 'ctrl-c.json')], /D\. 3 sequential HTTP hops/, true);
  process.kill(-run.child.pid!, 'SIGINT'); // the whole group, like a terminal's Ctrl-C
  const { code } = await run.exit;
  assert.equal(code, 130, run.stderr());
  assert.doesNotMatch(run.stderr(), /the run failed/);
  await waitFor(() => processesTagged(run.tag).length === 0, 5_000, 'every bench process to exit');
});

test('a killed bench takes its services with it', { timeout: BENCH_TEST_TIMEOUT_MS }, async () => {
  const run = await startCliUntil(['--quick', '--cases', 'E', '--out', path.join(tmp, 'killed.json')], /E\. create invoice/);
  run.child.kill('SIGKILL');
  await run.exit;
  await waitFor(() => processesTagged(run.tag).length === 0, 5_000, 'the orphaned services to exit');
  // The killed bench could not release its lock: free it (only if it is still that bench's), so the
  // next bench run of the tests does not wait the 30 s until the lock counts as stale.
  if (readOwner(BENCH_LOCK_FILE)?.pid === run.child.pid) {
    rmSync(`${BENCH_LOCK_FILE}.lock`, { recursive: true, force: true });
    rmSync(`${BENCH_LOCK_FILE}.owner.json`, { force: true });
  }
});

test('a service that dies mid-run is an error naming the case, not a hang', { timeout: BENCH_TEST_TIMEOUT_MS }, async () => {
  const out = path.join(tmp, 'died.json');
  const run = await startCliUntil(['--quick', '--cases', 'E', '--out', out], /E\. create invoice/);
  const services = processesTagged(run.tag).filter((pid) => pid !== run.child.pid);
  assert.equal(services.length, 1, 'one entitlement service');
  process.kill(services[0]!, 'SIGKILL');
  const { code } = await run.exit;
  assert.equal(code, 1);
  assert.match(run.stderr(), /case E \(create invoice\), run 1\/1: entitlement service \(run 1\/1\) exited unexpectedly/);
  assert.equal(existsSync(out), false, 'a failed run writes no results');
});
