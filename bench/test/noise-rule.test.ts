/** The one noise rule (harness/noise.ts): intervals of run figures that overlap are no measurable difference. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { departsBeyondNoise, differBeyondNoise, runsInterval } from '../src/harness/noise.ts';

test('three runs each: the min–max intervals decide', () => {
  assert.equal(differBeyondNoise([10, 12, 11], [11.5, 13, 14]), false, '10–12 and 11.5–14 overlap');
  assert.equal(differBeyondNoise([10, 12, 11], [12.5, 13, 14]), true, '10–12 and 12.5–14 do not');
  assert.equal(differBeyondNoise([10, 12, 11], [12, 13, 14]), false, 'touching intervals overlap');
  assert.deepEqual(runsInterval([3, 1, 2]), { low: 1, high: 3, confidencePercent: 75 });
});

test('one run on a side: no spread, no verdict', () => {
  assert.equal(differBeyondNoise([10], [20, 21, 22]), null);
  assert.equal(departsBeyondNoise([1.3], 1), null);
  assert.throws(() => differBeyondNoise([], [1, 2]), RangeError);
});

test('paired per-run ratios against 1', () => {
  assert.equal(departsBeyondNoise([0.97, 1.02, 1.01], 1), false);
  assert.equal(departsBeyondNoise([1.03, 1.05, 1.04], 1), true);
  assert.equal(departsBeyondNoise([0.7, 0.75, 0.72], 1), true);
});
