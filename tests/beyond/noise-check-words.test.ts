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

const rule = (name: string, fp: number, det: number, upper = 10) => ({
  [`G.noiseCheck.${name}.falsePositives`]: fp,
  [`G.noiseCheck.${name}.falsePositivePercent`]: (fp / 40) * 100,
  [`G.noiseCheck.${name}.falsePositiveUpperPercent`]: upper,
  [`G.noiseCheck.${name}.detections`]: det,
  [`G.noiseCheck.${name}.powerPercent`]: (det / 40) * 100,
});
const base = {
  'G.noiseCheck.recorded': 1, 'G.noiseCheck.trials': 40, 'G.noiseCheck.rounds': 8, 'G.noiseCheck.overlapRuns': 3, 'G.noiseCheck.callsPerArm': 50,
  'G.noiseCheck.injectedRatio': 1.25, 'G.noiseCheck.maxFalsePositivePercent': 5, 'G.noiseCheck.minPowerPercent': 90, 'G.noiseCheck.minPairs': 6,
  ...rule('unpairedOverlap', 3, 40), ...rule('pairedOverlap', 11, 40), ...rule('permutation', 2, 40, 14.9),
};
const OPENING = 'To see how often the noise rule finds a difference that is not there, the bench timed case B’s hop against itself: 40 trials of 8 paired rounds, 50 calls a side.';

describe('the noise rule’s check in words', () => {
  test('the build of 2026-12-06: both overlap rules above 5%, the permutation test within it and finding every slowdown', () => {
    assert.equal(
      say(base),
      `${OPENING} Judged as these pages judge 3 runs a side, it called a difference in 3 of 40 trials (7.5%) when the runs’ ranges were compared, and in 11 of 40 trials (27.5%) when each run’s ratio was.` +
        ' Both are above the 5% a rule of this kind may allow, so a difference “beyond the noise” from 3 runs on these pages is a lead to check with more runs, not proof.' +
        ' A paired permutation test over all 8 rounds called a difference in 2 of 40 trials (5.0%; at most 14.9% at 95% confidence), and found an injected 1.25× slowdown in all 40 trials. It needs at least 6 paired runs to decide at all.',
    );
  });

  test('which overlap rule is above the level: both, the second, or neither; none of the trials', () => {
    // Ranges apart put every ratio on one side of 1: the range rule above the level means both are.
    assert.match(say({ ...base, ...rule('pairedOverlap', 3, 40) }), / Both are above the 5% a rule of this kind may allow, so/);
    assert.match(say({ ...base, ...rule('unpairedOverlap', 2, 40) }), / The second is above the 5% a rule of this kind may allow, so/);
    const quiet = say({ ...base, ...rule('unpairedOverlap', 0, 40), ...rule('pairedOverlap', 2, 40) });
    assert.match(quiet, /it called a difference in none of the 40 trials when the runs’ ranges were compared, and in 2 of 40 trials \(5\.0%\) when each run’s ratio was\. Both stayed within the 5% a rule of this kind may allow\. A paired/);
    assert.match(say({ ...base, ...rule('permutation', 0, 40, 7.2) }), /called a difference in none of the 40 trials \(at most 7\.2% at 95% confidence\), and found/);
  });

  test('the permutation test above its level, or too weak to see the slowdown', () => {
    assert.match(say({ ...base, ...rule('permutation', 4, 40) }), /in 4 of 40 trials \(10\.0%; at most 10\.0% at 95% confidence\), and found an injected 1\.25× slowdown in all 40 trials\. Even it called more than 5% here: this machine’s rounds were not alike, so close other programs and re-run before trusting any verdict on these pages\.$/);
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
      assert.equal(facts[`G.noiseCheck.${r}.falsePositivePercent`], 100, r);
      assert.equal(facts[`G.noiseCheck.${r}.powerPercent`], 100, r);
    }
    assert.equal(facts['G.noiseCheck.minPairs'], 6, '2/2^5 > 0.05 ≥ 2/2^6');
    assert.deepEqual(noiseCheckFacts(undefined), { 'G.noiseCheck.recorded': 0 });
  });
});
