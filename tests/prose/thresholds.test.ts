/**
 * The words that once kept thresholds of their own now read the one tolerance of src/prose/rules.ts
 * (RELATION_TOLERANCE, ±10%): A's untimed loop against its timed median ("about" within it), and the
 * flag after a TLS or veth ratio below 1 ("only adds work", said only below the band). Before, these
 * were ±5% (0.95 / 1.05); each case below sits between the two bands, so it tells them apart. The
 * expected sentences are written out by hand.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FactRead } from '../../src/claims/named.ts';
import { NOISE } from '../../src/facts/noise-facts.ts';
import { RELATION_TOLERANCE } from '../../src/prose/rules.ts';
import { WORDS } from '../../src/prose/words.ts';

/** A fact reader over `facts`, as the build gives a derived word; an unknown name fails the test. */
const reader = (facts: Record<string, number>): FactRead =>
  Object.assign(
    (n: string) => {
      assert.ok(Object.hasOwn(facts, n), `read unknown fact ${n}`);
      return facts[n]!;
    },
    { atLeast: (v: number, b: number) => v >= b, atMost: (v: number, b: number) => v <= b },
  );

test('the one tolerance is ±10%', () => {
  assert.equal(RELATION_TOLERANCE, 0.1);
});

test("A's untimed loop against its timed median: 'about' within ±10%, 'less' or 'more' beyond", () => {
  const word = (untimedUs: number, p50Us: number) => WORDS.untimedVsTimed(reader({ 'A.untimedCallUs': untimedUs, 'A.p50Us': p50Us }));
  const more = "more than the timed median: the loop's average takes in every interruption during the run, which the median of single calls leaves out";
  assert.equal(word(0.093, 0.1), 'about the timed median', '7% below: inside ±10% (was "less" at ±5%)');
  assert.equal(word(0.107, 0.1), 'about the timed median', '7% above: inside ±10% (was "more" at ±5%)');
  assert.equal(word(0.1, 0.1), 'about the timed median');
  assert.equal(word(0.088, 0.1), 'less than the timed median');
  assert.equal(word(0.112, 0.1), more);
});

test('a veth ratio below 1 is flagged only below the band: 7% less is close to, 12% less needs explaining', () => {
  const veth = (ratio: number) => WORDS.vethB(reader({ 'H.ratio.BvethOverB.p50': ratio, 'H.ratio.BvethOverB.p50.noise': NOISE.differ }));
  assert.equal(veth(0.93), 'across the pair it costs 7% less than it does on loopback, outside the noise between runs');
  assert.equal(
    veth(0.88),
    'across the pair it costs 12% less than it does on loopback, outside the noise between runs; a second network stack only adds work, so a lower figure comes from something that differed between the two measurements, not from the pair',
  );
});

test('TLS against plain: the flag follows the first ratio below the band, once', () => {
  const flag = 'TLS only adds work, so a lower figure comes from something that differed between the two measurements, not from TLS';
  const both = (h: number, g: number) =>
    WORDS.tlsKeptAliveVsPlain(reader({ 'G.ratio.G1overB.sameRunInH': 1, 'H.ratio.G1overB.p50': h, 'H.ratio.G1overB.p50.noise': NOISE.differ, 'G.ratio.G1overB.p50': g, 'G.ratio.G1overB.p50.noise': NOISE.differ }));
  // H 7% below: inside the band, no flag there; the loopback ratio 15% below takes it.
  assert.equal(
    both(0.93, 0.85),
    'G1 ÷ B is 0.93× at the median in case H, which timed both in one run across the veth pair: G1 costs 7% less than B, outside the noise between runs. ' +
      `On loopback it is 0.85×, a ratio across two separate runs (case G’s in the second suite over B’s in the reference suite): G1 costs 15% less than B, outside the noise between runs; ${flag}`,
  );
  // H 12% below: flagged there, and not again after the loopback ratio.
  const low = both(0.88, 0.85);
  assert.equal(low.split(flag).length, 2, low);
  assert.ok(low.indexOf(flag) < low.indexOf('On loopback'), low);
});
