// Case F's derived words: a form for every outcome, each checked with exact facts on tiny inputs.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { WORDS } from '../../content/words.ts';
import { factReader } from '../../src/claims/named.ts';

/** A fact reader over `facts` that fails on an unknown name, as the build's does. */
// Figures carry a no-break space before their unit; the expectations are written with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
const reader = (facts: Record<string, number>) =>
  factReader((name: string) => {
    if (!(name in facts)) throw new Error(`unknown fact ${name}`);
    return facts[name]!;
  });

describe("case F's words", () => {
  test('peer check: below at one concurrency names it; all near; at or above; no measurable difference across rounds', () => {
    const one = (c16: number, c64: number) => ({ 'F.peer.rounds': 1, 'F.peer.ratio.c16': c16, 'F.peer.ratioLow.c16': c16, 'F.peer.ratioHigh.c16': c16, 'F.peer.ratio.c64': c64, 'F.peer.ratioLow.c64': c64, 'F.peer.ratioHigh.c64': c64 });
    assert.equal(WORDS.peerVsAutocannon(reader(one(0.95, 0.85))), "less than autocannon’s throughput at c = 64, so there the generator, not the service, may have set the figure");
    assert.equal(WORDS.peerVsAutocannon(reader(one(0.92, 1.05))), "about autocannon’s throughput at both concurrencies compared");
    assert.equal(WORDS.peerVsAutocannon(reader(one(1.3, 1.0))), "autocannon’s throughput or more at both concurrencies compared");
    // Three rounds whose ratios straddle 1 at both concurrencies: no measurable difference, even at 0.85.
    const rounds = { 'F.peer.rounds': 3, 'F.peer.ratio.c16': 0.85, 'F.peer.ratioLow.c16': 0.7, 'F.peer.ratioHigh.c16': 1.1, 'F.peer.ratio.c64': 1.2, 'F.peer.ratioLow.c64': 0.98, 'F.peer.ratioHigh.c64': 1.3 };
    assert.equal(WORDS.peerVsAutocannon(reader(rounds)), 'no measurable difference from autocannon’s throughput at either concurrency compared');
    // …but an interval wholly below 1 at c = 16 is below, by the same rule.
    assert.match(WORDS.peerVsAutocannon(reader({ ...rounds, 'F.peer.ratioHigh.c16': 0.88 })), /^less than autocannon’s throughput at c = 16,/);
    assert.equal(WORDS.peerMethod(reader({ 'F.peer.rounds': 3 })), 'taking turns in 3 alternating rounds, so that a machine that slows down during the check slows both');
    assert.equal(WORDS.peerMethod(reader({ 'F.peer.rounds': 1 })), 'one after the other, in one pass each');
  });

  test('capacity: the generator’s CPU rule, near the generator’s ceiling, at the most callers tried, or more callers brought no more; or no valid level', () => {
    const base = { 'F.hop.capacityFromValidLevel': 1, 'F.hop.capacityPerSec': 41_234, 'F.hop.capacityConcurrency': 16, 'F.hop.capacitySetByService': 1, 'F.ceilingPerSec': 100_000, 'F.maxConcurrency': 64 };
    assert.equal(plain(WORDS.hopCapacity(reader(base))), 'the capacity of the hop was 41,234 calls/s, with 16 callers; more callers brought no more');
    assert.equal(plain(WORDS.hopCapacity(reader({ ...base, 'F.hop.capacityConcurrency': 64 }))), 'the capacity of the hop was 41,234 calls/s, with 64 callers, the most callers tried, so more callers might have brought more');
    // Within 10% of the generator's ceiling (45,000 × 0.9 = 40,500 ≤ 41,234): the generator may have set it.
    assert.equal(plain(WORDS.hopCapacity(reader({ ...base, 'F.ceilingPerSec': 45_000 }))), 'the capacity of the hop was 41,234 calls/s, with 16 callers, close to the generator’s own ceiling of 45,000 calls/s, so the generator may have set it');
    assert.match(plain(WORDS.hopCapacity(reader({ ...base, 'F.ceilingPerSec': 40_000 }))), /16 callers, above the generator’s own ceiling of 40,000 calls\/s, so the generator may have set it$/);
    assert.match(WORDS.hopCapacity(reader({ ...base, 'F.hop.capacitySetByService': 0, 'F.hop.capacityConcurrency': 1 })), /with a single caller; the next level needed more of a core than the client may use, so the generator, not the service, set that figure$/);
    assert.equal(WORDS.chainCapacity(reader({ 'F.chain.capacityFromValidLevel': 0 })), 'no closed-loop level of the chain counted, so it has no capacity the page can use, and its open-loop rates came from a level that does not count');
  });

  test('wake-up floor: not measured; within both targets; above one or both, with and without valid open levels', () => {
    assert.equal(WORDS.wakeFloor(reader({ 'F.wakeFloor.measured': 0 })), 'This run did not measure how late the scheduler’s clock wakes on this machine.');
    const base = { 'F.wakeFloor.measured': 1, 'F.wakeFloor.p50Us': 90, 'F.wakeFloor.p99Us': 300, 'F.hop.unloadedP50Us': 200, 'F.chain.unloadedP50Us': 600, 'F.hop.validOpenLevels': 0, 'F.chain.validOpenLevels': 5 };
    const head = 'The same run timed the scheduler’s clock alone, with no calls to send: it woke 90 µs late at the median and 300 µs at p99, and the open loop cannot keep its schedule more closely than that on this machine.';
    assert.equal(plain(WORDS.wakeFloor(reader(base))), `${head} That is later than the hop’s unloaded p50, and on its own that breaks the lag rule: it is why no open-loop level of the hop counted.`);
    assert.equal(plain(WORDS.wakeFloor(reader({ ...base, 'F.wakeFloor.p99Us': 150 }))).endsWith('That is within both targets’ unloaded p50, so the clock alone does not break the lag rule here.'), true);
    assert.match(plain(WORDS.wakeFloor(reader({ ...base, 'F.wakeFloor.p99Us': 700 }))), /later than both targets’ unloaded p50, yet 5 levels of either target still met the lag rule in this run/);
    assert.match(plain(WORDS.wakeFloor(reader({ ...base, 'F.wakeFloor.p99Us': 700, 'F.chain.validOpenLevels': 0 }))), /later than both targets’ unloaded p50, and on its own that breaks the lag rule: it is why no open-loop level of either target counted\.$/);
  });

  test('open levels: none, one, several that never fall, several that fall; with and without the unloaded reference', () => {
    assert.equal(WORDS.hopOpen(reader({ 'F.hop.validOpenLevels': 0 })), 'no open-loop level counted, so the page gives no loaded latency for it');
    const last = { 'F.hop.open.last.loadPercent': 70, 'F.hop.open.last.p99Us': 812, 'F.hop.unloadedCounts': 0 };
    assert.equal(plain(WORDS.hopOpen(reader({ ...last, 'F.hop.validOpenLevels': 1 }))), 'one open-loop level counted, too few for a trend; at 70% of capacity its p99 was 812 µs');
    const full = { ...last, 'F.hop.validOpenLevels': 5, 'F.hop.p99NeverFalls': 1, 'F.hop.unloadedCounts': 1, 'F.hop.open.last.p99OverUnloaded': 2, 'F.hop.closed.p99Us.c1': 369 };
    assert.equal(plain(WORDS.hopOpen(reader(full))), '5 open-loop levels counted, and their p99 never fell measurably as the offered load rose; at 70% of capacity, the highest load that counted, its p99 was 812 µs, about twice as much as its p99 with a single caller (369 µs)');
    assert.match(WORDS.hopOpen(reader({ ...full, 'F.hop.p99NeverFalls': 0 })), /fell measurably at least once/);
  });

  test('counts: runs, generator-limited and invalid levels, zero included', () => {
    assert.deepEqual([1, 2, 3].map((n) => WORDS.loadRuns(reader({ 'F.runs': n }))), ['once', 'twice', '3 times']);
    assert.equal(WORDS.generatorLimitedSummary(reader({ 'F.hop.generatorLimitedLevels': 0, 'F.chain.generatorLimitedLevels': 0 })), 'and no level of either target asked for more');
    assert.equal(WORDS.generatorLimitedSummary(reader({ 'F.hop.generatorLimitedLevels': 2, 'F.chain.generatorLimitedLevels': 0 })), 'and 2 levels of the hop and no level of the chain asked for more');
    assert.equal(WORDS.invalidSummary(reader({ 'F.hop.invalidLevels': 0, 'F.chain.invalidLevels': 0 })), 'every level of both targets counted');
    assert.equal(WORDS.invalidSummary(reader({ 'F.hop.invalidLevels': 1, 'F.chain.invalidLevels': 3 })), 'one level of the hop and 3 levels of the chain did not count');
  });

  test("Little's law: no level, one level, within half a percent, or the deviation rounded up", () => {
    const base = { 'F.hop.validClosedLevels': 3, 'F.chain.validClosedLevels': 3 };
    assert.equal(WORDS.littleLawFit(reader({ 'F.hop.validClosedLevels': 0, 'F.chain.validClosedLevels': 0 })), 'no closed-loop level counted, so there is nothing here to check');
    assert.equal(WORDS.littleLawFit(reader({ ...base, 'F.littleL.maxDeviationPercent': 0.2 })), 'at every level that counts, throughput × mean latency equals the number of callers to within half a percent');
    assert.equal(WORDS.littleLawFit(reader({ 'F.hop.validClosedLevels': 1, 'F.chain.validClosedLevels': 0, 'F.littleL.maxDeviationPercent': 0.2 })), 'at the one level that counts, throughput × mean latency equals the number of callers to within half a percent');
    // 2.1% is stated as "within 3%", never as a bound the figure breaks.
    assert.equal(WORDS.littleLawFit(reader({ ...base, 'F.littleL.maxDeviationPercent': 2.1 })), 'at every level that counts, throughput × mean latency is within 3% of the number of callers');
  });

  test('placement: pinned on two cores, on more, or not pinned', () => {
    assert.match(WORDS.loadPlacement(reader({ 'F.pinned': 1, 'F.cores': 2 })), /every service on the other,/);
    assert.match(WORDS.loadPlacement(reader({ 'F.pinned': 1, 'F.cores': 8 })), /every service on the others,/);
    assert.match(WORDS.loadPlacement(reader({ 'F.pinned': 0, 'F.cores': 1 })), /were not pinned apart/);
  });
});
