// CPU pinning: taskset's affinity list parsed exactly, and a pinned quick run records its CPUs.
import './support/own-bench-lock.ts';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parseAffinityList, pinningPlan } from '../src/harness/pinning.ts';
import { parseResultsText } from '../src/harness/schema.ts';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'hop-bench-pin-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

test('affinity lists: single CPUs, ranges and both', () => {
  assert.deepEqual(parseAffinityList("pid 42's current affinity list: 0,1\n"), [0, 1]);
  assert.deepEqual(parseAffinityList("pid 42's current affinity list: 0-3,6\n"), [0, 1, 2, 3, 6]);
  assert.deepEqual(parseAffinityList("pid 7's current affinity list: 5\n"), [5]);
  assert.throws(() => parseAffinityList('taskset: failed to get pid 1 affinity'), /no affinity list/);
});

const plan = pinningPlan();
test('a pinned quick run records the CPUs of the client and the services', { skip: plan.plan === null ? plan.reason : false }, () => {
  const out = path.join(tmp, 'pinned.json');
  const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
  const run = spawnSync(process.execPath, [cli, '--quick', '--cases', 'B', '--pin', '--out', out], { encoding: 'utf8', timeout: 120_000 });
  assert.equal(run.status, 0, run.stderr);
  const results = parseResultsText(readFileSync(out, 'utf8'), out);
  assert.deepEqual(results.config.pinning, { pinned: true, clientCpu: plan.plan!.clientCpu, serviceCpu: plan.plan!.serviceCpu });
  assert.notEqual(plan.plan!.clientCpu, plan.plan!.serviceCpu);
});
