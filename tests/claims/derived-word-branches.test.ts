// Derived words no other test named (issue 28): untimedVsTimed, chainOpen, backoffGoodputAfter, vethB,
// vethC and vethD, every branch of each rendered from small hand-made facts, the expected text written
// out by hand (figures carry a narrow no-break space, \u202f, before their unit).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { WORDS } from '../../src/prose/words.ts';
import { factReader } from '../../src/claims/named.ts';

/** A fact reader over `facts` that fails on an unknown name, as the build's does. */
const reader = (facts: Record<string, number>) =>
  factReader((name: string) => {
    if (!(name in facts)) throw new Error(`unknown fact ${name}`);
    return facts[name]!;
  });

// The noise rule's codes (src/facts/noise-facts.ts NOISE), written out.
const [same, differ, unjudged] = [0, 1, -1];

describe('untimedVsTimed: the untimed loop per call against the timed median of A', () => {
  const word = (untimedCallUs: number, p50Us: number) => WORDS.untimedVsTimed(reader({ 'A.untimedCallUs': untimedCallUs, 'A.p50Us': p50Us }));
  const more = "more than the timed median: the loop's average takes in every interruption during the run, which the median of single calls leaves out";

  test('below 0.9 of the median: less; from 0.9 to 1.1 (the one 10% tolerance): about; above: more, and why', () => {
    assert.equal(word(0.05, 0.08), 'less than the timed median');
    assert.equal(word(0.89, 1), 'less than the timed median');
    assert.equal(word(0.9, 1), 'about the timed median', '0.9 is about');
    assert.equal(word(0.94, 1), 'about the timed median', 'within 10%');
    assert.equal(word(0.08, 0.08), 'about the timed median');
    assert.equal(word(1.1, 1), 'about the timed median', '1.1 is about');
    assert.equal(word(1.11, 1), more);
    assert.equal(word(0.2, 0.08), more);
  });
});

describe("chainOpen: the chain's valid open levels, how p99 moved, and the highest against one caller (case F)", () => {
  const facts = (extra: Record<string, number>) => ({
    'F.chain.open.last.loadPercent': 50,
    'F.chain.open.last.p99Us': 812.4,
    'F.chain.unloadedCounts': 0,
    ...extra,
  });
  const word = (extra: Record<string, number>) => WORDS.chainOpen(reader(facts(extra)));

  test('no valid open level', () => {
    assert.equal(WORDS.chainOpen(reader({ 'F.chain.validOpenLevels': 0 })), 'no open-loop level counted, so no sentence or chart uses its loaded latency');
  });

  test('one level: too few for a trend, its load and p99', () => {
    assert.equal(word({ 'F.chain.validOpenLevels': 1 }), 'one open-loop level counted, too few for a trend. At 50% of capacity its p99 was 812\u202fµs');
  });

  test('several levels: p99 never fell, or fell at least once; the highest level that counted', () => {
    const highest = { 'F.chain.validOpenLevels': 3, 'F.chain.open.last.loadPercent': 90, 'F.chain.open.last.p99Us': 1204.3 };
    assert.equal(
      word({ ...highest, 'F.chain.p99NeverFalls': 1 }),
      '3 open-loop levels counted, and their p99 never fell measurably as the offered load rose. At 90% of capacity, the highest load that counted, its p99 was 1,204\u202fµs',
    );
    assert.equal(
      word({ ...highest, 'F.chain.p99NeverFalls': 0 }),
      '3 open-loop levels counted, and their p99 fell measurably at least once as the offered load rose, which more load should not do: read it as noise the runs did not average out. At 90% of capacity, the highest load that counted, its p99 was 1,204\u202fµs',
    );
  });

  test('with a single caller that counted: the loaded p99 against it', () => {
    const single = { 'F.chain.unloadedCounts': 1, 'F.chain.closed.p99Us.c1': 401.2 };
    assert.equal(
      word({ 'F.chain.validOpenLevels': 1, ...single, 'F.chain.open.last.p99OverUnloaded': 1.5 }),
      'one open-loop level counted, too few for a trend. At 50% of capacity its p99 was 812\u202fµs, 50% more than its p99 with a single caller (401\u202fµs)',
    );
    assert.equal(
      word({ 'F.chain.validOpenLevels': 2, 'F.chain.p99NeverFalls': 1, ...single, 'F.chain.open.last.p99OverUnloaded': 3 }),
      '2 open-loop levels counted, and their p99 never fell measurably as the offered load rose. At 50% of capacity, the highest load that counted, its p99 was 812\u202fµs, about three times as much as its p99 with a single caller (401\u202fµs)',
    );
  });
});

