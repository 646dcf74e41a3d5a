/**
 * A fresh connection (C) against a reused one (B), paired run by run (issue 19, expert read of the real
 * run of 2026-12-02): the medians over runs gave 1.03× ("about as much as") while C was slower than B in
 * every run. The words must come from each run's C p50 ÷ the same run's B p50, read by the one noise
 * rule, with the per-run range. Expected ratios are computed here from the results file.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { parseResultsText, type LatencyCaseResult, type Results } from '@split-on-evidence/hop-bench/schema';
import { beyondSuite } from '@split-on-evidence/hop-bench/suites';
import { articleWords, describedUnmeasured, readArticle } from '../../src/claims/article.ts';
import { recordingReader } from '../../src/claims/named.ts';
import { ratioPhrase } from '../../src/prose/ratio-words.ts';
import { composeViews } from '../../src/facts/run-views.ts';
import { readReferenceText } from '../../src/inputs/reference-run.ts';
import { loadPriceHistory } from '../../src/prices/price-history.ts';
import { pricesPath } from '../../src/prices/prices.ts';
import { FORMS } from '../../src/prose/forms.ts';
import { WORDS } from '../../src/prose/words.ts';
import { ROOT } from '../support/site-build.ts';

const DIR = path.join(ROOT, 'tests', 'fixtures', 'machines', '2026-12-02-both-suites');
const results = parseResultsText(readFileSync(path.join(DIR, 'results.json'), 'utf8'), 'results.json');
const beyondFile = path.join(DIR, 'beyond-results.json');
const beyond = beyondSuite.parseResultsText(readFileSync(beyondFile, 'utf8'), beyondFile);
const now = new Date();
const prices = loadPriceHistory(pricesPath(ROOT, {}), now, { warn: () => {} }).current;
const { facts } = composeViews({ results, referenceText: readReferenceText(ROOT), prices, now, beyond });
const latency = (r: Results, id: string) => r.cases.find((c) => c.id === id) as LatencyCaseResult;

describe('C against B, paired run by run', () => {
  const b = latency(results, 'B');
  const perRun = latency(results, 'C').runs.map((c) => c.p50Us / b.runs.find((r) => r.run === c.run)!.p50Us);

  test('the real run: C above B in every run, although the medians over runs are close', () => {
    assert.ok(perRun.every((r) => r > 1), perRun.join(' '));
    assert.ok(Math.abs(facts['ratio.CoverB.p50']! - 1) < 0.05, 'the medians over runs nearly coincide');
    // The median of the runs' ratios, as its interval's neighbours are (sorted by hand: the middle one of 3).
    assert.equal(perRun.length, 3);
    assert.equal(facts['ratio.CoverB.pairedP50'], [...perRun].sort((x, y) => x - y)[1]);
    assert.equal(facts['ratio.CoverB.pairedP50.low'], Math.min(...perRun));
    assert.equal(facts['ratio.CoverB.pairedP50.high'], Math.max(...perRun));
    assert.equal(facts['ratio.CoverB.pairedP50.noise'], 1, 'every run above 1: a measurable difference');
  });

  test('the headline reads the paired figure, and the sentence after it says slower', () => {
    const word = WORDS.newConnectionCost(recordingReader(facts).read);
    assert.doesNotMatch(word, /as much as/);
    // Run ratios 1.543, 1.029, 1.564: the median 1.543 reads "54% more" (the mean, 1.38, would read 38%).
    assert.equal(word, 'A fresh connection per call costs 54% more than a reused one');
    assert.equal(FORMS.newConnection.pick(recordingReader(facts).read), 'slower');
  });

  test('runs that overlap 1 say no measurable difference', () => {
    const f = { ...facts, 'ratio.CoverB.pairedP50': 1.02, 'ratio.CoverB.pairedP50.low': 0.97, 'ratio.CoverB.pairedP50.high': 1.1, 'ratio.CoverB.pairedP50.noise': 0 };
    assert.equal(WORDS.newConnectionCost(recordingReader(f).read), 'A fresh connection per call costs 2% more than a reused one, but the runs overlap, so they cannot tell the two apart');
    assert.equal(FORMS.newConnection.pick(recordingReader(f).read), 'same');
  });

  test('the article uses the paired word and range, not the ratio of medians, for the headline', () => {
    const unmeasured = describedUnmeasured(ROOT, beyond);
    const words = articleWords(readArticle(ROOT, unmeasured), facts).map((w) => w.use.name);
    assert.ok(words.includes('newConnectionCost'));
    const mdx = readFileSync(path.join(ROOT, 'content', 'split-on-evidence.mdx'), 'utf8');
    assert.doesNotMatch(mdx, /<RatioWord name="ratio\.CoverB\.p50"/);
    assert.match(mdx, /<Ratio name="ratio\.CoverB\.pairedP50\.low"[^>]*\/> to <Ratio name="ratio\.CoverB\.pairedP50\.high"/);
  });
});

describe('the index on TLS: the ratio words of the TLS page, not a figure to two decimals', () => {
  // The expert's page (G per run 4.88×, 7.62×, 5.44×) printed "5.44×": false precision for so spread a ratio.
  test('a handshake per call reads in the ratio bands ("about N times as much as"), as on the TLS page', () => {
    const mdx = readFileSync(path.join(ROOT, 'content', 'split-on-evidence.mdx'), 'utf8');
    const g = mdx.slice(mdx.indexOf('<BeyondCase id="G">'), mdx.indexOf('</BeyondCase>', mdx.indexOf('<BeyondCase id="G">')));
    assert.match(g, /cost <RatioWord name="G\.ratio\.G2overG1\.p50" \/> a kept-alive HTTPS call/);
    assert.doesNotMatch(g, /<Ratio name="G\.ratio\.G2overG1\.p50"/);
    assert.match(ratioPhrase(facts['G.ratio.G2overG1.p50']!), /^about \w+ times as much as$/);
  });
});
