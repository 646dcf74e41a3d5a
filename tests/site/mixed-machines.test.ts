/**
 * Provenance for both suites (issue 19): beyond results from another machine than the reference
 * results are refused by the build, naming both files and what differs. With --allow-mixed-machines the
 * page says so in every section of beyond figures and in the provenance panel: tested in
 * fragile-partial.test.ts, on the partial build it makes anyway, so both flags cost one site build.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { machineDifferences } from '../../src/prose/provenance.ts';
import { FIXTURE, runBuild, tempDir } from '../support/site-build.ts';
import { writeOneCoreBeyond } from '../support/one-core-beyond.ts';

const env = JSON.parse(readFileSync(FIXTURE, 'utf8')).environment;

describe('what counts as another machine', () => {
  test('host, CPU, cores, RAM beyond 5%, OS and Node differ; a kernel update does not', () => {
    assert.deepEqual(machineDifferences(env, { ...env }), []);
    assert.deepEqual(machineDifferences(env, { ...env, osRelease: 'other' }), []);
    assert.deepEqual(machineDifferences(env, { ...env, ramBytes: env.ramBytes * 1.01 }), []);
    assert.deepEqual(machineDifferences(env, { ...env, hostname: 'laptop', cores: 1, nodeVersion: 'v22.23.5' }), ['host vm vs laptop', 'cores 2 vs 1', 'Node v24.20.0 vs v22.23.5']);
  });
});

describe('a build from two machines', () => {
  let work: string;
  let beyondFile: string;
  before(() => {
    work = tempDir('mixed');
    beyondFile = writeOneCoreBeyond(work);
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  test('is refused without the flag, naming both files, what differs and the fix', async () => {
    const out = path.join(work, 'refused');
    const run = await runBuild(FIXTURE, out, [], { HOP_BEYOND_RESULTS: beyondFile });
    assert.equal(run.code, 1, run.stdout + run.stderr);
    assert.match(run.stderr, /different machines or runtimes \(host vm vs one-core-vm; cores 2 vs 1\)/);
    assert.match(run.stderr, /beyond-one-core\.json \(cases F–I\)/);
    assert.match(run.stderr, /--allow-mixed-machines/);
    assert.equal(existsSync(out), false);
  });
  // With --allow-mixed-machines: tests/site/fragile-partial.test.ts, on the build it makes with
  // --allow-partial anyway (one site build for both flags).
});
