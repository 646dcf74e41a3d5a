// The results schema refuses figures that disagree with each other: a hand-edited file fails. The
// stored report is the exporter's text, not part of the contract: its layout may change.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { parseResults, ResultsValidationError } from '../src/harness/schema.ts';

const text = readFileSync(new URL('../../tests/fixtures/results-2026-11-30-full.json', import.meta.url), 'utf8');
const fixture = () => JSON.parse(text);

function issuesOf(data: unknown): string[] {
  try {
    parseResults(data, 'edited.json');
  } catch (error) {
    assert.ok(error instanceof ResultsValidationError);
    return error.issues.map((i) => `${i.path}: ${i.message}`);
  }
  return [];
}

test('the fixture, as the bench wrote it, is consistent', () => {
  assert.deepEqual(issuesOf(fixture()), []);
});

test('a median that is not the median of the runs is named, whatever the report says', () => {
  const d = fixture();
  d.cases[1].median.p50Us = 200;
  const issues = issuesOf(d);
  assert.equal(issues.length, 1, issues.join('\n'));
  assert.match(issues[0]!, /^cases\.1\.median\.p50Us: is 200 but the median of the runs is [\d.]+; results are written by the bench, not by hand/);
});

test("an interval, a run spread or a socket count that the runs do not give is named", () => {
  const d = fixture();
  d.cases[1].intervals.p99Us.highUs += 1;
  d.cases[2].median.p50CvPercent += 0.5;
  d.cases[3].runs[0].sockets[1].opened = 2;
  const issues = issuesOf(d).join('\n');
  assert.match(issues, /cases\.1\.intervals\.p99Us: is [\d.]+–[\d.]+ but the runs give/);
  assert.match(issues, /cases\.2\.median\.p50CvPercent: is [\d.]+ but the runs' p50 give [\d.]+/);
  assert.match(issues, /cases\.3\.runs\.0\.sockets\.1\.opened: is 2 but relay A → relay B must open 1/);
});

test('failure counts must add up', () => {
  const d = fixture();
  const run = d.cases[4].variants[1].runs[0];
  run.duplicates = -3;
  run.failed = 1;
  const issues = issuesOf(d);
  assert.ok(issues.some((i) => /^cases\.4\.variants\.1\.runs\.0\.duplicates: is -3, invoicesWritten − calls is 21/.test(i)), issues.join('\n'));
  assert.ok(issues.some((i) => /^cases\.4\.variants\.1\.runs\.0\.failed: is 1, timedOut \+ otherErrors is 0/.test(i)), issues.join('\n'));
});

test('percentiles out of order, a histogram that lost samples, and a missing run are named', () => {
  const d = fixture();
  d.cases[2].runs[0].p95Us = d.cases[2].runs[0].p99Us + 1;
  d.cases[3].runs[1].histogram.counts[0] += 1;
  d.cases[0].runs.pop();
  const issues = issuesOf(d).join('\n');
  assert.match(issues, /cases\.2\.runs\.0: percentiles out of order/);
  assert.match(issues, /cases\.3\.runs\.1\.histogram\.counts: hold \d+ samples, the run has 5000/);
  assert.match(issues, /cases\.0\.runs: has 2 runs, config\.runs is 3/);
});

test('a report that differs only in its column widths is accepted: the file is valid by its numbers', () => {
  const d = fixture();
  // Every gap between columns one space wider, as a change of report.ts's widths would print it.
  const widened = d.report.replace(/(\S) {2,}(?=\S)/g, (gap: string) => `${gap} `);
  assert.notEqual(widened, d.report);
  d.report = widened;
  assert.deepEqual(issuesOf(d), []);
});

test('the same report with changed figures is refused: the numbers are checked, not the text', () => {
  const d = fixture();
  d.report = d.report.replace(/(\S) {2,}(?=\S)/g, (gap: string) => `${gap} `);
  const run = d.cases[4].variants[2].runs[0];
  run.invoicesWritten += 3;
  const issues = issuesOf(d);
  assert.equal(issues.length, 1, issues.join('\n'));
  assert.match(issues[0]!, /^cases\.4\.variants\.2\.runs\.0\.duplicates: is 0, invoicesWritten − calls is 3/);
});

test('the shape and the consistency checks are separate: the shape alone accepts an inconsistent file', async () => {
  const { ResultsShapeSchema } = await import('../src/harness/schema.ts');
  const d = fixture();
  d.cases[1].median.p50Us = 200;
  assert.equal(ResultsShapeSchema.safeParse(d).success, true);
  assert.ok(issuesOf(d).length > 0);
});
