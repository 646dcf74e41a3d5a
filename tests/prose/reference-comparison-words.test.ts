// The words of the table of this build against the reference run: a caption for every run count on each
// side, and a ratio cell for several runs and for one. Expectations are written out by hand.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { pairedRatioCell, referenceComparisonCaption } from '../../src/prose/reference-comparison-words.ts';

const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
const label = 'Apple M1 Max, Node v24.20.0, 2026-10-19';
const HEAD = `This build against the reference run (${label}): median p50 in µs, and each case’s p50 divided by case B’s p50 in the same run, on each machine.`;

describe('the reference comparison caption', () => {
  test('both sides with the same several runs: one sentence for both, no ratio of medians', () => {
    assert.equal(
      referenceComparisonCaption({ baseline: label, currentRuns: 3, baselineRuns: 3 }),
      `${HEAD} Each ratio is the median of 3 runs’ ratios, with the lowest and highest run’s in brackets; the reference’s come from the p50 its report prints for each run.`,
    );
  });

  test('sides with different run counts say each', () => {
    assert.equal(
      referenceComparisonCaption({ baseline: label, currentRuns: 5, baselineRuns: 3 }),
      `${HEAD} This build’s ratio is the median of its 5 runs’ ratios, with the lowest and highest run’s in brackets; the reference’s is the median of its 3 runs’ ratios, with the lowest and highest run’s in brackets, from the p50 its report prints for each run.`,
    );
  });

  test('one run on a side gives that run’s ratio, with no range', () => {
    assert.equal(
      referenceComparisonCaption({ baseline: label, currentRuns: 1, baselineRuns: 3 }),
      `${HEAD} This build’s ratio is its one run’s ratio; the reference’s is the median of its 3 runs’ ratios, with the lowest and highest run’s in brackets, from the p50 its report prints for each run.`,
    );
    assert.equal(
      referenceComparisonCaption({ baseline: label, currentRuns: 1, baselineRuns: 1 }),
      `${HEAD} This build’s ratio is its one run’s ratio; the reference’s is its one run’s ratio, from the p50 its report prints for each run.`,
    );
  });

  test('a side without case B has no ratio', () => {
    assert.equal(
      referenceComparisonCaption({ baseline: label, currentRuns: 3, baselineRuns: 0 }),
      `${HEAD} This build’s ratio is the median of its 3 runs’ ratios, with the lowest and highest run’s in brackets; the reference’s is missing, as its report has no run of case B.`,
    );
  });
});

describe('a paired ratio cell', () => {
  test('several runs: the median, then the lowest and highest run’s', () => {
    // The reference's C ÷ B: 156.1/71.6, 165.9/76.4, 154.4/71.7.
    assert.equal(plain(pairedRatioCell({ median: 2.1715, min: 2.1534, max: 2.1802, runs: 3 })), '2.17× (2.15–2.18×)');
  });

  test('one run: its ratio alone', () => {
    assert.equal(plain(pairedRatioCell({ median: 1.3607, min: 1.3607, max: 1.3607, runs: 1 })), '1.36×');
  });
});
