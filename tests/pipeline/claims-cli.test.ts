/**
 * `npm run claims` (src/pipeline/claims-cli.ts): flags are parsed strictly, an unknown flag exits 2 with the
 * usage, and the default run prints the claims report from the same pipeline as the build.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';
import { BEYOND_FIXTURE, FIXTURE, ROOT } from '../support/site-build.ts';

const SCRIPT = path.join(ROOT, 'src', 'pipeline', 'claims-cli.ts');
const claims = (args: string[]) =>
  spawnSync(process.execPath, [SCRIPT, ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, HOP_BENCH_RESULTS: FIXTURE, HOP_BEYOND_RESULTS: BEYOND_FIXTURE } });

test('an unknown flag exits 2 and prints the usage on stderr', () => {
  const run = claims(['--fact']);
  assert.equal(run.status, 2);
  assert.match(run.stderr, /Unknown option '--fact'/);
  assert.match(run.stderr, /^Usage: npm run claims -- \[--facts\]/m);
  assert.equal(run.stdout, '');
});

test('a positional argument is bad usage too', () => {
  const run = claims(['content/split-on-evidence.mdx']);
  assert.equal(run.status, 2);
  assert.match(run.stderr, /Usage: npm run claims/);
});

test('--help prints the usage and exits 0', () => {
  const run = claims(['--help']);
  assert.equal(run.status, 0);
  assert.match(run.stdout, /^Usage: npm run claims/);
});

test('without flags: the claims report for the given results', () => {
  const run = claims([]);
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /^build: claims: (?:all \d+ hold|(\d+) of \1 hold \(\d+ fragile: false in some run\))$/m);
});

test('--facts lists facts from every source, one per line', () => {
  const run = claims(['--facts']);
  assert.equal(run.status, 0, run.stderr);
  // One from each source: results, prices, availability, cited sources, reference run.
  for (const name of ['B.p50Us', 'prices.hoursPerMonth', 'availability.one.999.downtimeMinPerMonth', 'source.segment.servicesMerged', 'ref.B.p50Us']) {
    assert.match(run.stdout, new RegExp(`^${name.replace(/\./g, '\\.')} = `, 'm'), name);
  }
  assert.match(run.stdout, /^ref\.B\.p50Us = 71\.71$/m);
});
