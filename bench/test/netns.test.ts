// npm run bench:netns: namespaces gone after a normal run, after SIGINT mid-run, leftovers of a killed
// run removed at the next start; without root or iproute2, a clear message and exit code 3.
import './support/own-bench-lock.ts';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { EXIT_NOT_AVAILABLE, listOurNamespaces, netnsAvailability } from '../src/cases/h-network/netns.ts';
import { readTargetResults } from '../src/cases/h-network/target-results.ts';
import { start } from '../src/harness/spawn.ts';
import { worldReadableBench } from './support/world-readable.ts';

const NETNS_CLI = fileURLToPath(new URL('../src/tools/netns-cli.ts', import.meta.url));
const tmp = mkdtempSync(path.join(os.tmpdir(), 'hop-bench-netns-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

const availability = await netnsAvailability();
const rootSkip = availability.ok ? false : `not runnable here: ${availability.ok ? '' : availability.reason}`;
const ofPid = async (pid: number | undefined) => (await listOurNamespaces()).filter((n) => n.startsWith(`hb12-${pid}-`));

test('a normal quick run: B, C, D and G across the pair, netem reported, namespaces gone; a dead run\'s leftover removed first', { skip: rootSkip, timeout: 180_000 }, async () => {
  // A leftover of a "killed" run: pid 99999999 is above any pid_max, so no process owns it.
  const leftover = 'hb12-99999999-srv';
  execFileSync('ip', ['netns', 'add', leftover]);
  const out = path.join(tmp, 'netns.json');
  const run = start(process.execPath, [NETNS_CLI, '--quick', '--out', out]);
  const child = run.child;
  const { code } = await run.exited;
  const stderr = run.stderr();
  assert.equal(code, 0, stderr);
  assert.match(stderr, /removed leftovers of a killed run: hb12-99999999-srv/);
  assert.deepEqual(await ofPid(child.pid), [], 'no namespace of the run is left');
  assert.ok(!(await listOurNamespaces()).includes(leftover), 'the leftover is gone');
  const results = readTargetResults(out);
  assert.deepEqual(results.reference!.cases.map((c) => c.id), ['B', 'C', 'D']);
  assert.equal(results.G!.variants[2]!.runs[0]!.reuseRatePercent, 100);
  assert.ok(results.network, 'the network is described');
  assert.match(results.services[0]!.address, /^10\.12\.0\.1:\d+$/, 'the services listened inside their namespace');
  // netem is either there (and a delay was added) or absent (and said so), never silently skipped.
  if (results.network.netem) assert.equal(results.network.delayMs, 0.5);
  else assert.match(results.network.note, /no sch_netem .* no delay was added/);
});

test('SIGINT mid-run removes the namespaces and exits 130', { skip: rootSkip, timeout: 120_000 }, async () => {
  const run = start(process.execPath, [NETNS_CLI, '--quick', '--out', path.join(tmp, 'never.json')]);
  const child = run.child;
  const end = Date.now() + 60_000;
  while (!/client: run 1\/1 {2}B\./.test(run.stderr())) {
    if (Date.now() > end || child.exitCode !== null) throw new Error(`the run did not reach case B: ${run.stderr()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.equal((await ofPid(child.pid)).length, 2, 'both namespaces exist mid-run');
  child.kill('SIGINT');
  assert.equal((await run.exited).code, 130, run.stderr());
  assert.deepEqual(await ofPid(child.pid), [], 'no namespace is left after SIGINT');
});

test('without iproute2 or without root: a clear message and exit code 3', { timeout: 60_000 }, () => {
  const noIp = spawnSync(process.execPath, [NETNS_CLI, '--quick'], { encoding: 'utf8', env: { ...process.env, PATH: '/nonexistent' } });
  if (process.getuid?.() === 0) {
    assert.equal(noIp.status, EXIT_NOT_AVAILABLE, noIp.stderr);
    assert.match(noIp.stderr, /not run: needs iproute2 \(the ip command\)/);
    // As an unprivileged user (nobody): the root check comes first. Nobody may not reach this checkout
    // (under a folder of mode 0700), so it runs a world-readable copy of Node and the bench.
    const copy = worldReadableBench(['zod']);
    try {
      const cli = path.join(copy.bench, 'src', 'tools', 'netns-cli.ts');
      const noRoot = spawnSync(copy.node, [cli, '--quick'], { encoding: 'utf8', uid: 65534, gid: 65534, cwd: os.tmpdir() });
      assert.equal(noRoot.status, EXIT_NOT_AVAILABLE, `status ${noRoot.status}, signal ${noRoot.signal}, error ${noRoot.error?.message}: ${noRoot.stderr}`);
      assert.match(noRoot.stderr, /not run: needs root to create network namespaces/);
    } finally {
      copy.remove();
    }
  } else {
    assert.equal(noIp.status, EXIT_NOT_AVAILABLE);
    assert.match(noIp.stderr, /not run: needs root/);
  }
});
