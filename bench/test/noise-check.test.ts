/**
 * The noise rule's check (harness/noise-check.ts): the two rules judged on tiny stored trials whose
 * verdicts are worked out by hand, the exact binomial bound against its closed forms, and the warnings.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { binomialLowerBound, binomialUpperBound, judgeNoiseCheck, noiseCheckWarnings } from '../src/harness/noise-check.ts';
import type { NoiseCheck } from '../src/harness/noise-check-schema.ts';

const config = { trials: 2, rounds: 8, warmupCalls: 0, callsPerArm: 1, injectedRatio: 1.25, overlapRuns: 3 };
// Arm 1 at 100 µs in every round, arm 2 at 100 µs × the round's ratio.
const rounds = (ratios: number[]): [number, number][] => ratios.map((r) => [100, 100 * r]);
const check = (aa: number[][], injected: number[][]): NoiseCheck => ({ subject: 'test', config: { ...config, trials: aa.length }, calibrationP50Us: 60, delayUs: 15, aa: aa.map(rounds), injected: injected.map(rounds) });

// All 8 ratios above 1: of 256 sign patterns only all-plus and all-minus reach the sum, p = 2/256.
const allUp = [1.1, 1.2, 1.1, 1.3, 1.2, 1.1, 1.2, 1.1];
// First three above 1, the last five below by more: the overlap rule (first 3 all above 1) calls a
// difference; the permutation test does not (the logs sum to about −0.27, far from the extremes).
const upThenDown = [1.1, 1.1, 1.1, 0.9, 0.9, 0.9, 0.9, 0.9];
// Alternating: neither rule (the first three straddle 1; the logs sum to 0).
const alternating = [1.1, 1 / 1.1, 1.1, 1 / 1.1, 1.1, 1 / 1.1, 1.1, 1 / 1.1];
// All below 1: a difference, but the wrong way for a slowed arm 2.
const allDown = allUp.map((r) => 1 / r);

test('judging: false positives are A/A differences; detections are injected differences that point up', () => {
  const v = judgeNoiseCheck(check([allUp, upThenDown, alternating, alternating], [allUp, allDown, upThenDown, alternating]));
  assert.deepEqual(
    { fp: v.permutation.falsePositives, det: v.permutation.detections, trials: v.permutation.trials },
    { fp: 1, det: 1, trials: 4 },
  );
  // The overlap rules read the first three rounds only: allUp and upThenDown are all above 1 there.
  assert.deepEqual({ fp: v.pairedOverlap.falsePositives, det: v.pairedOverlap.detections }, { fp: 2, det: 2 });
  assert.deepEqual({ fp: v.unpairedOverlap.falsePositives, det: v.unpairedOverlap.detections }, { fp: 2, det: 2 });
  assert.equal(v.permutation.falsePositivePercent, 25);
  assert.equal(v.pairedOverlap.powerPercent, 50);
});

test('judging: a machine that drifts between rounds moves both arms; pairing sees through it, two sets of runs do not', () => {
  // Arm 1 at 100, 200, 300 µs, arm 2 always 1.1× its round's arm 1: ratios 1.1, 1.1, 1.1, yet the arms' ranges (100–300, 110–330) overlap.
  const drift: NoiseCheck = { ...check([alternating], [alternating]), injected: [[[100, 110], [200, 220], [300, 330], [100, 110], [200, 220], [300, 330], [100, 110], [200, 220]]] };
  const v = judgeNoiseCheck(drift);
  assert.equal(v.pairedOverlap.detections, 1);
  assert.equal(v.permutation.detections, 1);
  assert.equal(v.unpairedOverlap.detections, 0);
});

test('judging: a trial shorter than overlapRuns is refused', () => {
  assert.throws(() => judgeNoiseCheck(check([[1.1, 1.2]], [[1.1, 1.2]])), /fewer than overlapRuns \(3\)/);
});

test('binomial upper bound: closed forms for 0 of n (1 − 0.05^(1/n)) and n − 1 of n, 1 for n of n', () => {
  assert.ok(Math.abs(binomialUpperBound(0, 40, 0.95) - (1 - 0.05 ** (1 / 40))) < 1e-8);
  assert.ok(Math.abs(binomialUpperBound(0, 1, 0.95) - 0.95) < 1e-8);
  // P(X ≤ 1 | n = 2) = 1 − p² = 0.05 at p = √0.95.
  assert.ok(Math.abs(binomialUpperBound(1, 2, 0.95) - Math.sqrt(0.95)) < 1e-8);
  assert.equal(binomialUpperBound(3, 3, 0.95), 1);
  // Lower: P(X ≥ n | n, p) = p^n = 0.05 at p = 0.05^(1/n); P(X ≥ 1) = 1 − (1 − p)^n = 0.05 at p = 1 − 0.95^(1/n).
  assert.ok(Math.abs(binomialLowerBound(40, 40, 0.95) - 0.05 ** (1 / 40)) < 1e-8);
  assert.ok(Math.abs(binomialLowerBound(1, 40, 0.95) - (1 - 0.95 ** (1 / 40))) < 1e-8);
  assert.equal(binomialLowerBound(0, 40, 0.95), 0);
  assert.throws(() => binomialUpperBound(4, 3, 0.95), RangeError);
});

test('warnings: above the significance level, and below the power asked; none when both hold', () => {
  const quiet = Array.from({ length: 20 }, () => alternating);
  const found = Array.from({ length: 20 }, () => allUp);
  assert.deepEqual(noiseCheckWarnings(check(quiet, found)), []);
  // 2 of 20 A/A trials differ: 10%, but a 5% rule gives 2 or more of 20 in a quarter of checks (lower bound 1.8%): no warning.
  assert.deepEqual(noiseCheckWarnings(check([allUp, allUp, ...quiet.slice(2)], found)), []);
  // 6 of 20: 30%, at least 14% at 95% confidence: above 5% by more than chance explains.
  const [fp] = noiseCheckWarnings(check([allUp, allUp, allUp, allUp, allUp, allUp, ...quiet.slice(6)], found));
  assert.match(fp!, /called a difference in 6 of 20 A\/A trials \(30\.0%, at least 1\d\.\d% at 95% confidence, above 5%\)/);
  // 17 of 20 found: 85%, below 90%.
  const [weak] = noiseCheckWarnings(check(quiet, [...found.slice(3), alternating, alternating, alternating]));
  assert.match(weak!, /found the injected 1\.25× slowdown in only 17 of 20 trials \(85%, below 90%\)/);
});
