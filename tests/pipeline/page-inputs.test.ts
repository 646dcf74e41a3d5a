/**
 * The one page-input pipeline (src/inputs/page-inputs.ts): the build, `npm run claims` and the page load
 * results, prices, the reference run and the facts through it, and within a build the page reuses
 * the inputs the build already loaded.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { loadPageInputs, sharedPageInputs, sharePageInputs } from '../../src/inputs/page-inputs.ts';
import { loadResults } from '../../src/inputs/results-source.ts';
import { BEYOND_FIXTURE, FIXTURE, ROOT } from '../support/site-build.ts';

const env = { HOP_BENCH_RESULTS: FIXTURE, HOP_BEYOND_RESULTS: BEYOND_FIXTURE, HOP_PRICES_FILE: path.join(ROOT, 'tests/costs/fixtures/prices-2026-10-19.json') };
const now = new Date('2026-12-01T00:00:00Z');

test('loads every input once and derives the facts from exactly those inputs', () => {
  const inputs = loadPageInputs({ rootDir: ROOT, env, now, warn: () => {} });
  assert.equal(inputs.loaded.file, FIXTURE);
  assert.equal(inputs.loaded.text, readFileSync(FIXTURE, 'utf8'));
  assert.equal(inputs.prices.file, env.HOP_PRICES_FILE);
  // One fact from each input, against the files themselves.
  const fixture = JSON.parse(inputs.loaded.text);
  assert.equal(inputs.facts['B.p50Us'], fixture.cases.find((c: { id: string }) => c.id === 'B').median.p50Us);
  assert.equal(inputs.facts['prices.hoursPerMonth'], JSON.parse(readFileSync(env.HOP_PRICES_FILE, 'utf8')).hoursPerMonth);
  assert.equal(inputs.facts['ref.B.p50Us'], 71.71);
  assert.equal(inputs.reference.date, '2026-10-19T05:44:16.864Z');
  assert.match(inputs.referenceText, /^Machine: Apple M1 Max/m);
});

test('results already read by the build are used as they are, not read again', () => {
  const loaded = loadResults(FIXTURE);
  const inputs = loadPageInputs({ rootDir: ROOT, env: { ...env, HOP_BENCH_RESULTS: '/nonexistent.json' }, now, warn: () => {}, loaded });
  assert.equal(inputs.loaded, loaded);
});

test('the page takes the build\'s inputs only for the same root and results file', () => {
  const inputs = loadPageInputs({ rootDir: ROOT, env, now, warn: () => {} });
  sharePageInputs(inputs);
  try {
    assert.equal(sharedPageInputs(ROOT, FIXTURE), inputs);
    assert.equal(sharedPageInputs(ROOT, path.join(ROOT, 'bench/results/latest.json')), undefined);
    assert.equal(sharedPageInputs('/elsewhere', FIXTURE), undefined);
  } finally {
    sharePageInputs(undefined);
  }
  assert.equal(sharedPageInputs(ROOT, FIXTURE), undefined);
});
