// Results written before the report became an exporter (issue 17) still load, as they are: the
// fixtures, the Node matrix archive and the published reference run. Paths are the repository's.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { MatrixSummarySchema } from '../matrix/summary.ts';
import { parseReport } from '../src/harness/reference-run.ts';
import { beyondSuite } from '../src/suites/beyond.ts';
import { referenceSuite } from '../src/suites/reference.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (rel: string) => readFileSync(path.join(ROOT, rel), 'utf8');
const jsonIn = (dir: string) => readdirSync(path.join(ROOT, dir)).filter((f) => f.endsWith('.json')).map((f) => `${dir}/${f}`);

test('every fixture results file loads with its suite', () => {
  const files = jsonIn('tests/fixtures');
  assert.deepEqual(files.sort(), ['tests/fixtures/beyond-results-quick.json', 'tests/fixtures/results-2026-11-30-full.json', 'tests/fixtures/results-2026-11-30-two-runs.json']);
  for (const file of files.filter((f) => !f.includes('beyond'))) {
    const r = referenceSuite.parseResultsText(read(file), file);
    assert.deepEqual(r.cases.map((c) => c.id), ['A', 'B', 'C', 'D', 'E'], file);
  }
  const beyond = beyondSuite.parseResultsText(read('tests/fixtures/beyond-results-quick.json'), 'beyond-results-quick.json');
  assert.deepEqual(beyond.cases.map((c) => c.id), ['F', 'G', 'H', 'I']);
});

test('the Node matrix archive loads: its summary and every version\'s results', () => {
  const files = jsonIn('tests/fixtures/matrix-2026-12-01');
  const summaries = files.filter((f) => f.endsWith('.matrix.json'));
  assert.equal(summaries.length, 1);
  const summary = MatrixSummarySchema.parse(JSON.parse(read(summaries[0]!)));
  const runs = files.filter((f) => !f.endsWith('.matrix.json'));
  assert.equal(runs.length, 4);
  for (const file of runs) {
    const r = referenceSuite.parseResultsText(read(file), file);
    // Each archived run is the one its file name and the summary name.
    assert.ok(path.basename(file).includes(`_${r.environment.nodeVersion}_`), file);
    assert.ok(summary.versions.some((v) => `v${v.version}` === r.environment.nodeVersion), file);
  }
});

test('the published reference run (a printed report, no results file) still parses', () => {
  const dir = 'bench/reference';
  const reports = readdirSync(path.join(ROOT, dir)).filter((f) => f.endsWith('.txt'));
  assert.deepEqual(reports, ['reference-output-2026-10-19.txt']);
  const parsed = parseReport(read(`${dir}/${reports[0]}`));
  assert.deepEqual(parsed.latency.map((row) => row.id), ['A', 'B', 'C', 'D']);
  assert.equal(parsed.failure.size, 3);
});
