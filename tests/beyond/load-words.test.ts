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
  test('peer check: below at one concurrency names it; all near; at or above', () => {
    assert.equal(WORDS.peerVsAutocannon(reader({ 'F.peer.ratio.c16': 0.95, 'F.peer.ratio.c64': 0.85 })), "less than autocannon’s throughput at c = 64, so there the generator, not the service, may have set the figure");
    assert.equal(WORDS.peerVsAutocannon(reader({ 'F.peer.ratio.c16': 0.92, 'F.peer.ratio.c64': 1.05 })), "about autocannon’s throughput at both concurrencies compared");
    assert.equal(WORDS.peerVsAutocannon(reader({ 'F.peer.ratio.c16': 1.3, 'F.peer.ratio.c64': 1.0 })), "autocannon’s throughput or more at both concurrencies compared");
  });

  test('capacity: set by the service, by the generator, or by no valid level (and then no figure is read)', () => {
    const base = { 'F.hop.capacityFromValidLevel': 1, 'F.hop.capacityPerSec': 41_234, 'F.hop.capacityConcurrency': 16 };
    assert.equal(plain(WORDS.hopCapacity(reader({ ...base, 'F.hop.capacitySetByService': 1 }))), 'the capacity of the hop was 41,234 calls/s, with 16 callers, and the service set it: no level with more callers was held back by the client running out of CPU');
    assert.match(WORDS.hopCapacity(reader({ ...base, 'F.hop.capacitySetByService': 0, 'F.hop.capacityConcurrency': 1 })), /with a single caller, and the generator set it/);
    assert.equal(WORDS.chainCapacity(reader({ 'F.chain.capacityFromValidLevel': 0 })), 'no closed-loop level of the chain counted, so it has no capacity the page can use, and its open-loop rates came from a level that does not count');
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

  test('placement: pinned on two cores, on more, or not pinned', () => {
    assert.match(WORDS.loadPlacement(reader({ 'F.pinned': 1, 'F.cores': 2 })), /every service on the other,/);
    assert.match(WORDS.loadPlacement(reader({ 'F.pinned': 1, 'F.cores': 8 })), /every service on the others,/);
    assert.match(WORDS.loadPlacement(reader({ 'F.pinned': 0, 'F.cores': 1 })), /were not pinned apart/);
  });
});
