// The results schema refuses figures that disagree with each other: a hand-edited file fails.
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

test('a median that is not the median of the runs, and a report that disagrees, are named', () => {
  const d = fixture();
  d.cases[1].median.p50Us = 200;
  const issues = issuesOf(d);
  assert.equal(issues.length, 2, issues.join('\n'));
  assert.match(issues[0]!, /^cases\.1\.median\.p50Us: is 200 but the median of the runs is [\d.]+; results are written by the bench, not by hand/);
  // The report prints the median with two decimals; the figures now print 200.00 where the run printed another value.
  assert.match(issues[1]!, /^report: is not the report of these figures: line \d+ reads "B\. HTTP, keep-alive\s+[\d.]+ .*", the figures print "B\. HTTP, keep-alive\s+200\.00 /);
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

test('a stored report edited by hand, figures untouched, is named with its line', () => {
  const d = fixture();
  const lines = d.report.split('\n');
  const k = lines.findIndex((l: string) => l.startsWith('  retry + idempotency key'));
  lines[k] = lines[k].replace('duplicates 0', 'duplicates 3');
  d.report = lines.join('\n');
  const issues = issuesOf(d);
  assert.equal(issues.length, 1, issues.join('\n'));
  assert.match(issues[0]!, new RegExp(`^report: is not the report of these figures: line ${k + 1} reads "retry \\+ idempotency key .*duplicates 3`));
});

test('the shape and the consistency checks are separate: the shape alone accepts an inconsistent file', async () => {
  const { ResultsShapeSchema } = await import('../src/harness/schema.ts');
  const d = fixture();
  d.cases[1].median.p50Us = 200;
  assert.equal(ResultsShapeSchema.safeParse(d).success, true);
  assert.ok(issuesOf(d).length > 0);
});
