/**
 * The article's pointer to the run history and the Node matrix (issue 19, expert): with one run and no
 * matrix it said "the archived runs and the Node version matrix set its figures beside earlier runs and
 * other Node releases", which the linked page did not show. The words now follow what exists.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { historyLead } from '../../src/prose/provenance.ts';
import { ROOT } from '../support/site-build.ts';

describe('historyLead', () => {
  test('one run, no matrix: says so, promises neither', () => {
    const s = historyLead({ otherRuns: 0, matrix: false });
    assert.equal(s, 'it is the only archived run so far, and no Node version matrix has been run on this machine yet');
    assert.doesNotMatch(s, /earlier runs|other Node releases/);
  });
  test('each outcome of runs (zero, one, many) × matrix (found or not)', () => {
    assert.equal(historyLead({ otherRuns: 1, matrix: false }), 'the archive sets its figures beside one other run; no Node version matrix has been run on this machine yet');
    assert.equal(historyLead({ otherRuns: 3, matrix: true }), 'the archive sets its figures beside 3 other runs, and the Node version matrix beside other Node releases');
    assert.equal(historyLead({ otherRuns: 0, matrix: true }), 'it is the only archived run so far, and the Node version matrix sets its figures beside other Node releases');
    assert.throws(() => historyLead({ otherRuns: -1, matrix: false }), RangeError);
  });
  test('the article uses it instead of the fixed promise', () => {
    const mdx = readFileSync(path.join(ROOT, 'content', 'split-on-evidence.mdx'), 'utf8');
    assert.doesNotMatch(mdx, /the archived runs and the Node version matrix set its figures beside earlier runs/);
    assert.match(mdx, /measured <Fig name="B\.p50Us" \/> for one kept-alive hop at the median; <HistoryLead \/>\./);
  });
  test('the run-history page promises neither other runs nor a matrix it may not have', () => {
    const mdx = readFileSync(path.join(ROOT, 'content', 'node-versions-and-run-history.mdx'), 'utf8');
    assert.doesNotMatch(mdx, /description: 'Every full run archived on the machine that builds this page, and the reference suite under each Node version/);
    assert.match(mdx, /once it has been run there, the reference suite under each Node version/);
    assert.match(mdx, /so once there are several, a maintainer can see/);
  });
});