describe('backoffGoodputAfter: goodput after the brownout against before it, under backoff (case I)', () => {
  const word = (afterPerSec: number, beforePerSec: number, afterOverBefore: number) =>
    WORDS.backoffGoodputAfter(reader({ 'I.backoff.goodput.afterPerSec': afterPerSec, 'I.backoff.goodput.beforePerSec': beforePerSec, 'I.backoff.goodput.afterOverBefore': afterOverBefore }));

  test('none before it', () => {
    assert.equal(WORDS.backoffGoodputAfter(reader({ 'I.backoff.goodput.afterPerSec': 412.6, 'I.backoff.goodput.beforePerSec': 0 })), '413\u202fcalls/s, against none before it');
  });

  test('above (more than 10% over): not a gain; about (within 10%); below', () => {
    assert.equal(word(500, 400, 1.25), '500\u202fcalls/s, above the 400\u202fcalls/s before it: not a gain, but calls held up by the brownout being answered late');
    assert.equal(word(420, 400, 1.05), '420\u202fcalls/s, about the 400\u202fcalls/s before it');
    assert.equal(word(380, 400, 0.95), '380\u202fcalls/s, about the 400\u202fcalls/s before it');
    assert.equal(word(2000, 4000, 0.5), '2,000\u202fcalls/s, below the 4,000\u202fcalls/s before it');
  });
});

describe('vethB, vethC, vethD: each case across the veth pair against loopback, under the noise rule (case H)', () => {
  const CASES = [
    ['vethB', 'H.ratio.BvethOverB.p50'],
    ['vethC', 'H.ratio.CvethOverC.p50'],
    ['vethD', 'H.ratio.DvethOverD.p50'],
  ] as const;
  const flag = '; a second network stack only adds work, so a lower figure comes from something that differed between the two measurements, not from the pair';

  for (const [name, fact] of CASES) {
    const word = (ratio: number, noise: number) => WORDS[name](reader({ [fact]: ratio, [`${fact}.noise`]: noise }));

    test(`${name}: a difference beyond the noise, runs that overlap, one run on a side`, () => {
      assert.equal(word(1.3, differ), 'across the pair it costs 30% more than it does on loopback, outside the noise between runs');
      assert.equal(word(1.3, same), 'the runs overlap, so they cannot tell the two apart (the medians alone would say across the pair it costs 30% more than it does on loopback)');
      assert.equal(word(1.3, unjudged), 'across the pair it costs 30% more than it does on loopback, from one run on a side, too few to tell a difference from the noise between runs');
      assert.equal(word(2.5, differ), 'across the pair it costs about 2.5 times as much as it does on loopback, outside the noise between runs');
    });

    test(`${name}: below 0.9 (the one 10% tolerance), each of those says the pair only adds work; from 0.9, not`, () => {
      assert.equal(word(0.8, differ), `across the pair it costs 20% less than it does on loopback, outside the noise between runs${flag}`);
      assert.equal(word(0.8, same), `the runs overlap, so they cannot tell the two apart (the medians alone would say across the pair it costs 20% less than it does on loopback)${flag}`);
      assert.equal(word(0.8, unjudged), `across the pair it costs 20% less than it does on loopback, from one run on a side, too few to tell a difference from the noise between runs${flag}`);
      assert.equal(word(0.89, differ), `across the pair it costs 11% less than it does on loopback, outside the noise between runs${flag}`);
      assert.equal(word(0.9, differ), 'across the pair it costs 10% less than it does on loopback, outside the noise between runs');
      assert.equal(word(0.94, differ), 'across the pair it costs 6% less than it does on loopback, outside the noise between runs');
    });
  }
});
