/**
 * Claims checked at build: a results file that makes a claim false fails the build with the claim's
 * text, its condition and the values in the message, and leaves the output folder untouched; the
 * same file with the claim made true again builds (it is the fixture, so the shared fixture page).
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { FIXTURE, runBuild, tempDir } from '../support/site-build.ts';
import { fixturePage } from '../support/pages.ts';

let work: string;
before(() => {
  work = tempDir('claims');
});
after(() => rmSync(work, { recursive: true, force: true }));

function withRetryKeyDuplicates(duplicates: number): string {
  const data = JSON.parse(readFileSync(FIXTURE, 'utf8'));
  const run0 = data.cases.find((c: { id: string }) => c.id === 'E').variants.find((v: { id: string }) => v.id === 'retry-key').runs[0];
  const printed = `invoices written ${run0.invoicesWritten}, duplicates ${run0.duplicates}`;
  run0.invoicesWritten = run0.calls + duplicates;
  run0.duplicates = duplicates;
  // The stored report must agree with the figures (the schema checks it), so edit its first bracket too.
  data.report = data.report.replace(/^( {2}retry \+ idempotency key.*?)invoices written \d+, duplicates \d+/m, (_: string, head: string) => {
    assert.ok(head.length > 0 && data.report.includes(printed));
    return `${head}invoices written ${run0.invoicesWritten}, duplicates ${duplicates}`;
  });
  const file = path.join(work, `retry-key-duplicates-${duplicates}.json`);
  writeFileSync(file, JSON.stringify(data));
  return file;
}

test('a false claim fails the build with its text, predicate, values and place', async () => {
  const out = path.join(work, 'site-false');
  const run = await runBuild(withRetryKeyDuplicates(2), out);
  assert.equal(run.code, 1, run.stdout + run.stderr);
  // The edited counts no longer equal the reference run's: those sentences take their "some runs" form, not a false claim.
  assert.match(run.stderr, /claims: \d+ of \d+ hold(?: \([^)]*\))?, 1 FALSE/);
  assert.equal([...run.stderr.matchAll(/claim: {2}caseEEqualsReference\n/g)].length, 0);
  assert.match(run.stderr, /✗ "With a key, no call failed and no invoice was written twice\."/);
  assert.match(run.stderr, /claim: {2}keyNeitherFailsNorDuplicates\n/);
  assert.match(run.stderr, /values: E\.retryKey\.failed\.total = 0, E\.retryKey\.duplicates\.total = 2/);
  assert.match(run.stderr, /at: {5}content\/split-on-evidence\.mdx:\d+/);
  assert.equal(existsSync(out), false, 'nothing was published');
});

test('the same file with the claim true again builds', async () => {
  // With no duplicate the edited file holds the fixture's very figures (checked value for value), so
  // the shared fixture page is its build: no second build of the same figures.
  const fixture = JSON.parse(readFileSync(FIXTURE, 'utf8'));
  assert.deepEqual(JSON.parse(readFileSync(withRetryKeyDuplicates(0), 'utf8')), fixture);
  const run = await fixturePage();
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.match(run.stdout, /claims: (?:all \d+ hold|(\d+) of \1 hold \(\d+ fragile: false in some run\))/);
  assert.ok(existsSync(path.join(run.dir, 'index.html')));
});
