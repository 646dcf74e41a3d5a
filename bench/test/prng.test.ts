import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mulberry32 } from '../src/harness/prng.ts';

// Test vectors from the hop-bench spec, to 10 decimals.
const VECTORS: [number, number[]][] = [
  [7, [0.0117047532, 0.0619582576, 0.9769076328]],
  [20261019, [0.8011838177, 0.9645610307, 0.6071008702]],
  [20261020, [0.2642478338, 0.2385878304, 0.8627477055]],
];

for (const [seed, expected] of VECTORS) {
  test(`mulberry32(${seed}) gives the spec's first three outputs`, () => {
    const next = mulberry32(seed);
    for (const value of expected) assert.equal(next().toFixed(10), value.toFixed(10));
  });
}

test('mulberry32 stays in [0, 1) and is deterministic', () => {
  const a = mulberry32(123);
  const b = mulberry32(123);
  for (let i = 0; i < 10_000; i++) {
    const x = a();
    assert.equal(x, b());
    assert.ok(x >= 0 && x < 1);
  }
});
