// The noise rule's check in words, and its facts: a form for every outcome, expectations written by hand.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { WORDS } from '../../src/prose/words.ts';
import { factReader } from '../../src/claims/named.ts';
import { noiseCheckFacts } from '../../src/cases/g-tls/noise-check-facts.ts';

const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
const reader = (facts: Record<string, number>) =>
  factReader((name: string) => {
    if (!(name in facts)) throw new Error(`unknown fact ${name}`);
    return facts[name]!;
  });
const say = (facts: Record<string, number>) => plain(WORDS.noiseRuleCheck(reader(facts)));

// `lower` is the 95% lower bound of the false-positive rate, percent: above 5 means "more than chance explains".
const rule = (name: string, fp: number, det: number, upper = 10, lower = 1) => ({
  [`G.noiseCheck.${name}.falsePositiveLowerPercent`]: lower,
  [`G.noiseCheck.${name}.falsePositives`]: fp,
  [`G.noiseCheck.${name}.falsePositivePercent`]: (fp / 40) * 100,
  [`G.noiseCheck.${name}.falsePositiveUpperPercent`]: upper,
  [`G.noiseCheck.${name}.detections`]: det,
  [`G.noiseCheck.${name}.powerPercent`]: (det / 40) * 100,
});
const base = {
  'G.noiseCheck.recorded': 1, 'G.noiseCheck.trials': 40, 'G.noiseCheck.rounds': 8, 'G.noiseCheck.overlapRuns': 3, 'G.noiseCheck.callsPerArm': 50,
  'G.noiseCheck.injectedRatio': 1.25, 'G.noiseCheck.maxFalsePositivePercent': 5, 'G.noiseCheck.minPowerPercent': 90, 'G.noiseCheck.minPairs': 6,
  // 3 of 40 has a lower bound of 2.1%, 11 of 40 of 16.6% (exact binomial).
  ...rule('unpairedOverlap', 3, 40, 18.3, 2.1), ...rule('pairedOverlap', 11, 40, 41.4, 16.6), ...rule('permutation', 2, 40, 14.9, 0.9),
};
const OPENING = 'To see how often the noise rule finds a difference that is not there, the bench timed case B’s hop against itself: 40 trials of 8 paired rounds, 50 calls a side.';

describe('the noise rule’s check in words', () => {
  test('the first check here: ranges above 5% within chance, ratios above it beyond chance, the permutation test at 5% finding every slowdown', () => {
    assert.equal(
      say(base),
      `${OPENING} Judged as these pages judge 3 runs a side, it called a difference in 3 of 40 trials (7.5%) when the runs’ ranges were compared, and in 11 of 40 trials (27.5%) when each run’s ratio was.` +
        ' The second is above the 5% a rule of this kind may allow, by more than chance explains in 40 trials. So a difference “beyond the noise” from 3 runs on these pages is a lead to check with more runs, not proof.' +
        ' A paired permutation test over all 8 rounds called a difference in 2 of 40 trials (5.0%; at most 14.9% at 95% confidence), and found an injected 1.25× slowdown in all 40 trials. It needs at least 6 paired runs to decide at all.',
    );
  });

  test('the overlap rules: both beyond chance, neither clearly, or both within; none of the trials', () => {
    assert.match(say({ ...base, ...rule('unpairedOverlap', 8, 40, 33, 10.5) }), / Both are above the 5% a rule of this kind may allow, by more than chance explains in 40 trials\. So a difference/);
    assert.match(say({ ...base, ...rule('pairedOverlap', 3, 40, 18.3, 2.1) }), / Neither is clearly above the 5% a rule of this kind may allow: in 40 trials, chance alone gives counts like these\. A paired/);
    const quiet = say({ ...base, ...rule('unpairedOverlap', 0, 40, 7.2, 0), ...rule('pairedOverlap', 2, 40, 14.9, 0.9) });
    assert.match(quiet, /it called a difference in none of the 40 trials when the runs’ ranges were compared, and in 2 of 40 trials \(5\.0%\) when each run’s ratio was\. Both stayed within the 5% a rule of this kind may allow\. A paired/);
    assert.match(say({ ...base, ...rule('permutation', 0, 40, 7.2, 0) }), /called a difference in none of the 40 trials \(at most 7\.2% at 95% confidence\), and found/);
  });

  test('the permutation test: above its level beyond chance, above it within chance, or too weak to see the slowdown', () => {
    assert.match(say({ ...base, ...rule('permutation', 6, 40, 28, 6.7) }), /in 6 of 40 trials \(15\.0%; at most 28\.0% at 95% confidence\), and found an injected 1\.25× slowdown in all 40 trials\. Even it called more than 5% here, by more than chance explains: this machine’s rounds were not alike, so close other programs and re-run before trusting any verdict on these pages\.$/);
    // The build of 2026-12-06: 3 of 40, what a 5% rule gives in about a third of such checks.
    assert.match(say({ ...base, ...rule('permutation', 3, 40, 18.3, 2.1) }), /in 3 of 40 trials \(7\.5%; at most 18\.3% at 95% confidence\), and found an injected 1\.25× slowdown in all 40 trials\. That is above 5%, but within what chance gives a 5% rule in 40 trials\. It needs at least 6 paired runs to decide at all\.$/);
    assert.match(say({ ...base, ...rule('permutation', 1, 30) }), /found an injected 1\.25× slowdown in 30 of 40 trials \(75\.0%\)\. It missed that slowdown in more than 10% of trials: the noise here can hide a difference of that size\.$/);
  });

  test('results written before the check', () => {
    assert.equal(say({ 'G.noiseCheck.recorded': 0 }), 'This run did not check the noise rule, so how often it finds a difference that is not there is unmeasured on this machine.');
  });

  test('facts: the three rules judged on a tiny stored check, by hand', () => {
    // Arm 2 is 1.1× arm 1 in all 8 rounds of the one A/A trial: every rule calls it; the one injected trial too.
    const up: [number, number][] = Array.from({ length: 8 }, () => [100, 110]);
    const facts = noiseCheckFacts({ subject: 't', config: { trials: 1, rounds: 8, warmupCalls: 0, callsPerArm: 1, injectedRatio: 1.25, overlapRuns: 3 }, calibrationP50Us: 100, delayUs: 25, aa: [up], injected: [up] });
    assert.equal(facts['G.noiseCheck.recorded'], 1);
    for (const r of ['permutation', 'pairedOverlap', 'unpairedOverlap']) {
      assert.equal(facts[`G.noiseCheck.${r}.falsePositives`], 1, r);
      // 1 of 1: the lower bound is 0.05^(1/1) = 5%.
      assert.ok(Math.abs(facts[`G.noiseCheck.${r}.falsePositiveLowerPercent`]! - 5) < 1e-6, r);
      assert.equal(facts[`G.noiseCheck.${r}.falsePositivePercent`], 100, r);
      assert.equal(facts[`G.noiseCheck.${r}.powerPercent`], 100, r);
    }
    assert.equal(facts['G.noiseCheck.minPairs'], 6, '2/2^5 > 0.05 ≥ 2/2^6');
    assert.deepEqual(noiseCheckFacts(undefined), { 'G.noiseCheck.recorded': 0 });
  });
});
