/** Claim states on tiny fact sets: holds (medians and every run), fragile (medians only), false (medians). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FactRead } from '../../src/claims/named.ts';
import { evaluateClaims, failingRunsText, formatClaimsReport, type Claim } from '../../src/claims/claims.ts';
import { runView } from '../../src/facts/run-views.ts';
import { parseResultsText, type LatencyCaseResult } from '@split-on-evidence/hop-bench/schema';
import { readFileSync } from 'node:fs';
import { FIXTURE } from '../support/site-build.ts';

const claim = (name: string, line = 1): Claim => ({ text: `claim ${line}`, name, file: 'a.mdx', line });
/** Predicates of the tests, by name. */
const P = {
  xAbove1: (f: FactRead) => f('x') > 1,
  xAbove2: (f: FactRead) => f('x') > 2,
  xAbove3: (f: FactRead) => f('x') > 3,
  xAbove4: (f: FactRead) => f('x') > 4,
  xAbove2AndY1: (f: FactRead) => f('x') > 2 && f('y') === 1,
};

test('holds, fragile and false, with the failing runs and their values', () => {
  const medians = { x: 3 };
  const runs = [{ x: 3.5 }, { x: 1.5 }, { x: 2.9 }];
  const [holds, fragile, falseAtMedian] = evaluateClaims([claim('xAbove1', 1), claim('xAbove2', 2), claim('xAbove3', 3)], medians, runs, P);
  assert.equal(holds!.state, 'holds');
  assert.deepEqual(holds!.failingRuns, []);
  assert.equal(fragile!.state, 'fragile');
  assert.equal(fragile!.holds, true, 'a fragile claim holds at the medians');
  assert.deepEqual(fragile!.failingRuns, [{ run: 2, values: { x: 1.5 } }]);
  assert.equal(falseAtMedian!.state, 'false');
  assert.equal(falseAtMedian!.holds, false);
  assert.deepEqual(falseAtMedian!.failingRuns, [], 'a false claim is false, whatever its runs say');
});

test('the report lists fragile claims with each failing run and its values', () => {
  const results = evaluateClaims([claim('xAbove2AndY1', 7)], { x: 3, y: 1 }, [{ x: 1.25, y: 1 }, { x: 5, y: 1 }, { x: 0.5, y: 1 }], P);
  assert.equal(
    formatClaimsReport(results),
    [
      'claims: 1 of 1 hold (1 fragile: false in some run)',
      '  ~ "claim 7"',
      '      fragile: holds at the medians, not in runs 1 and 3 of 3',
      '      claim:   xAbove2AndY1',
      '      medians: x = 3, y = 1',
      '      run 1:   x = 1.25',
      '      run 3:   x = 0.5',
      '      at:      a.mdx:7',
    ].join('\n'),
  );
});

test('a false claim next to a fragile one: both counted', () => {
  const results = evaluateClaims([claim('xAbove2', 1), claim('xAbove4', 2)], { x: 3 }, [{ x: 1 }], P);
  assert.match(formatClaimsReport(results), /^claims: 1 of 2 hold \(1 fragile: false in some run\), 1 FALSE$/m);
});

test('failing runs read as prose', () => {
  const v = {};
  assert.equal(failingRunsText({ failingRuns: [{ run: 2, values: v }], runsChecked: 3 }), 'run 2 of 3');
  assert.equal(failingRunsText({ failingRuns: [{ run: 1, values: v }, { run: 2, values: v }, { run: 4, values: v }], runsChecked: 5 }), 'runs 1, 2 and 4 of 5');
});

test("a run's view has that run's figures as its medians", () => {
  const results = parseResultsText(readFileSync(FIXTURE, 'utf8'), 'fixture');
  const view = runView(results, 1);
  const d = view.cases.find((c) => c.id === 'D') as LatencyCaseResult;
  const original = results.cases.find((c) => c.id === 'D') as LatencyCaseResult;
  assert.equal(d.median.p50Us, original.runs[1]!.p50Us);
  assert.equal(d.runs.length, 1);
  assert.equal(view.config.runs, 1);
  const e = view.cases.find((c) => c.kind === 'failure');
  assert.ok(e?.kind === 'failure');
  assert.deepEqual(e.variants.map((v) => v.runs.map((r) => r.run)), [[1], [1], [1]]);
});
