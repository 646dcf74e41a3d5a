/**
 * The one page-input pipeline (src/inputs/page-inputs.ts): the build, `npm run claims` and the page load
 * results, prices, the reference run and the facts through it (the page through the snapshot the build
 * makes of them: tests/pipeline/page-snapshot.test.ts).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { loadPageInputs } from '../../src/inputs/page-inputs.ts';
import { loadSuiteResults } from '../../src/inputs/results-source.ts';
import { REFERENCE_SITE } from '../../src/inputs/site-suites.ts';
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
  const loaded = loadSuiteResults(REFERENCE_SITE, FIXTURE);
  const inputs = loadPageInputs({ rootDir: ROOT, env: { ...env, HOP_BENCH_RESULTS: '/nonexistent.json' }, now, warn: () => {}, loaded });
  assert.equal(inputs.loaded, loaded);
});
