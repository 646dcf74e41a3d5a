/** Significant figures for prose: ratios against the timer-bound A, and rates in millions. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inMillions, toSignificant } from '../../src/format/significant.ts';

test('two significant figures and the decimals that show them', () => {
  assert.deepEqual(toSignificant(2879.1, 2), { value: 2900, digits: 0 });
  assert.deepEqual(toSignificant(551.6, 2), { value: 550, digits: 0 });
  assert.deepEqual(toSignificant(1.3611, 2), { value: 1.4, digits: 1 });
  assert.deepEqual(toSignificant(0, 2), { value: 0, digits: 0 });
  assert.throws(() => toSignificant(1, 0), RangeError);
});

test('a rate of a million or more in millions', () => {
  assert.equal(inMillions('25,000,000\u202fcalls/s', 24_769_874), '24.769874 million\u202fcalls/s');
  assert.equal(inMillions('25,000,000\u202fcalls/s', 25_000_000), '25 million\u202fcalls/s');
  assert.equal(inMillions('4,200\u202fcalls/s', 4200), '4,200\u202fcalls/s');
});
