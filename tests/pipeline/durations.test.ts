/**
 * Durations the build and the README print are measured, never typed estimates (issue 19): the build
 * says how long the full run in a suite's results file took (src/pipeline/run-estimate.ts) or nothing;
 * the README's figures are the real full run of 2026-12-02 kept as a fixture, to one decimal; and no
 * "about N minutes" for a suite's run is left in the build's words or its usage.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { lastRunEstimate } from '../../src/pipeline/run-estimate.ts';
import { USAGE } from '../../src/pipeline/options.ts';
import { BEYOND_WORDS, REFERENCE_WORDS } from '../../src/inputs/site-suites.ts';
import { ROOT, tempDir } from '../support/site-build.ts';

const RUN = path.join(ROOT, 'tests', 'fixtures', 'machines', '2026-12-02-both-suites');
const minutes = (file: string) => (JSON.parse(readFileSync(path.join(RUN, file), 'utf8')).durationMs / 60_000).toFixed(1);

test("the README's suite durations are the 2026-12-02 fixture's, to one decimal", () => {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8').replace(/\s+/g, ' ');
  assert.ok(readme.includes(`the reference suite took ${minutes('results.json')} min and the beyond suite ${minutes('beyond-results.json')} min`), 'README states the fixture durations');
  assert.doesNotMatch(readme, /about \d+ min(utes)?\b|under \d+ s\b/, 'no typed estimate of a run');
  const matrix = path.join(ROOT, 'tests', 'fixtures', 'matrix-2026-12-01');
  const runs = readdirSync(matrix).filter((f) => f.endsWith('.json') && !f.endsWith('.matrix.json'));
  const total = runs.reduce((sum, f) => sum + JSON.parse(readFileSync(path.join(matrix, f), 'utf8')).durationMs, 0);
  assert.ok(readme.includes(`its ${runs.length === 4 ? 'four' : runs.length} runs of 2026-12-01, kept in \`tests/fixtures/matrix-2026-12-01/\`, took ${(total / 60_000).toFixed(1)} min of bench time`), 'the matrix figure is its fixture\'s');
});

test("the build states the full run's recorded duration, or nothing", () => {
  const dir = tempDir('estimate');
  assert.equal(lastRunEstimate(path.join(RUN, 'beyond-results.json')), `; the full run now in it took ${minutes('beyond-results.json')}\u202fmin`);
  assert.equal(lastRunEstimate(path.join(dir, 'missing.json')), '');
  const quick = path.join(dir, 'quick.json');
  writeFileSync(quick, JSON.stringify({ durationMs: 60_000, config: { mode: 'quick' } }));
  assert.equal(lastRunEstimate(quick), '', 'a quick run says nothing about a full one');
  writeFileSync(quick, '{ not json');
  assert.equal(lastRunEstimate(quick), '');
});

test('no typed run-time estimate in the build words or usage', () => {
  for (const text of [USAGE, JSON.stringify(REFERENCE_WORDS), JSON.stringify(BEYOND_WORDS)]) {
    assert.doesNotMatch(text.replace(/\s+/g, ' '), /about (two|three|\d+) min/);
  }
});
