// Case I's goodput chart at a phone's width: its y-axis title was cut to "per 500 …" at 390 px (expert
// read); the caption says what a point averages over, so the title stays short enough for the axis.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { beyondSuite } from '@split-on-evidence/hop-bench/suites';
import { BEYOND_FIXTURE } from '../support/site-build.ts';
import { retryStormOf } from '../../src/cases/i-retry-storm/facts.ts';
import { retryStormChart } from '../../src/cases/i-retry-storm/chart-data.ts';

test('the goodput axis title is "Goodput (calls/s)", short enough for a 390 px chart', () => {
  const storm = retryStormOf(beyondSuite.parseResultsText(readFileSync(BEYOND_FIXTURE, 'utf8'), BEYOND_FIXTURE))!;
  const { spec } = retryStormChart(storm.result, {});
  assert.equal(spec.y.title, 'Goodput (calls/s)');
  // At 390 px the plot is about 300 px tall; at the axis font's ~7 px a character, about 40 characters fit.
  assert.ok(spec.y.title.length <= 40);
});
