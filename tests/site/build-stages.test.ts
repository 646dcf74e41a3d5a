/**
 * The build's decisions and checks without running Astro or the bench: when to run the bench or reuse
 * results (and what it says), and what the post-build HTML check rejects.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { referenceSuite } from '@split-on-evidence/hop-bench/suites';
import { parseResultsText, type Results } from '@split-on-evidence/hop-bench/schema';
import { findHtmlProblems } from '../../src/pipeline/check-html.ts';
import { decideResults as decide, type ResultsDecision, type ResultsState } from '../../src/pipeline/ensure-results.ts';
import { parseBuildOptions } from '../../src/pipeline/options.ts';
import { ResultsFileError, type LoadedResults } from '../../src/inputs/results-source.ts';
import { REFERENCE_SITE } from '../../src/inputs/site-suites.ts';
import { FIXTURE } from '../support/site-build.ts';

const text = readFileSync(FIXTURE, 'utf8');
const loaded: LoadedResults = { file: FIXTURE, text, results: parseResultsText(text, FIXTURE) };
const current = referenceSuite.cacheInputsOf(loaded.results);
/** The ensure stage's decision about the reference suite's results file. */
const decideResults = (s: ResultsState<Results>): ResultsDecision => decide(REFERENCE_SITE, s);

function state(over: Partial<ResultsState<Results>>): ResultsState<Results> {
  return { file: '/r/latest.json', explicit: false, fresh: false, freshReason: '', exists: true, loaded, current, rerun: [], ...over };
}

describe('run the bench or reuse results', () => {
  test('unchanged inputs: reuse, saying from when', () => {
    const d = decideResults(state({}));
    assert.equal(d.action, 'reuse');
    assert.match((d as { reason: string }).reason, /^reused results from 2026-11-30T06:46:55\.838Z \(/);
  });

  test('no results yet: run', () => {
    assert.deepEqual(decideResults(state({ exists: false, loaded: undefined })), { action: 'run', reason: 'no results yet' });
  });

  test('--fresh or HOP_BENCH_FRESH: run even when current', () => {
    assert.deepEqual(decideResults(state({ fresh: true, freshReason: '--fresh' })), { action: 'run', reason: 'asked for fresh results (--fresh)' });
  });

  test('changed bench source, Node version, CPU or configuration: run, naming the change', () => {
    const cases: [Partial<typeof current>, RegExp][] = [
      [{ sourceSha256: 'f'.repeat(64) }, /the bench source changed/],
      [{ nodeVersion: 'v24.21.0' }, /the Node version changed \(v24\.20\.0 → v24\.21\.0\)/],
      [{ cores: 8 }, /the core count changed/],
      [{ config: { ...current.config, runs: 5 } }, /the bench configuration changed/],
    ];
    for (const [change, reason] of cases) {
      const d = decideResults(state({ current: { ...current, ...change } }));
      assert.equal(d.action, 'run');
      assert.match((d as { reason: string }).reason, /^the results from 2026-11-30T06:46:55\.838Z are stale: /);
      assert.match((d as { reason: string }).reason, reason);
    }
  });

  test('HOP_BENCH_RESULTS: never runs the bench unasked; stale inputs become notes', () => {
    const d = decideResults(state({ explicit: true, current: { ...current, nodeVersion: 'v25.0.0' } }));
    assert.equal(d.action, 'reuse');
    assert.match((d as { notes: string[] }).notes.join('\n'), /note: the Node version changed/);
    const missing = decideResults(state({ explicit: true, exists: false, loaded: undefined }));
    assert.equal(missing.action, 'fail');
    assert.match((missing as { message: string }).message, /no such file \(named by HOP_BENCH_RESULTS\)/);
  });

  test('an invalid default file: rerun when an older bench wrote it, otherwise fail with its message', () => {
    const invalid = new ResultsFileError('/r/latest.json', '/r/latest.json is not a valid hop-bench results file: …');
    const older = decideResults(state({ loaded: undefined, invalid, rawSourceSha256: '0'.repeat(64) }));
    assert.equal(older.action, 'run');
    const same = decideResults(state({ loaded: undefined, invalid, rawSourceSha256: current.sourceSha256 }));
    assert.deepEqual(same, { action: 'fail', message: invalid.message });
    const explicit = decideResults(state({ explicit: true, loaded: undefined, invalid, rawSourceSha256: '0'.repeat(64) }));
    assert.equal(explicit.action, 'fail');
  });
});

describe('options', () => {
  test('--fresh, HOP_BENCH_FRESH, --out-dir', () => {
    assert.equal(parseBuildOptions([], {}, '/p').outDir, '/p/dist');
    assert.deepEqual(
      [parseBuildOptions(['--fresh'], {}, '/p').freshReason, parseBuildOptions([], { HOP_BENCH_FRESH: '1' }, '/p').freshReason],
      ['--fresh', 'HOP_BENCH_FRESH=1'],
    );
    assert.equal(parseBuildOptions([], { HOP_BENCH_FRESH: '0' }, '/p').fresh, false);
    assert.equal(parseBuildOptions(['--out-dir', '/tmp/x'], {}, '/p').outDir, '/tmp/x');
    assert.throws(() => parseBuildOptions(['--nope'], {}, '/p'), /Usage: npm run build/);
  });
});

describe('post-build HTML check', () => {
  const good = `<html><body><h2 id="a">A</h2><a href="#a">to A</a>
    <span class="fig" data-fact="B.p50Us" data-value="230.3">230 µs</span>
    <span class="claim" data-claim="x">ok</span>
    <table class="figures" id="latency-table"><tr><td>1</td></tr></table><table class="figures" id="failure-table"><tr><td>2</td></tr></table>
    <pre id="bench-output"><code>value: null</code></pre></body></html>`;

  test('a good page passes; code may say null', () => {
    assert.deepEqual(findHtmlProblems(good, 1), []);
  });

  test('NaN, undefined, null in text or attributes; empty cells and figures; lost claims; dead anchors', () => {
    const problems = (html: string, claims = 1) => findHtmlProblems(html, claims).join('\n');
    assert.match(problems(good.replace('to A', 'to NaN')), /page text contains "NaN"/);
    assert.match(problems(good.replace('>ok<', '>undefined<')), /contains "undefined"/);
    assert.match(problems(good.replace('data-value="230.3"', 'data-value="null"')), /contains "null"/);
    assert.match(problems(good.replace('<td>1</td>', '<td> </td>')), /table #latency-table: cell 1 is empty/);
    assert.match(problems(good.replace('>230 µs<', '><')), /figure B\.p50Us is empty/);
    assert.match(problems(good, 2), /1 claims were rendered but the article source has 2/);
    assert.match(problems(good.replace('href="#a"', 'href="#b"')), /link to #b has no target/);
    assert.match(problems(good.replace('id="failure-table"', 'id="x"')), /no #failure-table/);
  });
});
