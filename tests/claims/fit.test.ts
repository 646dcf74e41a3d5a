/**
 * Fit, not only truth (issue 19): the check reports a misfit on fixtures made to contain one — a zero
 * count in a sentence written for a positive count, a loose bound, an overlapping comparison called a
 * difference — and stays quiet on the fitting form of each. The sentences are the ones the expert read
 * flagged; the figures are the ones that read them (3.00× beside "at least half as much again",
 * 4 against 400 beside "less than a quarter", C over veth 1.11× with overlapping runs).
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { evaluateClaims, extractClaims } from '../../src/claims/claims.ts';
import { comparison, NO_MEASURABLE_DIFFERENCE_PHRASE, noiseAwareRatioPhrase } from '../../src/prose/comparison.ts';
import { evaluateWords } from '../../src/claims/derived-words.ts';
import { boundMisfits, formatMisfits, noiseMisfits, zeroCountMisfits } from '../../src/claims/fit.ts';
import { formUses } from '../../src/claims/forms.ts';
import { byCount } from '../../src/claims/form-selector.ts';
import { readMdx } from '../../src/claims/mdx-reader.ts';
import type { FactRead } from '../../src/claims/named.ts';
import { NOISE, noiseVerdict } from '../../src/facts/noise-facts.ts';
import { checkArticle } from '../../src/pipeline/check-article.ts';

const rootWith = (mdx: string) => {
  const root = mkdtempSync(path.join(tmpdir(), 'soe-fit-'));
  mkdirSync(path.join(root, 'content'));
  writeFileSync(path.join(root, 'content', 'a.mdx'), mdx);
  return root;
};

describe('counts: a zero in a sentence written for a positive count', () => {
  const positive = 'Calls without a key wrote <Count name="I.backoff.duplicates.unkeyed" noun="duplicate" /> under backoff, each one a timed-out attempt.\n';

  test('the build refuses it, naming the count, the place and the fix', () => {
    const root = rootWith(`---\ntitle: x\n---\n\n${positive}`);
    try {
      assert.throws(
        () => checkArticle(root, { 'I.backoff.duplicates.unkeyed': 0 }, () => {}),
        (e: Error) => /fit: 1 MISFIT\n/.test(e.message) && /misfit: a count of zero in a sentence written for a positive count/.test(e.message) && /at: {5}content\/a\.mdx:5:27/.test(e.message),
      );
      // The same sentence at two duplicates fits.
      assert.doesNotThrow(() => checkArticle(root, { 'I.backoff.duplicates.unkeyed': 2 }, () => {}));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  test('inside a zero form, or marked as reading true at zero, it fits; unchosen forms are not checked', () => {
    const selectors = { dup: byCount('n') };
    const mdx = [
      '<Form of="dup" is="zero">No duplicates: <Count name="n" noun="duplicate" />.</Form>',
      '<Form of="dup" is="many">Each of the <Count name="n" noun="duplicate" /> was a retry.</Form>',
      'With a key they wrote <Count name="n" noun="duplicate" fitsZero />.',
    ].join('\n\n');
    const doc = readMdx(mdx, 'x.mdx');
    const forms = formUses(doc, { n: 0 }, selectors);
    assert.deepEqual(forms.map((f) => [f.is, f.chosen]), [['zero', true], ['many', false]]);
    assert.deepEqual(zeroCountMisfits(doc, { n: 0 }, forms), []);
    const unmarked = readMdx('They wrote <Count name="n" noun="duplicate" />.', 'y.mdx');
    assert.equal(zeroCountMisfits(unmarked, { n: 0 }, []).length, 1);
  });

  test('a selector whose outcomes are not all written is refused', () => {
    const root = rootWith('---\ntitle: x\n---\n\n<Form of="shortTtlKeyedDuplicates" is="many">wrote <Count name="I.immediateShortTtl.duplicates.keyed" noun="duplicate" /></Form>.\n');
    try {
      assert.throws(() => checkArticle(root, { 'I.immediateShortTtl.duplicates.keyed': 3 }, () => {}), /has no form for "zero", "one"/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('bounds: true but loose enough to mislead', () => {
  const claims = extractClaims('<Claim name="halfAgain">at least half as much load again</Claim> and <Claim name="underQuarter">less than a quarter</Claim>', 'x.mdx');
  const predicates = {
    // "at least half as much again": the extra load, immediate ÷ none − 1, against 0.5.
    halfAgain: (f: FactRead) => f.atLeast(f('I.immediate.amp.during') / f('I.none.amp.during') - 1, 0.5),
    // "less than a quarter of those immediate retries added": budget's extra ÷ immediate's extra against 0.25.
    underQuarter: (f: FactRead) => f.atMost((f('I.budget.amp.during') - 1) / (f('I.immediate.amp.during') - 1), 0.25),
  };

  test('3.00× beside "at least half as much again" and 4 against 400 beside "less than a quarter": two misfits', () => {
    // Immediate: 3.00 attempts per call (extra 2.00, four times 0.5); budget: 1.01 (extra 0.01, 0.5% of immediate's 2.00).
    const results = evaluateClaims(claims, { 'I.immediate.amp.during': 3, 'I.none.amp.during': 1, 'I.budget.amp.during': 1.01 }, [], predicates);
    assert.deepEqual(results.map((r) => r.holds), [true, true], 'both hold: the check is about fit');
    const misfits = boundMisfits(results);
    assert.equal(misfits.length, 2, formatMisfits(misfits));
    assert.match(misfits[0]!.why, /a loose bound: "at least 0\.5" beside 2, more than twice the bound/);
    assert.match(misfits[1]!.why, /a loose bound: "at most 0\.25" beside 0\.005, less than half the bound/);
  });

  test('tight bounds fit', () => {
    const results = evaluateClaims(claims, { 'I.immediate.amp.during': 1.8, 'I.none.amp.during': 1, 'I.budget.amp.during': 1.15 }, [], predicates);
    assert.deepEqual(boundMisfits(results), []);
  });
});

describe('noise: one rule for every comparison', () => {
  // Two sides whose three runs overlap: loopback 200–230 µs, veth 215–250 µs.
  const verdict = noiseVerdict([215, 222, 250], [200, 210, 230]);
  const facts = { 'H.ratio.CvethOverC.p50': 1.11, 'H.ratio.CvethOverC.p50.noise': verdict };

  test('overlapping runs are no measurable difference (computed here: 215 ≤ 230)', () => {
    assert.equal(verdict, NOISE.same);
    assert.equal(noiseVerdict([260, 270, 280], [200, 210, 230]), NOISE.differ);
    assert.equal(noiseVerdict([260], [200, 210, 230]), NOISE.unjudged);
  });

  test('a claim that calls it a difference is a misfit; one that reads the rule is not', () => {
    const claims = extractClaims('<Claim name="more">C costs a little more across the pair</Claim>', 'x.mdx');
    const calledADifference = evaluateClaims(claims, facts, [], { more: (f: FactRead) => f('H.ratio.CvethOverC.p50') > 1.05 });
    const misfits = noiseMisfits(calledADifference, [], facts);
    assert.equal(misfits.length, 1);
    assert.match(misfits[0]!.why, /noise read as an effect: H\.ratio\.CvethOverC\.p50 is a comparison whose runs' intervals overlap/);
    const readsTheRule = evaluateClaims(claims, facts, [], { more: (f: FactRead) => f('H.ratio.CvethOverC.p50.noise') !== NOISE.same && f('H.ratio.CvethOverC.p50') > 1.05 });
    assert.deepEqual(noiseMisfits(readsTheRule, [], facts), []);
  });

  test('a derived word through comparison() says "no measurable difference"; <RatioWord> does too', () => {
    const words = {
      veth: (f: FactRead) => comparison(f, 'H.ratio.CvethOverC.p50', { differ: (p) => `C costs ${p} it does on loopback`, same: 'C shows no measurable difference from loopback' }),
      naive: (f: FactRead) => `C costs ${f('H.ratio.CvethOverC.p50') > 1.05 ? 'a little more' : 'the same'}`,
    };
    const results = evaluateWords([{ name: 'veth', file: 'x.mdx', line: 1, column: 1 }, { name: 'naive', file: 'x.mdx', line: 2, column: 1 }], facts, words);
    assert.equal(results[0]!.word, 'C shows no measurable difference from loopback');
    assert.deepEqual(noiseMisfits([], results, facts).map((m) => m.line), [2], 'only the word that ignores the rule');
    assert.equal(noiseAwareRatioPhrase(1.11, NOISE.same), NO_MEASURABLE_DIFFERENCE_PHRASE);
    assert.equal(noiseAwareRatioPhrase(1.11, NOISE.differ), '11% more than');
    assert.equal(comparison(Object.assign((n: string) => ({ ...facts, 'H.ratio.CvethOverC.p50.noise': NOISE.differ })[n]!, { atLeast: () => true, atMost: () => true }), 'H.ratio.CvethOverC.p50', { differ: (p) => p, same: 'same' }), '11% more than');
  });
});
