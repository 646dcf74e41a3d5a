/**
 * The one ensure stage and the one results loader over the bench's suites (src/pipeline/ensure-results.ts,
 * src/inputs/results-source.ts, src/inputs/site-suites.ts): every bench suite has a site side, each
 * suite's file is found where its environment variable or its default says, a missing file names the
 * fix in the suite's words, and a suite's re-run reason (a case not measured that can run now) runs it.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { beyondSuite, SUITES } from '@split-on-evidence/hop-bench/suites';
import { loadSuiteResults, ResultsFileError, suiteResultsPath } from '../../src/inputs/results-source.ts';
import { BEYOND_SITE, REFERENCE_SITE, siteSuite } from '../../src/inputs/site-suites.ts';
import { decideResults } from '../../src/pipeline/ensure-results.ts';
import { BEYOND_FIXTURE, FIXTURE } from '../support/site-build.ts';

describe('the site side of the bench suites', () => {
  test('every suite the bench defines has one; an unknown suite names the file to extend', () => {
    assert.deepEqual(SUITES.map((s) => siteSuite(s.id).suite.id), ['reference', 'beyond']);
    assert.throws(() => siteSuite('third'), /suite "third" the site does not know\. Fix: add its entry to SITE_SUITES in src\/inputs\/site-suites\.ts/);
  });

  test("each suite's file: its environment variable's, else its default under the root", () => {
    assert.deepEqual(suiteResultsPath(REFERENCE_SITE, '/p', {}), { file: '/p/bench/results/latest.json', explicit: false });
    assert.deepEqual(suiteResultsPath(BEYOND_SITE, '/p', {}), { file: '/p/bench/results/beyond-latest.json', explicit: false });
    assert.deepEqual(suiteResultsPath(BEYOND_SITE, '/p', { HOP_BEYOND_RESULTS: ' /elsewhere/b.json ' }), { file: '/elsewhere/b.json', explicit: true });
    assert.deepEqual(suiteResultsPath(REFERENCE_SITE, '/p', { HOP_BEYOND_RESULTS: '/elsewhere/b.json' }).explicit, false);
  });

  test('a missing file names the file and the fix, in each suite\'s words', () => {
    assert.throws(
      () => loadSuiteResults(REFERENCE_SITE, '/nowhere/latest.json'),
      (error: Error) =>
        error instanceof ResultsFileError &&
        error.message ===
          '/nowhere/latest.json: no such file.\nFix: run "npm run build" (it runs the bench when results are missing), or point HOP_BENCH_RESULTS at a results file.',
    );
    assert.throws(
      () => loadSuiteResults(BEYOND_SITE, '/nowhere/beyond.json'),
      (error: Error) =>
        error.message ===
        '/nowhere/beyond.json: no such file.\nFix: run "npm run build" (it runs the beyond suite when its results are missing), or point HOP_BEYOND_RESULTS at a beyond results file.',
    );
  });

  test("a file of the other suite is named as such, with the swap as the fix, not a list of schema errors", () => {
    assert.throws(
      () => loadSuiteResults(BEYOND_SITE, FIXTURE),
      (error: Error) =>
        error instanceof ResultsFileError &&
        error.message ===
          `${FIXTURE}: this is a reference suite results file, but HOP_BEYOND_RESULTS names the beyond suite's results.\n` +
            'Fix: point HOP_BENCH_RESULTS at it, and HOP_BEYOND_RESULTS at a beyond suite results file (were the two swapped?).',
    );
    assert.throws(() => loadSuiteResults(REFERENCE_SITE, BEYOND_FIXTURE), /this is a beyond suite results file, but HOP_BENCH_RESULTS names the reference suite's results\.\nFix: point HOP_BEYOND_RESULTS at it/);
  });
});

describe('the ensure stage decides per suite', () => {
  const text = readFileSync(BEYOND_FIXTURE, 'utf8');
  const loaded = { file: BEYOND_FIXTURE, text, results: beyondSuite.parseResultsText(text, BEYOND_FIXTURE) };
  // Current inputs equal to the file's own: nothing is stale, so only the re-run reason can decide.
  const current = beyondSuite.cacheInputsOf(loaded.results);
  const state = { file: path.join('/r', 'beyond-latest.json'), explicit: false, fresh: false, freshReason: '', exists: true, loaded, current };

  test('a re-run reason runs the suite, saying why; none reuses the results', () => {
    const reason = 'case H was not measured (needs root) but can run on this machine now';
    assert.deepEqual(decideResults(BEYOND_SITE, { ...state, rerun: [reason] }), { action: 'run', reason });
    assert.deepEqual(decideResults(BEYOND_SITE, { ...state, rerun: [] }), {
      action: 'reuse',
      reason: `reused beyond results from ${JSON.parse(text).environment.startedAt} (beyond source, lockfile, Node version, CPU, cores and configuration unchanged)`,
      notes: [],
    });
  });

  test('a file named by the environment is used as it is, re-run reasons or not', () => {
    const d = decideResults(BEYOND_SITE, { ...state, explicit: true, rerun: ['case H can run now'] });
    assert.equal(d.action, 'reuse');
  });
});
