/**
 * The chain against the sum of its hops: through each run's means, paired run by run, with a word for
 * every outcome (above, close to, below, no measurable difference), and the ordering sentence true
 * whatever D ÷ B is. Results are the labelled fixture with D's figures changed; expected ratios are
 * computed here from the changed means, not by the code under test.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { parseResultsText, type LatencyCaseResult, type Results } from '@split-on-evidence/hop-bench/schema';
import { articleFiles } from '../../src/claims/article.ts';
import { evaluateClaims, extractClaims, formatClaimsReport } from '../../src/claims/claims.ts';
import { recordingReader } from '../../src/claims/named.ts';
import { standing } from '../../src/claims/standing.ts';
import { chainFacts } from '../../src/facts/chain-facts.ts';
import { composeFacts } from '../../src/facts/compose.ts';
import { composeViews } from '../../src/facts/run-views.ts';
import { REFERENCE_REPORT_PATH } from '../../src/facts/reference-facts.ts';
import { loadPriceHistory } from '../../src/prices/price-history.ts';
import { pricesPath } from '../../src/prices/prices.ts';
import { WORDS } from '../../src/prose/words.ts';
import { beyondSuite } from '@split-on-evidence/hop-bench/suites';
import { BEYOND_FIXTURE, FIXTURE, ROOT } from '../support/site-build.ts';

const base = parseResultsText(readFileSync(FIXTURE, 'utf8'), FIXTURE);
const referenceText = readFileSync(path.join(ROOT, REFERENCE_REPORT_PATH), 'utf8');
const now = new Date();
const prices = loadPriceHistory(pricesPath(ROOT, {}), now, { warn: () => {} }).current;
const beyond = beyondSuite.parseResultsText(readFileSync(BEYOND_FIXTURE, 'utf8'), BEYOND_FIXTURE);
const latency = (r: Results, id: string) => r.cases.find((c) => c.id === id) as LatencyCaseResult;

/** The fixture with D's run means set to ratios[k] × hops × B's run-k mean, and D's p50s to dOverB × B's. */
function withChain(ratios: readonly number[], dOverB?: number): Results {
  const r = structuredClone(base);
  const b = latency(r, 'B');
  const d = latency(r, 'D');
  d.runs.forEach((run, k) => {
    run.meanUs = ratios[k]! * d.hops * b.runs[k]!.meanUs;
    if (dOverB !== undefined) run.p50Us = dOverB * b.runs[k]!.p50Us;
  });
  if (dOverB !== undefined) d.median.p50Us = dOverB * b.median.p50Us;
  return r;
}

const word = (name: keyof typeof WORDS, results: Results) => WORDS[name](recordingReader(composeFacts({ results, referenceText, prices, now })).read);

describe('the chain against its hops, through means paired run by run', () => {
  test('facts: the mean of the per-run ratios and their min–max over three runs', () => {
    const facts = chainFacts(withChain([1.1, 1.3, 1.2]));
    assert.ok(Math.abs(facts['ratio.DoverHopsB.mean']! - 1.2) < 1e-12);
    assert.ok(Math.abs(facts['ratio.DoverHopsB.meanLow']! - 1.1) < 1e-12);
    assert.ok(Math.abs(facts['ratio.DoverHopsB.meanHigh']! - 1.3) < 1e-12);
    assert.equal(facts['ratio.DoverHopsB.runs'], 3);
  });

  test('the fixture: its own means, recomputed here', () => {
    const b = latency(base, 'B');
    const d = latency(base, 'D');
    const ratios = d.runs.map((r, k) => r.meanUs / (3 * b.runs[k]!.meanUs));
    assert.ok(Math.abs(chainFacts(base)['ratio.DoverHopsB.mean']! - ratios.reduce((a, x) => a + x, 0) / 3) < 1e-12);
  });

  test('the headline ratio divides figures of one run: each run\'s mean chained call over its own mean single hop', () => {
    // D's run means set to 3.3, 3.9 and 3.6 times B's of the same run; B's and D's medians come from whichever run is the median.
    const facts = chainFacts(withChain([1.1, 1.3, 1.2]));
    assert.ok(Math.abs(facts['ratio.DoverB.mean']! - 3.6) < 1e-12);
    assert.ok(Math.abs(facts['ratio.DoverB.meanLow']! - 3.3) < 1e-12);
    assert.ok(Math.abs(facts['ratio.DoverB.meanHigh']! - 3.9) < 1e-12);
    const b = latency(base, 'B');
    const d = latency(base, 'D');
    const own = d.runs.map((r, k) => r.meanUs / b.runs[k]!.meanUs);
    assert.ok(Math.abs(chainFacts(base)['ratio.DoverB.mean']! - own.reduce((a, x) => a + x, 0) / own.length) < 1e-12);
  });

  test('the sentence names what it divides, and the reference report, which prints no means, is said to print none', () => {
    const text = readFileSync(path.join(ROOT, 'content', 'split-on-evidence.mdx'), 'utf8');
    const bullet = text.split('\n').find((l) => l.startsWith('- **Three chained hops cost'))!;
    assert.match(bullet, /^- \*\*Three chained hops cost <Ratio name="ratio\.DoverB\.mean" digits=\{2\} \/> a single hop\*\*: in each run, the chain's mean call divided by the same run's mean single hop/);
    assert.doesNotMatch(bullet, /(?<!ref\.)ratio\.DoverB\.p50/, 'no ratio of medians from different runs as the headline');
    // The reference report shows percentiles and calls/s, never a mean.
    assert.doesNotMatch(referenceText, /\bmeans?\b|average/i);
    assert.match(referenceText, /p50\s+p95\s+p99/);
    assert.match(bullet, /The reference report prints no means/);
    assert.doesNotMatch(text, /prints medians only/);
  });

  const cases: [string, number[], string][] = [
    ['every run well above', [1.3, 1.31, 1.35], 'above'],
    ['runs on both sides of the sum', [0.97, 1.02, 1.01], 'not measurably different from'],
    ['every run a little above', [1.03, 1.05, 1.04], 'close to'],
    ['every run well below', [0.7, 0.75, 0.72], 'below'],
  ];
  for (const [what, ratios, expected] of cases) {
    test(`${what} (${ratios.join(', ')}) → "${expected}"`, () => {
      assert.equal(word('chainVsHopSum', withChain(ratios)), expected);
      assert.ok(word('relaysVerdict', withChain(ratios)).endsWith('.'));
    });
  }

  test('the noise rule: runs on both sides of 1 are the same whatever the mean; one run judges by the tolerance only', () => {
    assert.equal(standing({ value: 1.2, low: 0.99, high: 1.4, runs: 3 }, 1), 'same');
    assert.equal(standing({ value: 1.2, low: 1.2, high: 1.2, runs: 1 }, 1), 'above');
    assert.equal(standing({ value: 1.0, low: 1.0, high: 1.0, runs: 1 }, 1), 'near');
  });
});

describe('no sentence about D ÷ B fails a faithful run', () => {
  const claims = articleFiles(ROOT).flatMap((file) => extractClaims(readFileSync(file, 'utf8'), path.relative(ROOT, file)));
  for (const dOverB of [1.99, 3.43, 5.83]) {
    test(`D/B = ${dOverB} at the median and in every run: every claim holds`, () => {
      const { facts, runFacts } = composeViews({ results: withChain([1.1, 1.2, 1.15], dOverB), referenceText, prices, now, beyond });
      const results = evaluateClaims(claims, facts, runFacts);
      assert.deepEqual(results.filter((r) => r.state !== 'holds').map((r) => r.claim.name), [], formatClaimsReport(results));
    });
  }
});
