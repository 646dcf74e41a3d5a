// Case H on 127.0.0.1: serve mode's token gate and target mode's runs through remote services.
import './support/own-bench-lock.ts';
import assert from 'node:assert/strict';
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { readTargetResults } from '../src/cases/h-network/target-results.ts';
import { start } from '../src/harness/spawn.ts';

const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
const tmp = mkdtempSync(path.join(os.tmpdir(), 'hop-bench-target-'));
const started: ChildProcess[] = [];
after(async () => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(tmp, { recursive: true, force: true });
});

/** Starts `serve` and resolves with its address and token once it prints them. */
async function serve(args: string[], env: Record<string, string> = {}) {
  const run = start(process.execPath, [CLI, 'serve', ...args], { env: { ...process.env, ...env } });
  const child = run.child;
  started.push(child);
  let out = '';
  child.stdout!.on('data', (c: string) => (out += c));
  const exit = run.exited.then(({ code }) => code);
  const end = Date.now() + 30_000;
  while (!/token ([0-9a-f]{32})/.test(out)) {
    if (Date.now() > end || child.exitCode !== null) throw new Error(`serve did not start: ${out}${run.stderr()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, exit, stderr: run.stderr, address: /listening on http:\/\/([\d.]+:\d+)/.exec(out)![1]!, token: /token ([0-9a-f]{32})/.exec(out)![1]! };
}

function post(address: string, route: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  const [host, port] = address.split(':');
  return new Promise((resolve, reject) => {
    const req = http.request({ host, port: Number(port), path: route, method: 'POST', headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end('{}');
  });
}

test('serve refuses requests without the token (401, counted), control endpoints included; target runs B, C, D and G', { timeout: 240_000 }, async () => {
  const entitlement = await serve(['--role', 'entitlement']);
  assert.match(entitlement.token, /^[0-9a-f]{32}$/, 'a 128-bit token in hex');
  assert.match(entitlement.address, /^127\.0\.0\.1:\d+$/, 'the default listen address is 127.0.0.1');
  assert.doesNotMatch(entitlement.stderr(), /Warning/, 'no warning on loopback');
  const auth = { authorization: `Bearer ${entitlement.token}` };
  for (const route of ['/check', '/reset', '/count', '/stats', '/info']) {
    assert.equal((await post(entitlement.address, route)).status, 401, `${route} without the token`);
  }
  assert.equal((await post(entitlement.address, '/check', { authorization: 'Bearer 00000000000000000000000000000000' })).status, 401, 'a wrong token');
  const stats = JSON.parse((await post(entitlement.address, '/stats', auth)).body) as { unauthorized: number; connections: number };
  assert.equal(stats.unauthorized, 6, 'every refused request is counted');
  assert.equal(stats.connections, 0, 'control calls are not counted as connections');

  const relayB = await serve(['--role', 'relay', '--next', entitlement.address], { HOP_BENCH_TOKEN: entitlement.token });
  const relayA = await serve(['--role', 'relay', '--next', relayB.address], { HOP_BENCH_TOKEN: entitlement.token });
  assert.equal(relayA.token, entitlement.token, 'a chain shares one token');

  const out = path.join(tmp, 'target.json');
  const run = spawnSync(process.execPath, [CLI, '--target', relayA.address, '--token', entitlement.token, '--cases', 'B,C,D,G', '--quick', '--runs', '2', '--out', out], {
    encoding: 'utf8',
    timeout: 180_000,
  });
  assert.equal(run.status, 0, run.stderr);
  const results = readTargetResults(out);
  assert.deepEqual(results.services.map((s) => s.role), ['relay', 'relay', 'entitlement']);
  assert.match(run.stdout, /^Setup: client .*\n {2}→ relay at 127\.0\.0\.1:\d+ on /, 'the setup line names client and service machines');
  const cases = results.reference!.cases;
  assert.deepEqual(cases.map((c) => c.id), ['B', 'C', 'D']);
  for (const c of cases) {
    assert.ok(c.kind === 'latency');
    // The run itself checks each sum against the in-process sum; here, that every timed call is in it.
    // Two runs against the same remote services: each run opens its own connections on every link.
    assert.equal(c.runs.length, 2);
    for (const run of c.runs) {
      assert.equal(run.samples, results.reference!.config.latency[c.id]!.timedCalls);
      for (const s of run.sockets) assert.equal(s.opened, s.expected, `${c.id} run ${run.run} ${s.link}`);
    }
  }
  const d = cases.find((c) => c.id === 'D')!;
  assert.equal(d.kind === 'latency' ? d.runs[0]!.sockets.length : 0, 3, 'D counts all three links of the remote chain');
  assert.equal(results.G!.variants[2]!.runs[0]!.reuseRatePercent, 100);
  assert.doesNotMatch(JSON.stringify(results), /PRIVATE KEY/);

  const unauthorizedAfter = JSON.parse((await post(entitlement.address, '/stats', auth)).body) as { unauthorized: number };
  assert.equal(unauthorizedAfter.unauthorized, 6, 'the target run sent its token on every request');

  for (const s of [relayA, relayB, entitlement]) s.child.kill('SIGTERM');
  for (const s of [relayA, relayB, entitlement]) assert.equal(await s.exit, 143, 'serve exits 143 on SIGTERM');
  assert.doesNotMatch(entitlement.stderr(), /exited unexpectedly/, 'a signal is not reported as a failure');
});

test('serve warns for a non-loopback address and refuses bad usage', async () => {
  const bad = spawnSync(process.execPath, [CLI, 'serve', '--role', 'relay'], { encoding: 'utf8' });
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /--role relay needs --next/);
  const badListen = spawnSync(process.execPath, [CLI, 'serve', '--role', 'entitlement', '--listen', 'example.com:80'], { encoding: 'utf8' });
  assert.equal(badListen.status, 2);
  assert.match(badListen.stderr, /--listen takes ADDR:PORT with a numeric IP address/);
  // 192.0.2.1 (TEST-NET-1, RFC 5737) is not on this machine: serve warns before it tries, then fails to
  // listen; no port is ever opened beyond loopback and no packet is sent.
  const wide = spawnSync(process.execPath, [CLI, 'serve', '--role', 'entitlement', '--listen', '192.0.2.1:0'], { encoding: 'utf8', timeout: 60_000 });
  assert.match(wide.stderr, /Warning: listening on 192\.0\.2\.1, not loopback\. This service is for a private test network/);
  assert.equal(wide.status, 1, 'an address this machine does not have is a failure');
  const noToken = spawnSync(process.execPath, [CLI, '--target', '127.0.0.1:9', '--cases', 'B'], { encoding: 'utf8', env: { ...process.env, HOP_BENCH_TOKEN: '' } });
  assert.equal(noToken.status, 2);
  assert.match(noToken.stderr, /--token takes the 32 hex digits/);
});
