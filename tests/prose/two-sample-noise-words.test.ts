// The notes of the reference comparison and the Node matrix on their noise marks: every form, written out by hand.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { matrixNoiseNote, referenceComparisonNoiseNote } from '../../src/prose/two-sample-noise-words.ts';

test('reference comparison, 3 runs a side: nothing can be marked, and the note says why', () => {
  assert.equal(
    referenceComparisonNoiseNote({ currentRuns: 3, baselineRuns: 3, tests: [{ differs: null, minPValue: 0.1 }, { differs: null, minPValue: 0.1 }] }),
    'No ratio of ratios is marked: 3 runs here against 3 on the reference are too few for the page’s noise test (a permutation test on the two machines’ per-run ratios) to call a difference at the 5% level, since the smallest p-value they allow is 0.10. The brackets give each machine’s lowest and highest run.',
  );
});

test('reference comparison, enough runs: what * marks, or that nothing is marked', () => {
  assert.equal(
    referenceComparisonNoiseNote({ currentRuns: 5, baselineRuns: 5, tests: [{ differs: true, minPValue: 0.008 }, { differs: false, minPValue: 0.008 }] }),
    '* marks a ratio of ratios that the page’s noise test (a permutation test on the two machines’ per-run ratios) calls different at the 5% level.',
  );
  assert.equal(
    referenceComparisonNoiseNote({ currentRuns: 5, baselineRuns: 5, tests: [{ differs: false, minPValue: 0.008 }] }),
    'The page’s noise test (a permutation test on the two machines’ per-run ratios) calls no ratio of ratios different at the 5% level.',
  );
});

test('Node matrix: too few runs (one, or three), and enough runs with and without a mark', () => {
  assert.equal(
    matrixNoiseNote({ runs: 3, baselineVersion: '24.22.3', anyMarked: false, minRunsForVerdict: 4 }),
    'With 3 runs per version the page’s noise test (a permutation test on two versions’ runs) cannot call a difference at the 5% level, so no figure is marked; it needs 4 runs per version (npm run bench:matrix -- --runs 4).',
  );
  assert.match(matrixNoiseNote({ runs: 1, baselineVersion: '24.22.3', anyMarked: false, minRunsForVerdict: 4 }), /^With one run per version /);
  assert.equal(
    matrixNoiseNote({ runs: 5, baselineVersion: '24.22.3', anyMarked: true, minRunsForVerdict: 4 }),
    'A mark (†) says the page’s noise test (a permutation test on the two versions’ runs) calls a figure different from Node 24.22.3’s at the 5% level.',
  );
  assert.equal(
    matrixNoiseNote({ runs: 5, baselineVersion: '24.22.3', anyMarked: false, minRunsForVerdict: 4 }),
    'A mark (†) says the page’s noise test (a permutation test on the two versions’ runs) calls a figure different from Node 24.22.3’s at the 5% level. No figure is marked.',
  );
});
