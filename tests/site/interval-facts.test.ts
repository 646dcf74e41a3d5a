/** The medians' intervals as facts: with the fixture's 3 runs, the lowest and highest run, at 75%. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { parseResultsText, type LatencyCaseResult } from '@split-on-evidence/hop-bench/schema';
import { resultFacts } from '../../src/facts/facts.ts';
import { FIXTURE } from '../support/site-build.ts';

test('X.pNNLowUs / X.pNNHighUs are the lowest and highest run, X.intervalConfidencePercent is 75', () => {
  const results = parseResultsText(readFileSync(FIXTURE, 'utf8'), FIXTURE);
  const facts = resultFacts(results);
  for (const id of ['A', 'B', 'C', 'D']) {
    const c = results.cases.find((x): x is LatencyCaseResult => x.kind === 'latency' && x.id === id)!;
    for (const p of ['p50', 'p95', 'p99'] as const) {
      const runs = c.runs.map((r) => r[`${p}Us`]);
      assert.equal(facts[`${id}.${p}LowUs`], Math.min(...runs), `${id}.${p}LowUs`);
      assert.equal(facts[`${id}.${p}HighUs`], Math.max(...runs), `${id}.${p}HighUs`);
    }
    assert.equal(facts[`${id}.intervalConfidencePercent`], 75);
  }
  assert.equal(facts['B.p50LowUs'], 194.028);
  assert.equal(facts['B.p50HighUs'], 305.171);
});
