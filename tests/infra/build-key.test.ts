/**
 * The key under which a site build is shared between test files (tests/support/site-inputs-key.ts):
 * every input the build reads changes it, and what the build does not read (the bench's tests, its
 * results of other runs, generated folders) does not. Checked on a small tree made here.
 */
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { tempDir } from '../support/site-build.ts';
import { buildKey, type BuildInputs } from '../support/site-inputs-key.ts';

let root: string;
let script: string;
let inputs: BuildInputs;
const key = (over: Partial<BuildInputs> = {}) => buildKey(root, script, { ...inputs, ...over });
const write = (rel: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), text);
};

before(() => {
  root = tempDir('build-key');
  script = path.join(root, 'src', 'pipeline', 'build.ts');
  for (const rel of ['src/pipeline/build.ts', 'src/components/A.astro', 'content/article.mdx', 'content/prices.json', 'bench/src/cli.ts', 'bench/package.json', 'bench/test/a.test.ts', 'package-lock.json', 'astro.config.mjs', 'results.json', 'beyond.json']) {
    write(rel, `// ${rel}\n`);
  }
  inputs = { resultsFile: 'results.json', args: [], env: { HOP_BEYOND_RESULTS: path.join(root, 'beyond.json'), HOP_BENCH_RESULTS: 'results.json', PATH: '/usr/bin' } };
});
after(() => rmSync(root, { recursive: true, force: true }));

test('the same inputs give the same key', () => {
  assert.equal(key(), key());
  assert.match(key(), /^[0-9a-f]{64}$/);
});

test('each source, configuration and results file the build reads changes it', () => {
  for (const rel of ['src/components/A.astro', 'content/prices.json', 'bench/src/cli.ts', 'bench/package.json', 'package-lock.json', 'astro.config.mjs', 'results.json', 'beyond.json']) {
    const was = key();
    write(rel, `// ${rel}, edited\n`);
    assert.notEqual(key(), was, rel);
  }
  const was = key();
  write('src/facts/new-module.ts', 'export {};\n');
  assert.notEqual(key(), was, 'a new source file');
});

test('arguments and the environment the build reads change it; other variables do not', () => {
  const was = key();
  assert.notEqual(key({ args: ['--allow-partial'] }), was);
  assert.notEqual(key({ env: { ...inputs.env, HOP_SITE_URL: 'https://x.example/' } }), was);
  assert.notEqual(key({ env: { ...inputs.env, ASTRO_LOG_LEVEL: 'info' } }), was);
  assert.equal(key({ env: { ...inputs.env, PATH: '/bin', npm_lifecycle_event: 'test' } }), was);
});

test('a folder named by the environment counts by content, not only by name', () => {
  const archive = path.join(root, 'archive');
  mkdirSync(archive, { recursive: true });
  const env = { ...inputs.env, HOP_BENCH_ARCHIVE: archive };
  const empty = key({ env });
  writeFileSync(path.join(archive, 'run.json'), '{}');
  assert.notEqual(key({ env }), empty);
});

test("the bench's tests and results, and generated folders, do not change it; the default archive does", () => {
  const was = key();
  write('bench/test/a.test.ts', '// edited\n');
  write('bench/results/latest.json', '{}');
  write('bench/results/.lock', '');
  write('node_modules/x/index.js', '');
  write('.astro/data-store.json', '{}');
  write('test-artifacts/shot.png', '');
  assert.equal(key(), was);
  write('bench/results/archive/run.json', '{}');
  assert.notEqual(key(), was, 'the run history is read from bench/results/archive unless HOP_BENCH_ARCHIVE names another folder');
  const named = key({ env: { ...inputs.env, HOP_BENCH_ARCHIVE: path.join(root, 'elsewhere') } });
  write('bench/results/archive/run-2.json', '{}');
  assert.equal(key({ env: { ...inputs.env, HOP_BENCH_ARCHIVE: path.join(root, 'elsewhere') } }), named);
});
