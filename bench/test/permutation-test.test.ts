/**
 * The permutation tests behind the noise rule (harness/permutation-test.ts): exact p-values on tiny
 * arrays, worked out by hand in the comments, then the two properties the rule is chosen for, on
 * synthetic log-normal noise drawn here: a false-positive rate within alpha with no real difference,
 * and the power to see a real 1.25× difference. The old rule (three runs all on one side of 1) is run
 * on the same noise to show the false-positive check can fail.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { minPairsFor, NOISE_ALPHA, pairedRatioTest, twoSampleTest } from '../src/harness/permutation-test.ts';
import { departsBeyondNoise } from '../src/harness/noise.ts';

const e = Math.exp;

test('paired: ln ratios 1, 2, 3 — of the 8 sign patterns only +1+2+3 and −1−2−3 reach |6|, p = 2/8; three pairs can never decide', () => {
  const t = pairedRatioTest([e(1), e(2), e(3)]);
  assert.equal(t.pValue, 0.25);
  assert.equal(t.minPValue, 0.25);
  assert.equal(t.differs, null);
  assert.ok(Math.abs(t.ratio - e(2)) < 1e-12, 'geometric mean of e, e², e³ is e²');
});

test('paired: six equal ratios — only all-plus and all-minus reach the sum, p = 2/64 ≤ 0.05; alternating ratios sum to 0, p = 1', () => {
  const same = pairedRatioTest(Array(6).fill(e(0.1)));
  assert.equal(same.pValue, 2 / 64);
  assert.equal(same.differs, true);
  const balanced = pairedRatioTest([e(1), e(-1), e(1), e(-1), e(1), e(-1)]);
  assert.equal(balanced.pValue, 1);
  assert.equal(balanced.differs, false);
  assert.equal(minPairsFor(0.05), 6, '2/32 = 0.0625 > 0.05, 2/64 ≤ 0.05');
});

test('paired, sampled above 16 pairs: twenty equal ratios give a p-value near the exact 2/2^20, never 0', () => {
  const t = pairedRatioTest(Array(20).fill(e(0.1)));
  assert.ok(t.pValue > 0 && t.pValue < 0.001, `p = ${t.pValue}`);
  assert.equal(t.differs, true);
});

test('two samples: {1,2} against {3,4} (logs) — of the 6 splits, {3,4} and {1,2} reach a mean gap of |2|, p = 2/6', () => {
  const t = twoSampleTest([e(1), e(2)], [e(3), e(4)]);
  assert.ok(Math.abs(t.pValue - 1 / 3) < 1e-12);
  assert.equal(t.differs, null, 'the smallest p of 2 + 2 runs is 1/3');
  assert.ok(Math.abs(t.ratio - e(2)) < 1e-12);
  const four = twoSampleTest([1, 1.1, 1.2, 1.3].map(e), [2, 2.1, 2.2, 2.3].map(e));
  assert.ok(Math.abs(four.pValue - 2 / 70) < 1e-12, '4 + 4 runs: 70 splits, 2 as extreme');
  assert.equal(four.differs, true);
  assert.equal(twoSampleTest([1, 2, 3], [1, 2, 3]).pValue, 1);
});

test('bad input is refused with the index and the fix', () => {
  assert.throws(() => pairedRatioTest([]), /at least one run/);
  assert.throws(() => pairedRatioTest([1, 0, 2]), /ratios\[1\] is 0: a noise test needs positive finite figures/);
  assert.throws(() => twoSampleTest([1], [Number.NaN]), /y\[0\] is NaN/);
});

/** Standard normal draws (Box–Muller) from a seeded xorshift, independent of the bench's PRNG. */
function normals(seed: number): () => number {
  let s = seed >>> 0 || 1;
  const u = () => {
    s ^= s << 13; s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5; s >>>= 0;
    return (s + 0.5) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u());
}

/** Share of `trials` comparisons of `pairs` log-normal ratios (spread `sd`, true ratio `ratio`) that `decide` calls a difference. */
function rate(decide: (ratios: number[]) => boolean | null, pairs: number, ratio: number, sd: number, trials: number, seed: number): number {
  const z = normals(seed);
  let called = 0;
  for (let t = 0; t < trials; t++) {
    const ratios = Array.from({ length: pairs }, () => ratio * Math.exp(sd * z()));
    if (decide(ratios) === true) called++;
  }
  return called / trials;
}

test(`with no real difference the rule calls one in at most ${NOISE_ALPHA * 100}% of comparisons (8 pairs, 10% noise, 2,000 trials); the old three-run rule calls one in about 25%`, () => {
  const fpr = rate((r) => pairedRatioTest(r).differs, 8, 1, 0.1, 2000, 7);
  // Exact test: its size is ≤ alpha; 0.06 leaves two standard errors of 2,000 trials.
  assert.ok(fpr <= 0.06, `false-positive rate ${fpr}`);
  const old = rate((r) => departsBeyondNoise(r, 1), 3, 1, 0.1, 2000, 7);
  assert.ok(old > 0.2, `the old rule's false-positive rate ${old} (2 of 8 sign patterns: 25%)`);
});

test('a real 1.25× difference is called in at least 90% of comparisons (8 pairs, or 6 + 6 unpaired runs, 10% noise, 2,000 trials)', () => {
  const power = rate((r) => pairedRatioTest(r).differs, 8, 1.25, 0.1, 2000, 11);
  assert.ok(power >= 0.9, `power ${power}`);
  const twoSample = (() => {
    const z = normals(13);
    let called = 0;
    for (let t = 0; t < 2000; t++) {
      const x = Array.from({ length: 6 }, () => Math.exp(0.1 * z()));
      const y = Array.from({ length: 6 }, () => 1.25 * Math.exp(0.1 * z()));
      if (twoSampleTest(x, y).differs === true) called++;
    }
    return called / 2000;
  })();
  assert.ok(twoSample >= 0.9, `two-sample power with 6 + 6 runs ${twoSample}`);
});
