/**
 * Provenance for both suites (issue 19): beyond results from another machine than the reference
 * results are refused by the build, naming both files and what differs; with --allow-mixed-machines the
 * page says so in every section of beyond figures and in the provenance panel.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { machineDifferences } from '../../src/present/suite-machines.ts';
import { BEYOND_FIXTURE, FIXTURE, runBuild, tempDir, type BuildRun } from '../support/site-build.ts';

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
    const beyond = JSON.parse(readFileSync(BEYOND_FIXTURE, 'utf8'));
    beyond.environment.cores = 1;
    beyond.environment.hostname = 'one-core-vm';
    beyondFile = path.join(work, 'beyond-one-core.json');
    writeFileSync(beyondFile, JSON.stringify(beyond));
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

  test('with --allow-mixed-machines, every beyond section and the panel say so', async () => {
    const out = path.join(work, 'allowed');
    const run: BuildRun = await runBuild(FIXTURE, out, ['--allow-mixed-machines'], { HOP_BEYOND_RESULTS: beyondFile });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const pages = ['tls-and-the-network', 'under-load', 'retry-storms'].map((p) => readFileSync(path.join(out, p, 'index.html'), 'utf8'));
    for (const html of pages) assert.match(html, /data-mixed-machines="[F-I]"[^>]*>\s*Case [F-I]['’]s figures come from another machine or runtime than cases A–E on this page \(host vm vs one-core-vm; cores 2 vs 1\)/);
    const index = readFileSync(path.join(out, 'index.html'), 'utf8');
    assert.match(index.replace(/<[^>]+>/g, ''), /NOT the machine of cases A–E \(host vm vs one-core-vm; cores 2 vs 1\)/);
  });
});
