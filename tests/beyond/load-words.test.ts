// Case F's derived words: a form for every outcome, each checked with exact facts on tiny inputs.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { WORDS } from '../../src/prose/words.ts';
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
  test('peer check: each concurrency by the standing the bench\'s rule gave it (F.peer.standing), same standings said together', () => {
    // Standing codes: the index in rules.PEER_STANDINGS = ['slower', 'near', 'same', 'faster'], written out here.
    const [slower, near, same, faster] = [0, 1, 2, 3];
    const one = (c16: number, s16: number, c64: number, s64: number) => ({ 'F.peer.rounds': 1, 'F.peer.targetRatio': 0.9, 'F.peer.ratio.c16': c16, 'F.peer.ratioLow.c16': c16, 'F.peer.ratioHigh.c16': c16, 'F.peer.standing.c16': s16, 'F.peer.ratio.c64': c64, 'F.peer.ratioLow.c64': c64, 'F.peer.ratioHigh.c64': c64, 'F.peer.standing.c64': s64 });
    assert.equal(WORDS.peerVsAutocannon(reader(one(0.95, near, 0.85, slower))), 'fell short of autocannon’s throughput at c = 64 and came within 10% of autocannon’s throughput at c = 16, so where it fell short the generator, not the service, may have set the figure');
    assert.equal(WORDS.peerVsAutocannon(reader(one(0.92, near, 1.05, near))), 'came within 10% of autocannon’s throughput at both concurrencies compared');
    assert.equal(WORDS.peerVsAutocannon(reader(one(1.3, faster, 1.2, faster))), 'exceeded autocannon’s throughput at both concurrencies compared');
    // The band comes from the stated target: a target of 0.8 reads "within 20%".
    assert.equal(WORDS.peerVsAutocannon(reader({ ...one(0.85, near, 0.85, near), 'F.peer.targetRatio': 0.8 })), 'came within 20% of autocannon’s throughput at both concurrencies compared');
    // With rounds, the verdict and its range.
    const rounds = { 'F.peer.rounds': 3, 'F.peer.targetRatio': 0.9, 'F.peer.ratio.c16': 1.4, 'F.peer.ratioLow.c16': 1.2, 'F.peer.ratioHigh.c16': 1.6, 'F.peer.standing.c16': faster, 'F.peer.ratio.c64': 1.32, 'F.peer.ratioLow.c64': 0.6, 'F.peer.ratioHigh.c64': 1.58, 'F.peer.standing.c64': same };
    assert.equal(WORDS.peerVsAutocannon(reader(rounds)), 'could not be told from autocannon’s throughput at c = 64 (the rounds’ ratios ran 0.60–1.58, a range that includes 1) and exceeded autocannon’s throughput at c = 16 (the rounds’ ratios ran 1.20–1.60, all above 1); at c = 64 the rounds reached below the 0.90× target, so a shortfall that large is not ruled out');
    assert.equal(WORDS.peerVsAutocannon(reader({ ...rounds, 'F.peer.ratioLow.c16': 0.9, 'F.peer.standing.c16': same })), 'could not be told from autocannon’s throughput at either concurrency compared (the rounds’ ratios ran 0.90–1.60 and 0.60–1.58, ranges that include 1); at c = 64 the rounds reached below the 0.90× target, so a shortfall that large is not ruled out');
    // Both ends at or above the target: nothing to add.
    assert.equal(WORDS.peerVsAutocannon(reader({ ...rounds, 'F.peer.ratioLow.c16': 0.95, 'F.peer.standing.c16': same, 'F.peer.ratioLow.c64': 0.9 })), 'could not be told from autocannon’s throughput at either concurrency compared (the rounds’ ratios ran 0.95–1.60 and 0.90–1.58, ranges that include 1)');
    // Both below: said for both.
    assert.match(WORDS.peerVsAutocannon(reader({ ...rounds, 'F.peer.ratioLow.c16': 0.7, 'F.peer.standing.c16': same })), /; at c = 16 and c = 64 the rounds reached below the 0\.90× target, so a shortfall that large is not ruled out$/);
    // The last full build's c = 64: a median of 0.88 under the target, rounds 0.83–1.05: no measurable difference, never "fell short".
    const build = { ...rounds, 'F.peer.ratio.c64': 0.88, 'F.peer.ratioLow.c64': 0.83, 'F.peer.ratioHigh.c64': 1.05, 'F.peer.standing.c64': same };
    assert.match(WORDS.peerVsAutocannon(reader(build)), /^could not be told from autocannon’s throughput at c = 64 \(the rounds’ ratios ran 0\.83–1\.05, a range that includes 1\)/);
    assert.doesNotMatch(WORDS.peerVsAutocannon(reader(build)), /fell short/);
    assert.match(WORDS.peerVsAutocannon(reader({ ...rounds, 'F.peer.ratio.c16': 0.8, 'F.peer.ratioLow.c16': 0.7, 'F.peer.ratioHigh.c16': 0.88, 'F.peer.standing.c16': slower })), /^fell short of autocannon’s throughput at c = 16 \(the rounds’ ratios ran 0\.70–0\.88, all below 1\) and could not be told from autocannon’s throughput at c = 64/);
    // Within the band on either side: each side's range says so.
    const nearBoth = { ...rounds, 'F.peer.ratio.c16': 0.95, 'F.peer.ratioLow.c16': 0.92, 'F.peer.ratioHigh.c16': 0.97, 'F.peer.standing.c16': near, 'F.peer.ratio.c64': 1.05, 'F.peer.ratioLow.c64': 1.02, 'F.peer.ratioHigh.c64': 1.08, 'F.peer.standing.c64': near };
    assert.equal(WORDS.peerVsAutocannon(reader(nearBoth)), 'came within 10% of autocannon’s throughput at c = 16 (the rounds’ ratios ran 0.92–0.97, all below 1) and exceeded autocannon’s throughput by at most 10% at c = 64 (the rounds’ ratios ran 1.02–1.08, all above 1)');
    // Ahead in every round at both concurrencies (the reference machine's 1.01–1.04): a lead, said as one.
    const aheadBoth = { ...nearBoth, 'F.peer.ratio.c16': 1.02, 'F.peer.ratioLow.c16': 1.01, 'F.peer.ratioHigh.c16': 1.03, 'F.peer.ratio.c64': 1.03, 'F.peer.ratioLow.c64': 1.02, 'F.peer.ratioHigh.c64': 1.04 };
    assert.equal(WORDS.peerVsAutocannon(reader(aheadBoth)), 'exceeded autocannon’s throughput by at most 10% at both concurrencies compared (the rounds’ ratios ran 1.01–1.03 and 1.02–1.04, all above 1)');
    assert.throws(() => WORDS.peerVsAutocannon(reader({ ...rounds, 'F.peer.standing.c16': 7 })), /PEER_STANDINGS/);
    assert.equal(WORDS.peerMethod(reader({ 'F.peer.rounds': 3 })), 'taking turns in 3 alternating rounds, so that a machine that slows down during the check slows both');
    assert.equal(WORDS.peerMethod(reader({ 'F.peer.rounds': 1 })), 'one after the other, in one pass each');
  });

  test('capacity: the client-CPU rule, the generator’s ceiling (noise rule), the most callers tried, or more callers brought no more; or no valid level', () => {
    const hop = { 'F.runs': 3, 'F.maxConcurrency': 64, 'F.ceilingPerSec': 30_000, 'F.ceilingLowPerSec': 28_000, 'F.ceilingHighPerSec': 31_000,
      'F.hop.capacityFromValidLevel': 1, 'F.hop.capacityPerSec': 11_552, 'F.hop.capacityLowPerSec': 8_382, 'F.hop.capacityHighPerSec': 11_887, 'F.hop.capacityConcurrency': 64, 'F.hop.capacitySetByService': 1, 'F.hop.capacityNearCeiling': 0, 'F.hop.capacityServicesSaturated': 0, 'F.hop.capacityServicesCpuPercent': 80, 'F.hop.capacityTies': 0 };
    const chain = { 'F.chain.capacityFromValidLevel': 1, 'F.chain.capacityPerSec': 1_210, 'F.chain.capacityLowPerSec': 911, 'F.chain.capacityHighPerSec': 1_229, 'F.chain.capacityConcurrency': 16, 'F.chain.capacitySetByService': 1, 'F.chain.capacityNearCeiling': 0, 'F.chain.capacityServicesSaturated': 0, 'F.chain.capacityServicesCpuPercent': 85, 'F.chain.capacityTies': 0 };
    assert.equal(plain(WORDS.capacities(reader({ ...hop, ...chain }))), 'The highest median throughput among the levels that counted was, for the hop 11,552 calls/s with 64 callers (runs 8,382–11,887 calls/s), and for the chain 1,210 calls/s with 16 callers (runs 911–1,229 calls/s). For the hop, 64 callers was the most tried, so more callers might have brought more. For the chain, more callers brought no more.');
    // Both at the most callers: the limit is said once.
    assert.match(plain(WORDS.capacities(reader({ ...hop, ...chain, 'F.chain.capacityConcurrency': 64 }))), /\. For both, 64 callers was the most tried, so more callers might have brought more\.$/);
    const near = { ...hop, ...chain, 'F.hop.capacityNearCeiling': 1, 'F.ceilingBoundLowPerSec': 12_000, 'F.ceilingBoundHighPerSec': 13_000 };
    assert.match(plain(WORDS.capacities(reader(near))), /\. For the hop, that is within the noise of what the generator reached against a trivial responder while using a full share of its core \(12,000–13,000 calls\/s\), so the generator may have set it, not the service. For the chain, more callers brought no more\.$/);
    assert.match(plain(WORDS.capacities(reader({ ...near, 'F.ceilingBoundLowPerSec': 13_000 }))), /a full share of its core \(13,000 calls\/s\), so/);
    // Saturated services (pinned, ≥ 90% of their core): the service set it, said before the ceiling and the callers.
    const busy = { ...hop, ...chain, 'F.hop.capacityServicesSaturated': 1, 'F.hop.capacityServicesCpuPercent': 93.4, 'F.hop.capacityNearCeiling': 1 };
    assert.match(plain(WORDS.capacities(reader(busy))), /\. For the hop, its service kept its core 93% busy at that level, so the service, not the generator, set that figure. For the chain, more callers brought no more\.$/);
    assert.match(plain(WORDS.capacities(reader({ ...busy, 'F.chain.capacityServicesSaturated': 1, 'F.chain.capacityServicesCpuPercent': 97.2 }))), /\. For both, the services kept their core 93–97% busy at that level, so the services, not the generator, set that figure\.$/);
    assert.match(plain(WORDS.capacities(reader({ ...busy, 'F.chain.capacityServicesSaturated': 1, 'F.chain.capacityServicesCpuPercent': 93.2 }))), /For both, the services kept their core 93% busy at that level/);
    assert.match(plain(WORDS.capacities(reader({ ...hop, ...chain, 'F.chain.capacityServicesSaturated': 1, 'F.chain.capacityServicesCpuPercent': 97 }))), /\. For the chain, its three services kept their shared core 97% busy at that level, so the services, not the generator, set that figure\.$/);
    assert.equal(plain(WORDS.hopCapacity(reader(busy))), 'the hop’s highest median throughput among the levels that counted was 11,552 calls/s with 64 callers (runs 8,382–11,887 calls/s); its service kept its core 93% busy at that level, so the service, not the generator, set that figure');
    assert.match(plain(WORDS.capacities(reader({ ...hop, ...chain, 'F.hop.capacitySetByService': 0 }))), /For the hop, the next level needed more of a core than the client may use, so the generator, not the service, set that figure\. For the chain/);
    // The next level broke the client-CPU rule, but the service's core was saturated here: the service set it, and it is a floor.
    assert.match(plain(WORDS.capacities(reader({ ...busy, 'F.hop.capacitySetByService': 0 }))), /\. For the hop, its service kept its core 93% busy at that level, so the service, not the generator, limited that level. The next level does not count because the client needed more of its core than the rule allows. So the figure is a floor: what the service answered at least, not the most it can. For the chain, more callers brought no more\.$/);
    assert.equal(plain(WORDS.capacities(reader({ ...hop, 'F.chain.capacityFromValidLevel': 0 }))), 'The highest median throughput among the levels that counted was, for the hop 11,552 calls/s with 64 callers (runs 8,382–11,887 calls/s). For the hop, 64 callers was the most tried, so more callers might have brought more. No closed-loop level of the chain counted, so it has no capacity the page can use, and its open-loop rates came from a level that does not count.');
    // The article's one-target clause: the highest median over runs among the levels, not the highest any run reached (11,887 here).
    assert.equal(plain(WORDS.hopCapacity(reader(hop))), 'the hop’s highest median throughput among the levels that counted was 11,552 calls/s with 64 callers (runs 8,382–11,887 calls/s); 64 callers was the most tried, so more callers might have brought more');
    // One run (no range, no median).
    // One run (no range, no median), and other levels counted: one run cannot tell the highest from them.
    assert.equal(plain(WORDS.hopCapacity(reader({ ...hop, 'F.runs': 1, 'F.hop.capacityTies': -1 }))), 'the hop’s highest throughput among the levels that counted was 11,552 calls/s with 64 callers, from one run, too few to tell it from the other levels by the noise between runs; 64 callers was the most tried, so more callers might have brought more');
    // One run on both targets: said once.
    assert.equal(
      plain(WORDS.capacities(reader({ ...hop, ...chain, 'F.runs': 1, 'F.hop.capacityTies': -1, 'F.chain.capacityTies': -1 }))),
      'The highest throughput among the levels that counted was, for the hop 11,552 calls/s with 64 callers, and for the chain 1,210 calls/s with 16 callers. From one run, neither can be told from the other levels by the noise between runs. For the hop, 64 callers was the most tried, so more callers might have brought more. For the chain, more callers brought no more.',
    );
    // Not measurably above other levels (rules.capacityTies): named, one or several.
    // At the most callers but not measurably above fewer: a plateau, never "more might have brought more".
    const plateau = { ...hop, 'F.pinned': 1, 'F.hop.capacityTies': 1, 'F.hop.capacityTie.0': 16, 'F.hop.capacityServicesCpuPercent': 34.2, 'F.hop.closed.clientCpuPercent.c64': 16.4 };
    assert.equal(plain(WORDS.hopCapacity(reader(plateau))), 'the hop’s highest median throughput among the levels that counted was 11,552 calls/s with 64 callers (runs 8,382–11,887 calls/s), not measurably above the level with 16 callers (paired run by run, the ratios’ interval includes 1); going from 16 callers to 64 brought no measurable gain, yet at that level its service used 34% of its core and the generator 16% of its own: neither was saturated, so this run does not show what held it there');
    assert.match(plain(WORDS.hopCapacity(reader({ ...plateau, 'F.pinned': 0 }))), /; going from 16 callers to 64 brought no measurable gain; the services shared cores with the generator, so this run does not show which of them held it there$/);
    // Both on a plateau: each with its own figures, never merged into "for both".
    const chainPlateau = { ...chain, 'F.chain.capacityConcurrency': 64, 'F.chain.capacityTies': 2, 'F.chain.capacityTie.0': 1, 'F.chain.capacityTie.1': 16, 'F.chain.capacityServicesCpuPercent': 54, 'F.chain.closed.clientCpuPercent.c64': 10 };
    assert.match(plain(WORDS.capacities(reader({ ...plateau, ...chainPlateau }))), /\. For the hop, going from 16 callers to 64 brought no measurable gain, yet at that level its service used 34% of its core and the generator 16% of its own: neither was saturated, so this run does not show what held it there. For the chain, going from a single caller to 64 brought no measurable gain, yet at that level its three services used 54% of their shared core and the generator 10% of its own: neither was saturated, so this run does not show what held it there\.$/);
    assert.equal(
      plain(WORDS.capacities(reader({ ...hop, ...chain, 'F.chain.capacityTies': 2, 'F.chain.capacityTie.0': 1, 'F.chain.capacityTie.1': 64 }))),
      'The highest median throughput among the levels that counted was, for the hop 11,552 calls/s with 64 callers (runs 8,382–11,887 calls/s), and for the chain 1,210 calls/s with 16 callers (runs 911–1,229 calls/s), not measurably above the levels with a single caller and 64 callers (paired run by run, the ratios’ interval includes 1). For the hop, 64 callers was the most tried, so more callers might have brought more. For the chain, more callers brought no more.',
    );
  });

  test('the ceiling: the generator’s own limit in every run, in that one run, in some runs, or in none; the mark’s caveat only when a level was marked', () => {
    const base = { 'F.runs': 3, 'F.ceilingBoundRuns': 3, 'F.ceilingResponderBusyRuns': 0, 'F.ceilingClientCpuLowPercent': 88.6, 'F.ceilingClientCpuHighPercent': 99.2, 'F.maxClientCpuPercent': 70, 'F.hop.generatorLimitedLevels': 0, 'F.chain.generatorLimitedLevels': 2 };
    assert.equal(plain(WORDS.ceilingBound(reader(base))), 'In every run the generator used 89–99% of its core there (the rule allows 70%), and the responder less than 90% of its own, so the page takes the figure as the generator’s own limit.');
    assert.equal(plain(WORDS.ceilingBound(reader({ ...base, 'F.runs': 1, 'F.ceilingBoundRuns': 1 }))), 'In that run the generator used 99% of its core there (the rule allows 70%), and the responder less than 90% of its own, so the page takes the figure as the generator’s own limit.');
    // The responder busy too: either may have stopped the run, so the figure is no proof of the generator's limit.
    assert.equal(plain(WORDS.ceilingBound(reader({ ...base, 'F.ceilingResponderBusyRuns': 3 }))), 'In every run the generator used 89–99% of its core there (the rule allows 70%), but in every run the responder also used at least 90% of its own, so either may have stopped those runs, whose figures may understate what the generator can send.');
    assert.equal(plain(WORDS.ceilingBound(reader({ ...base, 'F.ceilingResponderBusyRuns': 1 }))), 'In every run the generator used 89–99% of its core there (the rule allows 70%), but in 1 of the 3 runs the responder also used at least 90% of its own, so either may have stopped that run, whose figure may understate what the generator can send.');
    assert.equal(plain(WORDS.ceilingBound(reader({ ...base, 'F.runs': 1, 'F.ceilingBoundRuns': 1, 'F.ceilingResponderBusyRuns': 1 }))), 'In that run the generator used 99% of its core there (the rule allows 70%), but the responder also used at least 90% of its own, so either may have stopped that run, whose figure may understate what the generator can send.');
    assert.equal(plain(WORDS.ceilingBound(reader({ ...base, 'F.ceilingBoundRuns': 1 }))), 'In 2 of the 3 runs the generator used less than 70% of its core there, so it did not stop those runs: their figures understate what the generator can send, and a level marked generator-limited may not have been.');
    assert.equal(plain(WORDS.ceilingBound(reader({ ...base, 'F.ceilingBoundRuns': 2, 'F.chain.generatorLimitedLevels': 0 }))), 'In 1 of the 3 runs the generator used less than 70% of its core there, so it did not stop that run: its figure understates what the generator can send.');
    assert.equal(plain(WORDS.ceilingBound(reader({ ...base, 'F.ceilingBoundRuns': 0, 'F.chain.generatorLimitedLevels': 0 }))), 'In every run the generator used less than 70% of its core there, so it did not stop those runs: the figure understates what the generator can send.');
    assert.equal(plain(WORDS.ceilingBound(reader({ ...base, 'F.runs': 1, 'F.ceilingBoundRuns': 0 }))), 'In that run the generator used less than 70% of its core there, so it did not stop that run: the figure understates what the generator can send, and a level marked generator-limited may not have been.');
  });

  test('the ceiling figure: the median with the runs’ range, or one run’s figure', () => {
    const base = { 'F.runs': 3, 'F.ceilingPerSec': 14_702, 'F.ceilingLowPerSec': 12_564, 'F.ceilingHighPerSec': 43_391 };
    assert.equal(plain(WORDS.ceilingFigure(reader(base))), '14,702 calls/s at the median (runs 12,564–43,391 calls/s)');
    assert.equal(plain(WORDS.ceilingFigure(reader({ ...base, 'F.runs': 1 }))), '14,702 calls/s');
  });

  test('wake-up floor: not measured; within both targets; above one or both, in every run, in some, or in the only one', () => {
    assert.equal(WORDS.wakeFloor(reader({ 'F.wakeFloor.measured': 0 })), 'This run did not measure how late the scheduler’s clock wakes on this machine.');
    const base = { 'F.runs': 3, 'F.wakeFloor.measured': 1, 'F.wakeFloor.p50Us': 90, 'F.wakeFloor.p99Us': 300, 'F.wakeFloor.p99LowUs': 250, 'F.wakeFloor.p99HighUs': 2_000, 'F.hop.unloadedP50Us': 200, 'F.chain.unloadedP50Us': 600, 'F.hop.floorBreaksLagRuns': 3, 'F.chain.floorBreaksLagRuns': 0, 'F.wakeFloor.stealMeasured': 0, 'F.stallFloor.measured': 0 };
    const head = 'Just before each run’s open-loop levels, the bench timed the scheduler’s clock alone, with no calls to send. It woke 90 µs late at the median and 300 µs at p99 (runs 250–2,000 µs), whether from other work on the machine or from its idle CPUs waking slowly.';
    const words = (over: Record<string, number>) => plain(WORDS.wakeFloor(reader({ ...base, ...over })));
    assert.equal(words({}), `${head} That p99 was in every run later than the hop’s unloaded p50 (200 µs) and within the chain’s (600 µs), so an open-loop level of the hop is unlikely to meet the lag rule on this machine.`);
    assert.equal(words({ 'F.hop.floorBreaksLagRuns': 0 }), `${head} That p99 was in every run within both targets’ unloaded p50, so the clock alone does not break the lag rule here.`);
    assert.ok(words({ 'F.hop.floorBreaksLagRuns': 2 }).endsWith('That p99 was later than the hop’s unloaded p50 (200 µs) in 2 of the 3 runs, and within the chain’s (600 µs) in every run, so an open-loop level of the hop is unlikely to meet the lag rule in those runs.'));
    assert.ok(words({ 'F.chain.floorBreaksLagRuns': 1 }).endsWith('That p99 was later than the hop’s unloaded p50 (200 µs) in every run and the chain’s (600 µs) in 1 of the 3 runs, so an open-loop level of either target is unlikely to meet the lag rule in those runs.'));
    assert.ok(words({ 'F.chain.floorBreaksLagRuns': 3 }).endsWith('That p99 was in every run later than the hop’s unloaded p50 (200 µs) and the chain’s (600 µs), so an open-loop level of either target is unlikely to meet the lag rule on this machine.'));
    assert.ok(words({ 'F.runs': 1, 'F.hop.floorBreaksLagRuns': 1 }).endsWith('That p99 was later than the hop’s unloaded p50 (200 µs) and within the chain’s (600 µs), so an open-loop level of the hop is unlikely to meet the lag rule on this machine.'));
    // Steal time, when every run read it: a figure and its runs' range, whatever its size (0 included).
    const steal = { ...base, 'F.wakeFloor.stealMeasured': 1, 'F.wakeFloor.stealPercent': 14.6, 'F.wakeFloor.stealLowPercent': 0, 'F.wakeFloor.stealHighPercent': 21.04 };
    assert.ok(plain(WORDS.wakeFloor(reader(steal))).startsWith(`${head} During those clock tests, /proc/stat counted 14.6% of this machine’s CPU time as given by the host to other work (steal time; the median of the runs, which ranged 0.0–21.0%; a host that does not report steal shows 0 too). That p99 was in every run later`));
    assert.ok(plain(WORDS.wakeFloor(reader({ ...steal, 'F.runs': 1 }))).includes('During those clock tests, /proc/stat counted 14.6% of this machine’s CPU time as given by the host to other work (steal time; a host that does not report steal shows 0 too).'));
    // Every run alike: no range whose ends read the same.
    assert.ok(plain(WORDS.wakeFloor(reader({ ...steal, 'F.wakeFloor.stealPercent': 0, 'F.wakeFloor.stealLowPercent': 0, 'F.wakeFloor.stealHighPercent': 0.01 }))).includes('/proc/stat counted 0.0% of this machine’s CPU time as given by the host to other work (steal time, in every run; a host that does not report steal shows 0 too).'));
  });

  test('stall probe: above a target’s p50 (no scheduler could), within both (the rest is sleeping), in some runs; absent before the probe', () => {
    const base = { 'F.runs': 3, 'F.wakeFloor.measured': 1, 'F.wakeFloor.p50Us': 90, 'F.wakeFloor.p99Us': 300, 'F.wakeFloor.p99LowUs': 250, 'F.wakeFloor.p99HighUs': 2_000, 'F.hop.unloadedP50Us': 200, 'F.chain.unloadedP50Us': 600, 'F.hop.floorBreaksLagRuns': 3, 'F.chain.floorBreaksLagRuns': 0, 'F.wakeFloor.stealMeasured': 0,
      'F.stallFloor.measured': 1, 'F.stallFloor.lateP99Us': 420, 'F.stallFloor.lateP99LowUs': 310, 'F.stallFloor.lateP99HighUs': 1_500, 'F.stallFloor.stalledLowPercent': 0.74, 'F.stallFloor.stalledHighPercent': 2.5, 'F.stallFloor.maxUs': 4_300, 'F.stallFloor.thresholdUs': 10, 'F.stallFloor.measureMs': 1_000,
      'F.hop.stallsBreakLagRuns': 3, 'F.chain.stallsBreakLagRuns': 0 };
    const words = (over: Record<string, number>) => plain(WORDS.wakeFloor(reader({ ...base, ...over })));
    const probe = 'Right after, a thread that never slept, spinning on the generator’s core for 1,000 ms in each run, was stopped for 0.74–2.50% of that time in pauses of over 10 µs, the longest 4,300 µs; those pauses alone would make a scheduler that never slept 420 µs late at p99 (runs 310–1,500 µs).';
    // The floor's conclusion, then the probe's stronger one where it breaks the rule too.
    assert.ok(words({}).endsWith(`(600 µs), so an open-loop level of the hop is unlikely to meet the lag rule on this machine. ${probe} That is in every run later than the hop’s unloaded p50 (200 µs) and within the chain’s (600 µs): while the machine pauses like that, no scheduler, sleeping or spinning, can keep the hop’s open levels within the lag rule, so a scheduler-lag mark there can be the machine’s alone, not the generator’s.`), words({}));
    assert.ok(words({ 'F.hop.stallsBreakLagRuns': 1 }).endsWith('That is later than the hop’s unloaded p50 (200 µs) in 1 of the 3 runs, and within the chain’s (600 µs) in every run: while the machine pauses like that, no scheduler, sleeping or spinning, can keep the hop’s open levels within the lag rule, so a scheduler-lag mark there can be the machine’s alone, not the generator’s.'));
    const within = words({ 'F.hop.stallsBreakLagRuns': 0 });
    assert.ok(within.includes('so an open-loop level of the hop is unlikely to meet the lag rule on this machine. Right after, a thread that never slept'), within);
    assert.ok(within.endsWith('That is in every run within both targets’ unloaded p50, so the pauses alone would not break the lag rule; the clock’s lateness beyond them comes from sleeping and waking.'), within);
    assert.ok(words({ 'F.runs': 1, 'F.hop.floorBreaksLagRuns': 1, 'F.hop.stallsBreakLagRuns': 1 }).includes('spinning on the generator’s core for 1,000 ms, was stopped for 2.50% of that time in pauses of over 10 µs, the longest 4,300 µs; those pauses alone would make a scheduler that never slept 420 µs late at p99. That is later than the hop’s unloaded p50 (200 µs) and within the chain’s (600 µs): while the machine pauses like that, no scheduler'));
  });

  test('open levels: none, one, several that never fall, several that fall; with and without the unloaded reference', () => {
    assert.equal(WORDS.hopOpen(reader({ 'F.hop.validOpenLevels': 0 })), 'no open-loop level counted, so no sentence or chart uses its loaded latency');
    const last = { 'F.hop.open.last.loadPercent': 70, 'F.hop.open.last.p99Us': 812, 'F.hop.unloadedCounts': 0 };
    assert.equal(plain(WORDS.hopOpen(reader({ ...last, 'F.hop.validOpenLevels': 1 }))), 'one open-loop level counted, too few for a trend. At 70% of capacity its p99 was 812 µs');
    const full = { ...last, 'F.hop.validOpenLevels': 5, 'F.hop.p99NeverFalls': 1, 'F.hop.unloadedCounts': 1, 'F.hop.open.last.p99OverUnloaded': 2, 'F.hop.closed.p99Us.c1': 369 };
    assert.equal(plain(WORDS.hopOpen(reader(full))), '5 open-loop levels counted, and their p99 never fell measurably as the offered load rose. At 70% of capacity, the highest load that counted, its p99 was 812 µs, about twice as much as its p99 with a single caller (369 µs)');
    assert.match(WORDS.hopOpen(reader({ ...full, 'F.hop.p99NeverFalls': 0 })), /fell measurably at least once/);
  });

  test('counts: runs, generator-limited and invalid levels, zero included', () => {
    assert.deepEqual([1, 2, 3].map((n) => WORDS.loadRuns(reader({ 'F.runs': n }))), ['once', 'twice', '3 times']);
    assert.equal(WORDS.generatorLimitedSummary(reader({ 'F.hop.generatorLimitedLevels': 0, 'F.chain.generatorLimitedLevels': 0 })), 'and no level of either target asked for more');
    assert.equal(WORDS.generatorLimitedSummary(reader({ 'F.hop.generatorLimitedLevels': 2, 'F.chain.generatorLimitedLevels': 0 })), 'and 2 levels of the hop and no level of the chain asked for more');
    const levels = (hopC: number, hopO: number, chainC: number, chainO: number) => ({ 'F.closedLevels': 3, 'F.openLevels': 4, 'F.hop.validClosedLevels': hopC, 'F.hop.validOpenLevels': hopO, 'F.chain.validClosedLevels': chainC, 'F.chain.validOpenLevels': chainO });
    assert.equal(WORDS.invalidSummary(reader(levels(3, 4, 3, 4))), 'Each target had 3 closed-loop and 4 open-loop levels; for both, every level counted.');
    assert.equal(WORDS.invalidSummary(reader(levels(3, 0, 3, 0))), 'Each target had 3 closed-loop and 4 open-loop levels; for both, every closed-loop level counted and no open-loop level did.');
    assert.equal(WORDS.invalidSummary(reader(levels(2, 0, 3, 1))), 'Each target had 3 closed-loop and 4 open-loop levels. For the hop, 2 of the closed-loop levels counted and no open-loop level did; for the chain, every closed-loop level counted and 1 of the open-loop levels did.');
  });

  test("Little's law: no level, one level, the deviation rounded up to a tenth of a percent below 1%, else to a whole percent", () => {
    const base = { 'F.runs': 1, 'F.hop.validClosedLevels': 3, 'F.chain.validClosedLevels': 3 };
    assert.equal(WORDS.littleLawFit(reader({ 'F.hop.validClosedLevels': 0, 'F.chain.validClosedLevels': 0 })), 'no closed-loop level counted, so there is nothing here to check');
    assert.equal(WORDS.littleLawFit(reader({ ...base, 'F.littleL.maxDeviationPercent': 0.2 })), 'at every level that counts, throughput × mean latency is within 0.2% of the number of callers');
    assert.equal(WORDS.littleLawFit(reader({ ...base, 'F.littleL.maxDeviationPercent': 0.08 })), 'at every level that counts, throughput × mean latency is within 0.1% of the number of callers');
    assert.equal(WORDS.littleLawFit(reader({ 'F.runs': 1, 'F.hop.validClosedLevels': 1, 'F.chain.validClosedLevels': 0, 'F.littleL.maxDeviationPercent': 0.2 })), 'at the one level that counts, throughput × mean latency is within 0.2% of the number of callers');
    // Several runs: the bound holds run by run, and says so.
    assert.equal(WORDS.littleLawFit(reader({ ...base, 'F.runs': 3, 'F.littleL.maxDeviationPercent': 0.63 })), 'at every level that counts, throughput × mean latency is within 0.7% of the number of callers in every run');
    // 2.1% is stated as "within 3%", never as a bound the figure breaks.
    assert.equal(WORDS.littleLawFit(reader({ ...base, 'F.littleL.maxDeviationPercent': 2.1 })), 'at every level that counts, throughput × mean latency is within 3% of the number of callers');
  });

  test('placement: pinned on two cores, on more, or not pinned', () => {
    assert.match(WORDS.loadPlacement(reader({ 'F.pinned': 1, 'F.cores': 2 })), /every service on the other,/);
    assert.match(WORDS.loadPlacement(reader({ 'F.pinned': 1, 'F.cores': 8 })), /every service on the others,/);
    assert.match(WORDS.loadPlacement(reader({ 'F.pinned': 0, 'F.cores': 1 })), /were not pinned apart/);
  });
});
