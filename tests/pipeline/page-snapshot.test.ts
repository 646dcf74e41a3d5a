/**
 * The page snapshot (src/inputs/page-snapshot.ts): the one file through which the build, `astro dev` and
 * a bare `astro build` hand the page its data. It survives JSON unchanged, carries the exact bytes
 * results.json publishes, routes figures through the facts, and follows one freshness rule.
 */
import assert from 'node:assert/strict';
import { copyFileSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { loadPageInputs } from '../../src/inputs/page-inputs.ts';
import { readPageSnapshot, snapshotIsCurrent, snapshotPath, SnapshotError, writePageSnapshot, DEFAULT_SNAPSHOT_FILE } from '../../src/inputs/page-snapshot.ts';
import { makePageSnapshot } from '../../src/inputs/snapshot-maker.ts';
import { BEYOND_FIXTURE, FIXTURE, ROOT, tempDir } from '../support/site-build.ts';

const dir = tempDir('snapshot');
// A copy of the fixture, so the freshness test can touch it.
const resultsFile = path.join(dir, 'results.json');
copyFileSync(FIXTURE, resultsFile);
const env = { HOP_BENCH_RESULTS: resultsFile, HOP_BEYOND_RESULTS: BEYOND_FIXTURE, HOP_BENCH_ARCHIVE: path.join(dir, 'no-archive'), HOP_BENCH_MATRIX: path.join(dir, 'no-matrix') };
const now = new Date('2026-12-01T00:00:00Z');
const inputs = loadPageInputs({ rootDir: ROOT, env, now, warn: () => {} });
const snapshot = makePageSnapshot(inputs, [], env);
const file = path.join(dir, 'page-snapshot.json');
writePageSnapshot(file, snapshot);
const fixture = JSON.parse(readFileSync(FIXTURE, 'utf8'));
const p50 = (id: string): number => fixture.cases.find((c: { id: string }) => c.id === id).median.p50Us;

test('a snapshot reads back exactly as it was made, with the published bytes of both results files', () => {
  const back = readPageSnapshot(file);
  assert.deepEqual(back, JSON.parse(JSON.stringify(snapshot)));
  assert.deepEqual(back.page.facts, { ...inputs.facts });
  assert.equal(back.published.results, readFileSync(FIXTURE, 'utf8'));
  assert.equal(back.published.beyondResults, readFileSync(BEYOND_FIXTURE, 'utf8'));
  assert.equal(back.page.now, '2026-12-01T00:00:00.000Z');
});

test('the latency table and the run history read their figures from the fixture by way of the facts', () => {
  const { latencyTable, runHistory } = snapshot.page.views;
  const b = latencyTable.cases.find((c) => c.id === 'B')!;
  assert.equal(b.median.p50Us, p50('B'));
  assert.equal(b.runs.length, fixture.config.runs);
  assert.equal(b.runs[0]!.p50Us, fixture.cases.find((c: { id: string }) => c.id === 'B').runs[0].p50Us);
  assert.equal(runHistory.length, 1);
  assert.equal(runHistory[0]!.current, true);
  assert.equal(runHistory[0]!.cOverB, p50('C') / p50('B'));
  assert.equal(runHistory[0]!.dOverB, p50('D') / p50('B'));
});

test('the snapshot is current until a file it was made from changes, or the environment names other results', () => {
  assert.equal(snapshotIsCurrent(snapshot, ROOT, env), true);
  assert.equal(snapshotIsCurrent(snapshot, ROOT, { ...env, HOP_BENCH_RESULTS: FIXTURE }), false);
  const later = new Date(Date.now() + 60_000);
  utimesSync(resultsFile, later, later);
  assert.equal(snapshotIsCurrent(snapshot, ROOT, env), false);
});

test('a missing or foreign snapshot file is refused with the command that writes it', () => {
  assert.throws(() => readPageSnapshot(path.join(dir, 'none.json')), (e: Error) => e instanceof SnapshotError && /does not exist.*npm run build/.test(e.message));
  const foreign = path.join(dir, 'foreign.json');
  writeFileSync(foreign, JSON.stringify({ ...snapshot, format: 'other' }));
  assert.throws(() => readPageSnapshot(foreign), (e: Error) => e instanceof SnapshotError && /field "format"/.test(e.message) && /npm run build/.test(e.message));
});

test('a value JSON would change is refused on writing, naming where it is', () => {
  const bad = { ...snapshot, page: { ...snapshot.page, facts: { ...snapshot.page.facts, 'B.p50Us': Number.NaN } } };
  assert.throws(() => writePageSnapshot(path.join(dir, 'bad.json'), bad), (e: Error) => e instanceof SnapshotError && /snapshot\.page\.facts\.B\.p50Us is NaN/.test(e.message));
});

test('the snapshot is the file $HOP_PAGE_SNAPSHOT names, else one under node_modules/.cache', () => {
  assert.deepEqual(snapshotPath(ROOT, { HOP_PAGE_SNAPSHOT: 'x.json' }), { file: path.resolve('x.json'), explicit: true });
  assert.deepEqual(snapshotPath(ROOT, {}), { file: path.join(ROOT, 'node_modules', '.cache', 'split-on-evidence', 'page-snapshot.json'), explicit: false });
  assert.equal(DEFAULT_SNAPSHOT_FILE, path.join('node_modules', '.cache', 'split-on-evidence', 'page-snapshot.json'));
});
