// Case I's derived words, forms and claims on hand-made facts: every outcome of recovery (recovered or
// not, ties within a span, nobody), the budget's verdict by the share of retries it let through, policy
// comparisons by the one-run yardstick, duplicates named per policy, the caller's schedule, the forms. Values worked out by hand.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { WORDS } from '../../src/prose/words.ts';
import { RETRIES_OFF_SHARE } from '../../src/prose/rules.ts';
import { FORMS } from '../../src/prose/forms.ts';
import { CLAIMS } from '../../src/prose/claims.ts';
import { recordingReader } from '../../src/claims/named.ts';

const POLICIES = ['none', 'immediate', 'backoff', 'budget', 'deadline'] as const;

/** Facts for a storm in which each policy recovered after the given ms, or did not (null). */
function storm(recovery: Partial<Record<(typeof POLICIES)[number], number | null>>, extra: Record<string, number> = {}) {
  const facts: Record<string, number> = { 'I.afterWindowMs': 5_000, 'I.recovery.windowMs': 1_000, 'I.bucketMs': 100, 'I.schedule.lateLimitMs': 62.5, ...extra };
  for (const p of POLICIES) {
    facts[`I.${p}.lateStartMs`] ??= 10;
    const ms = recovery[p] ?? null;
    facts[`I.${p}.recovered`] = ms === null ? 0 : 1;
    if (ms !== null) facts[`I.${p}.recoveryMs`] = ms;
  }
  return recordingReader(facts).read;
}

test('recovery words: a time after the brownout, "within" the first span, or not within the run', () => {
  const f = storm({ none: 1_900, deadline: 1_000 });
  assert.equal(WORDS.noneRecovery(f), 'recovered 1,900\u202fms after the brownout ended');
  assert.equal(WORDS.deadlineRecovery(f), "recovered within 1,000\u202fms of the brownout’s end", 'one span is the shortest time the rule can read');
  assert.equal(WORDS.immediateRecoveryClause(f), 'had not recovered when the run ended, 5,000\u202fms after the brownout');
});

test('which policy recovered first: times less than one span apart tie, and a tie reads as one, never as a rank', () => {
  // Quick mode: one span fits after the window, so every recovery reads 1,000 ms: all tie.
  assert.equal(
    WORDS.firstToRecover(storm({ none: 1_000, immediate: 1_000, backoff: 1_000, budget: 1_000, deadline: 1_000 })),
    'Every policy recovered within the first span after the brownout, the earliest the measure can show, so this run cannot rank them.',
  );
  assert.equal(WORDS.firstToRecover(storm({ none: 1_000, budget: 1_000, deadline: 1_000 })), 'No retry, the retry budget and deadline-drop all recovered within the first span after the brownout, the earliest the measure can show, so this run cannot rank them.');
  assert.equal(WORDS.firstToRecover(storm({ none: 1_900, budget: 1_900 })), 'No retry and the retry budget recovered at the same time, so this run does not rank the two; deadline-drop did not recover within the run.');
  // The expert's read (2026-12-02): deadline-drop 1,000 ms is the floor (its first span already met the rule),
  // so its lead on 1,900 ms is AT LEAST 900 ms, not "less than one span apart"; still short of the full span
  // the rule ranks by, so no rank, and the words say that is the rule's doing.
  const floorLead = WORDS.firstToRecover(storm({ none: 1_900, budget: 1_900, deadline: 1_000 }));
  assert.equal(
    floorLead,
    'Deadline-drop recovered within the first span after the brownout, the earliest the measure can show, and no retry and the retry budget at least 900\u202fms later, possibly more, but the rule ranks one policy ahead of another only when a full 1,000\u202fms span separates them, so this run does not rank them.',
  );
  assert.doesNotMatch(floorLead, /less than one .* apart/);
  // Two later times behind the floor: a lead for each (1,500 − 1,000 and 1,900 − 1,000); two policies at the floor: "both".
  assert.match(WORDS.firstToRecover(storm({ none: 1_500, budget: 1_900, deadline: 1_000 })), /and no retry at least 500\u202fms and the retry budget at least 900\u202fms later, possibly more,/);
  assert.match(WORDS.firstToRecover(storm({ none: 1_000, budget: 1_500, deadline: 1_000 })), /^No retry and deadline-drop both recovered within the first span .* and the retry budget at least 500\u202fms later/);
  assert.equal(WORDS.firstToRecover(storm({ none: 1_200, deadline: 1_500 })), 'No retry and deadline-drop recovered less than one 1,000\u202fms span apart, so this run does not rank the two.');
  // One span or more apart: a rank; "first" only for a policy a full span ahead of every other.
  assert.equal(
    WORDS.firstToRecover(storm({ none: 2_000, budget: 2_100, deadline: 1_000 })),
    'Deadline-drop recovered first, at least one 1,000\u202fms span before no retry and the retry budget; less than one 1,000\u202fms span separates no retry from the retry budget, so that pair is not ranked.',
  );
  assert.equal(
    WORDS.firstToRecover(storm({ none: 3_700, budget: 2_000, deadline: 1_000 })),
    'Deadline-drop recovered first, at least one 1,000\u202fms span before the retry budget and no retry; the retry budget recovered at least one 1,000\u202fms span before no retry.',
  );
  assert.equal(
    WORDS.firstToRecover(storm({ none: 1_000, budget: 2_000, deadline: 1_000 })),
    'No retry recovered at least one 1,000\u202fms span before the retry budget; deadline-drop recovered at least one 1,000\u202fms span before the retry budget; no retry and deadline-drop both recovered within the first span after the brownout, the earliest the measure can show, so that pair is not ranked, and no policy recovered a full span ahead of every other.',
  );
  // The expert's full run (2026-12-02): deadline 1,000, budget 1,900, no retry 2,700 ms. Budget and no retry
  // are 800 ms apart and budget and deadline 900 ms: only deadline-drop is ranked, against no retry alone,
  // and no policy "recovered first" (the old words put the budget a span before no retry). No retry's
  // caller started calls up to 517 ms late, above the 62.5 ms limit: its time is said to come from that run.
  const full = WORDS.firstToRecover(storm({ none: 2_700, budget: 1_900, deadline: 1_000 }, { 'I.none.lateStartMs': 517 }));
  assert.equal(
    full,
    "Deadline-drop recovered at least one 1,000\u202fms span before no retry; deadline-drop recovered within the first span after the brownout, the earliest the measure can show, at least 900\u202fms before the retry budget, possibly more, but less than the full span the rule ranks by; less than one 1,000\u202fms span separates the retry budget from no retry, so those pairs are not ranked, and no policy recovered a full span ahead of every other. The recovery time of no retry comes from a run whose caller fell behind its schedule, a burstier load than the others'.",
  );
  assert.doesNotMatch(full, /together they recovered first|finer than the rule reads|before no retry and|budget .*before no retry/);
  assert.equal(WORDS.firstToRecover(storm({ none: 1_200, deadline: 2_200 })), 'No retry recovered first, at least one 1,000\u202fms span before deadline-drop.');
  assert.equal(WORDS.firstToRecover(storm({ none: 1_200, budget: 2_900 })), 'No retry recovered first, at least one 1,000\u202fms span before the retry budget; deadline-drop did not recover within the run.');
  assert.equal(WORDS.firstToRecover(storm({ none: 1_200 })), 'No retry was the only policy that recovered within the run.');
  assert.equal(WORDS.firstToRecover(storm({})), 'No policy recovered within the run.');
});

test('goodput after the brownout above before reads as calls held up being answered, not as a gain', () => {
  const g = (after: number, before: number) =>
    WORDS.immediateGoodputAfter(storm({}, { 'I.immediate.goodput.afterPerSec': after, 'I.immediate.goodput.beforePerSec': before, 'I.immediate.goodput.afterOverBefore': after / before })).replace(/\u202f/g, ' ');
  assert.equal(g(163, 125), '163 calls/s, above the 125 calls/s before it: not a gain, but calls held up by the brownout being answered late');
  assert.equal(g(130, 125), '130 calls/s, about the 125 calls/s before it');
  assert.equal(g(0, 125), '0 calls/s, below the 125 calls/s before it');
});

test("the budget's verdict: from the retries it let through against those it refused (threshold RETRIES_OFF_SHARE), then from recovery", () => {
  assert.equal(RETRIES_OFF_SHARE, 0.1);
  const budget = (received: number, refused: number, recovery: Parameters<typeof storm>[0]) =>
    WORDS.budgetVerdict(storm(recovery, { 'I.budget.retriesReceived': received, 'I.budget.budgetRefused': refused, 'I.budget.failed': 312, 'I.none.failed': 312 })).replace(/\u202f/g, ' ');
  // The expert's run: 1,174 attempts for 1,170 calls = 4 retries through, 312 refused: 4 ÷ 316 = 1.3%.
  assert.equal(
    budget(4, 312, { budget: 1_900, none: 1_900 }),
    'The budget let 4 of the 316 retries its clients asked for reach the server (1%) and refused the rest, so in effect it turned retries off rather than capping a storm: 312 calls failed, as many as without retries, and the system recovered 1,900 ms after the brownout ended.',
  );
  // The threshold, tabled: share → turned off?
  const off = (received: number, refused: number) => /turned retries off/.test(budget(received, refused, { budget: 1_000 }));
  const table: [received: number, refused: number, turnedOff: boolean][] = [
    [0, 312, true],
    [1, 999, true],
    [10, 90, true], // exactly 10%
    [11, 89, false],
    [40, 60, false],
    [300, 0, false],
  ];
  for (const [received, refused, expected] of table) assert.equal(off(received, refused), expected, `${received} through, ${refused} refused`);
  assert.match(budget(0, 312, { budget: 1_000 }), /^The budget let none of the 312 retries its clients asked for reach the server, so in effect it turned retries off/);
  assert.match(budget(1, 999, { budget: 1_000 }), /\(under 1%\)/, 'a share above zero never reads 0%');
  // Enough retries went through for the budget to be judged by recovery.
  assert.match(budget(40, 60, { budget: 1_000 }), /^The budget let 40 of the 100 retries .* \(40%\) and refused the rest, and that was enough: the system recovered within 1,000 ms of the brownout’s end, where naive immediate retries had not brought goodput back when the run ended\.$/);
  assert.match(budget(40, 60, { budget: 1_000, immediate: 1_000 }), /no lasting damage here for the budget to cap/);
  assert.match(budget(40, 60, { immediate: 1_000 }), /not enough/);
  assert.match(budget(40, 60, {}), /not enough/);
  // None refused: never "and refused the rest" (the quick fixture: 3 of 3 through).
  assert.match(budget(3, 0, { budget: 1_000, immediate: 1_000 }), /^The budget let all 3 retries its clients asked for reach the server and refused none\. The system recovered within 1,000 ms of the brownout’s end\. But naive immediate retries recovered in this run too, so there was no lasting damage here for the budget to cap\.$/);
  assert.match(budget(1, 0, { budget: 1_000, immediate: 1_000 }), /^The budget let the one retry its clients asked for reach the server and refused none\. /);
  assert.match(budget(0, 0, { budget: 1_000 }), /^Its clients asked for no retry in this run, so the budget had nothing to refuse/);
});

test('policy against policy, one run each: a difference counts only beyond the two naive runs AND the 10% one-run tolerance; equal as shown reads "as many as"', () => {
  const amp = (backoff: number, immediate: number, shortTtl: number) =>
    WORDS.backoffAmpVsImmediate(storm({}, { 'I.backoff.amp.overall': backoff, 'I.immediate.amp.overall': immediate, 'I.immediateShortTtl.amp.overall': shortTtl }));
  // The expert's full run: 2,925 attempts (1,755 retries) against 2,926 (1,756) for 1,170 calls: both show 2.50×,
  // and the two naive runs were identical (a yardstick of zero). The old words read "fewer than the 2.50×".
  assert.equal(amp(2925 / 1170, 2926 / 1170, 2926 / 1170), 'as many as naive immediate retries sent (2.50×)');
  assert.match(amp(2.45, 2.5, 2.5), /^about as many as naive immediate retries sent \(2\.50×; their two runs sent 2\.50× and 2\.50×, and a difference between two single runs counts only beyond both that and 10%\)$/, '2% apart, beyond a zero spread but within 10%');
  assert.equal(amp(1.88, 2.28, 2.41), 'fewer than the 2.28× of naive immediate retries, by more than 10% and more than their two runs differ (2.28× and 2.41×)', '0.40 apart against 0.13 and 0.228');
  assert.match(amp(2.2, 2.28, 2.41), /^about as many as naive immediate retries sent/, '0.08 apart against 0.13: no effect');
  assert.match(amp(2.6, 2.28, 2.41), /^more than the 2\.28×/, '0.32 apart, 12%');
  assert.match(amp(2.48, 2.28, 2.28), /^about as many as/, '0.20 apart, beyond a zero spread but 8%: within the tolerance');
  const during = (deadline: number, none: number, imm: number, short: number, noneLate = 10) =>
    WORDS.deadlineDuringVsNone(
      storm({}, { 'I.deadline.goodput.duringPerSec': deadline, 'I.none.goodput.duringPerSec': none, 'I.immediate.goodput.duringPerSec': imm, 'I.immediateShortTtl.goodput.duringPerSec': short, 'I.none.lateStartMs': noneLate }),
    ).replace(/\u202f/g, ' ');
  assert.equal(during(47, 12, 14, 13), '47 calls/s, against 12 calls/s without retries');
  assert.match(during(14, 12, 14, 10), /no larger than the two runs of naive immediate retries show/);
  assert.match(during(13.4, 13, 13, 13), /^13 calls\/s, as without retries$/, 'equal as shown');
  assert.match(during(14, 13, 13, 13), /a difference within 10%/, '1 call/s apart, 7%: within the tolerance');
  // The expert's full run: no retry's caller started calls up to 517 ms late (limit 62.5 ms).
  assert.equal(during(49, 13, 13, 13, 517), '49 calls/s, against 13 calls/s without retries (a run whose caller fell behind its schedule)');
  assert.equal(during(49, 13, 13, 13, 62.5), '49 calls/s, against 13 calls/s without retries', 'at the limit is not behind');
  // "… read as an effect only when it is larger than ___." The rule of policyDiffers: above the immediate pair's gap and above 10%.
  assert.equal(
    WORDS.policyDifferenceRule(storm({})),
    'both the gap between those two runs on the same figure and 10% of the larger figure. The two runs share one seed, so their gap can be small: wherever it is below that 10%, the bar is simply 10% of the larger figure. A smaller difference, or one only in the rounding shown, reads as none',
  );
  assert.doesNotMatch(WORDS.policyDifferenceRule(storm({})), /generous/, 'no direction claimed for an error rate nobody measured');
});

test('how many storms the policies rest on: one storm each, or that many', () => {
  assert.equal(WORDS.stormsPerPolicy(storm({}, { 'I.runsPerPolicy': 1 })), 'Each policy ran once, in one storm, so these figures, and any order among the policies, come from one storm each.');
  assert.equal(WORDS.stormsPerPolicy(storm({}, { 'I.runsPerPolicy': 5 })), 'Each policy ran 5 times, so these figures, and any order among the policies, come from 5 storms each.');
});

test('comparisons with the no-retry run carry the caveat when its caller fell behind: recovery, the budget against it', () => {
  const late = { 'I.none.lateStartMs': 517 };
  assert.equal(
    WORDS.noneRecovery(storm({ none: 2_700 }, late)).replace(/\u202f/g, ' '),
    'recovered 2,700 ms after the brownout ended (though in that run the caller fell behind its schedule, starting calls up to 517 ms late, so its load came in bursts)',
  );
  assert.equal(WORDS.noneRecovery(storm({ none: 2_700 })).replace(/\u202f/g, ' '), 'recovered 2,700 ms after the brownout ended');
  const budget = WORDS.budgetVerdict(storm({ budget: 1_900, none: 2_700 }, { ...late, 'I.budget.retriesReceived': 4, 'I.budget.budgetRefused': 309, 'I.budget.failed': 310, 'I.none.failed': 399, 'I.immediate.failed': 877, 'I.immediateShortTtl.failed': 878 })).replace(/\u202f/g, ' ');
  assert.match(budget, /310 calls failed, against 399 without retries \(a run whose caller fell behind its schedule\), fewer, by more than the rule allows for, and the system recovered 1,900 ms/);
  assert.match(WORDS.firstToRecover(storm({ none: 1_200 }, late)), /^No retry was the only policy that recovered within the run \(a run whose caller fell behind its schedule\)\.$/);
});

test('duplicates without a key: every retrying policy named with its count, each against naive immediate retries by the one-run rule; none at all reads as such', () => {
  const dups = (n: Record<string, number>, shortTtl: number) =>
    WORDS.unkeyedDuplicatesByPolicy(recordingReader({ ...Object.fromEntries(POLICIES.map((p) => [`I.${p}.duplicates.unkeyed`, n[p] ?? 0])), 'I.immediateShortTtl.duplicates.unkeyed': shortTtl }).read);
  const head = 'Calls without a key wrote second invoices when their retries were served:';
  // The fixture's full run: 431 and 244 for the two naive runs (yardstick 187); backoff 419 is 12 apart: not counted.
  assert.equal(
    dups({ immediate: 431, backoff: 419, budget: 1, deadline: 0 }, 244),
    `${head} 431 under naive immediate retries. Against that, 419 under backoff with full jitter, a difference too small for the rule to count; 1 under the retry budget and none under deadline-drop, each fewer, by more than the rule allows for.`,
  );
  // Yardstick 34: backoff 383 is 49 apart and 13% of 383: more.
  assert.equal(
    dups({ immediate: 334, backoff: 383, budget: 2, deadline: 5 }, 300),
    `${head} 334 under naive immediate retries. Against that, 2 under the retry budget and 5 under deadline-drop, each fewer, by more than the rule allows for; 383 under backoff with full jitter, more, by more than the rule allows for.`,
  );
  assert.equal(
    dups({ backoff: 1 }, 0),
    `${head} none under naive immediate retries. Against that, none under the retry budget and none under deadline-drop, each as many; 1 under backoff with full jitter, more, by more than the rule allows for.`,
  );
  assert.equal(dups({}, 0), 'Calls without a key wrote no second invoice under any policy in this run.');
});

test('goodput in the first span after the brownout, across the policies by the one-run rule: all equal, all within it, one ahead, several ahead', () => {
  const first = (v: Record<string, number>, shortTtl: number, extra: Record<string, number> = {}) =>
    WORDS.firstSpanGoodput(
      storm({}, { ...Object.fromEntries(POLICIES.map((p) => [`I.${p}.goodput.firstSpanAfterPerSec`, v[p] ?? 0])), 'I.immediateShortTtl.goodput.firstSpanAfterPerSec': shortTtl, ...extra }),
    ).replace(/\u202f/g, ' ');
  const head = 'In the first 1,000 ms after the brownout, goodput was';
  assert.equal(first({ none: 130, immediate: 130, backoff: 130, budget: 130, deadline: 130 }, 130), `${head} 130 calls/s under every policy.`);
  // 120–130, yardstick 0: 10 apart is within 10% of 130 (13): no policy below by more than the rule allows for.
  assert.equal(
    first({ none: 125, immediate: 120, backoff: 130, budget: 128, deadline: 126 }, 120),
    `${head} 125 calls/s under no retry, 120 calls/s under naive immediate retries, 130 calls/s under backoff with full jitter, 128 calls/s under the retry budget and 126 calls/s under deadline-drop. No policy was below the highest by more than the rule allows for.`,
  );
  // The fixture's shape: deadline-drop far ahead (170 against 0–60; yardstick 0).
  assert.equal(
    first({ none: 60, immediate: 0, backoff: 0, budget: 58, deadline: 170 }, 0),
    'In the first 1,000 ms after the brownout, goodput was highest under deadline-drop, 170 calls/s; lower by more than the rule allows for: 60 calls/s under no retry, 0 calls/s under naive immediate retries and backoff with full jitter, and 58 calls/s under the retry budget.',
  );
  // Two ahead: no retry 165 is 5 below 170 (3%): not below by more than the rule allows for.
  assert.equal(
    first({ none: 165, immediate: 0, backoff: 0, budget: 40, deadline: 170 }, 0),
    'In the first 1,000 ms after the brownout, goodput was highest under deadline-drop, 170 calls/s; not lower by more than the rule allows for: 165 calls/s under no retry; lower by more than it allows for: 0 calls/s under naive immediate retries and backoff with full jitter, and 40 calls/s under the retry budget.',
  );
  // The build's shape: one policy ahead, every other at one figure.
  assert.equal(
    first({ none: 0, immediate: 0, backoff: 0, budget: 0, deadline: 196 }, 0),
    'In the first 1,000 ms after the brownout, goodput was highest under deadline-drop, 196 calls/s; lower by more than the rule allows for: 0 calls/s under no retry, naive immediate retries, backoff with full jitter and the retry budget.',
  );
  // A run whose caller fell behind is named.
  assert.match(first({ deadline: 170, none: 60 }, 0, { 'I.none.lateStartMs': 517 }), /\. The goodput of no retry comes from a run whose caller fell behind its schedule, a burstier load than the others'\.$/);
});

test("the caller's schedule: kept, or behind in some runs, at worst past the timeout, by the bench's own limit", () => {
  const sched = (behind: number, lateMax: number) =>
    WORDS.callerSchedule(recordingReader({ 'I.schedule.lateLimitMs': 62.5, 'I.schedule.runsBehind': behind, 'I.schedule.runs': 6, 'I.schedule.lateMaxMs': lateMax, 'I.clientTimeoutMs': 250 }).read).replace(/\u202f/g, ' ');
  assert.equal(sched(0, 13), 'The caller kept that schedule: across the storms the latest any call started after it was due was 13 ms, within the limit of 62.5 ms (a quarter of the timeout).');
  assert.match(sched(0, 62.5), /was 62\.5 ms, within the limit of 62\.5 ms/, 'at the limit: not behind, and the figure is still the measured one');
  assert.match(sched(5, 467), /^The caller fell behind that schedule in 5 of the 6 storms: it started calls more than 62\.5 ms \(a quarter of the timeout\) after they were due, at worst 467 ms, longer than the timeout itself\. Arrivals bunched/);
  assert.match(sched(1, 100), /in one of the 6 storms: .* at worst 100 ms\. Arrivals/);
  assert.match(sched(6, 100), /in all 6 storms/);
});

test('forms: recovered or stuck; zero, one or many; the day-long-key claim', () => {
  assert.equal(FORMS.immediateRecovery.pick(storm({})), 'stuck');
  assert.equal(FORMS.immediateRecovery.pick(storm({ immediate: 1_000 })), 'withinSpan');
  assert.equal(FORMS.immediateRecovery.pick(storm({ immediate: 1_400 })), 'later');
  assert.equal(FORMS.backoffRecovery.pick(storm({ immediate: 1_400 })), 'stuck');
  const drops = (n: number) => FORMS.deadlineDrops.pick(recordingReader({ 'I.deadline.dropped': n }).read);
  assert.deepEqual([drops(0), drops(1), drops(274)], ['zero', 'one', 'many'], 'zero drops take the zero form: no credit for drops that did not happen');
  assert.equal(FORMS.shortTtlKeyedDuplicates.pick(recordingReader({ 'I.immediateShortTtl.duplicates.keyed': 1 }).read), 'one');
  const keyed = (n: number) => recordingReader(Object.fromEntries(POLICIES.map((p) => [`I.${p}.duplicates.keyed`, p === 'budget' ? n : 0]))).read;
  assert.equal(CLAIMS.noKeyedDuplicatesWithDayLongKeys(keyed(0)), true);
  assert.equal(CLAIMS.noKeyedDuplicatesWithDayLongKeys(keyed(1)), false, 'one keyed duplicate under any policy makes it false');
  const noRetryDup = recordingReader(Object.fromEntries(POLICIES.map((p) => [`I.${p}.duplicates.keyed`, p === 'none' ? 1 : 0]))).read;
  assert.equal(CLAIMS.noKeyedDuplicatesWithDayLongKeys(noRetryDup), true, '"under any policy that retries": the no-retry run is not read');
  assert.equal(CLAIMS.eachPolicyRanOnce(recordingReader({ 'I.runsPerPolicy': 1 }).read), true);
  assert.equal(CLAIMS.eachPolicyRanOnce(recordingReader({ 'I.runsPerPolicy': 3 }).read), false, 'a bench that repeats the storms makes "ran once" false');
});

test('the caller settles before the storms: warm-up calls always, the collection only when the config asks', () => {
  const settle = (gc: number) => WORDS.callerSettle(recordingReader({ 'I.settle.warmUpCalls': 100, 'I.settle.collectsGarbage': gc }).read);
  assert.equal(settle(1), 'Before the first storm the caller sent 100 untimed calls, so that no storm timed code being compiled. Before each storm its heap was also collected in full, outside the timed run, so that a garbage-collection pause left by earlier cases could not hold up its schedule.');
  assert.equal(settle(0), 'Before the first storm the caller sent 100 untimed calls, so that no storm timed code being compiled.');
});

test('what a keyed retry found, per policy that retries: 409s and stored replies counted, zero said as "none", none of either as such', () => {
  const P = ['immediate', 'backoff', 'budget', 'deadline'];
  const found = (c409: number[], replayed: number[]) =>
    WORDS.keyedRetriesFound(recordingReader(Object.fromEntries(P.flatMap((p, i) => [[`I.${p}.replies.conflict409`, c409[i]!], [`I.${p}.replies.replayed`, replayed[i]!]]))).read);
  const head = 'A keyed retry that found an earlier attempt of its call still in progress got a 409, and one that found it finished got the stored reply.';
  // The expert's run: statusCounts 409 675/694/1/0, replayed 0/6/1/0 (immediate, backoff, budget, deadline).
  assert.equal(
    found([675, 694, 1, 0], [0, 6, 1, 0]),
    `${head} Under naive immediate retries, 675 got a 409 and none the stored reply. Under backoff with full jitter, 694 got a 409 and 6 the stored reply. Under the retry budget, 1 got a 409 and 1 the stored reply. Under deadline-drop, none got either.`,
  );
  assert.equal(found([0, 0, 0, 0], [0, 0, 0, 0]), `${head} In this run no keyed retry got either.`);
  assert.match(found([0, 0, 0, 0], [3, 0, 0, 0]), /Under naive immediate retries, none got a 409 and 3 the stored reply\. Under backoff with full jitter, none got either\. /);
});

test("backoff's waits from the config: each retry's ceiling min(cap, base × 2^(n−1)) and half of it on average, against the timeout; 'short' only when below it, and the caveat only when backoff did not recover", () => {
  const waits = (base: number, cap: number, maxAttempts: number, recovered: number) =>
    WORDS.backoffWaits(recordingReader({ 'I.backoff.baseMs': base, 'I.backoff.capMs': cap, 'I.maxAttempts': maxAttempts, 'I.backoff.recovered': recovered, 'I.clientTimeoutMs': 250 }).read).replace(/\u202f/g, ' ');
  // The bench's config: base 100, cap 1,000, 3 attempts: retries 1 and 2 below 100 and 200 ms, means 50 and 100 ms.
  const drawn = 'With a base of 100 ms and a cap of 1,000 ms, the wait before the first retry is drawn at random below 100 ms and the one before the second below 200 ms. That is about 50 ms and 100 ms on average, each below the 250 ms timeout.';
  assert.equal(waits(100, 1_000, 3, 0), `${drawn} These waits are short, so this run does not show what backoff with longer waits would do.`);
  assert.equal(waits(100, 1_000, 3, 1), drawn, 'backoff recovered: no caveat about longer waits');
  // The cap binds: 100, min(150, 200), min(150, 400) → means 50, 75, 75.
  assert.match(waits(100, 150, 4, 0), /below 100 ms, the one before the second below 150 ms and the one before the third below 150 ms\. That is about 50 ms, 75 ms and 75 ms on average/);
  // Base 400: means 200 and 400 ms; the longer is not below 250 ms, so the waits are not called short.
  assert.equal(waits(400, 1_000, 3, 0), 'With a base of 400 ms and a cap of 1,000 ms, the wait before the first retry is drawn at random below 400 ms and the one before the second below 800 ms. That is about 200 ms and 400 ms on average, the longest not below the 250 ms timeout.');
  assert.match(waits(100, 1_000, 2, 0), /the wait before the retry is drawn at random below 100 ms\. That is about 50 ms on average, below the 250 ms timeout\. These waits are short/);
});

test('the budget\'s attempts: a ratio, or counts when the ratio shows 1.00× though retries reached the server', () => {
  const attempts = (attempts: number, calls: number) =>
    WORDS.budgetAttempts(recordingReader({ 'I.budget.amp.overall': attempts / calls, 'I.budget.retriesReceived': attempts - calls, 'I.budget.attempts': attempts, 'I.budget.calls': calls }).read);
  assert.equal(attempts(1_109, 1_105), '1,109 attempts for 1,105 calls', 'the expert\'s run: 1.0036× shows as 1.00×');
  assert.equal(attempts(1_105, 1_105), '1.00× as many attempts as calls', 'no retry reached the server: 1.00× is exact');
  assert.equal(attempts(1_547, 1_105), '1.40× as many attempts as calls');
  // Backoff's recovered forms read the same way from its own run.
  const backoff = WORDS.backoffAttempts(recordingReader({ 'I.backoff.amp.overall': 1_108 / 1_105, 'I.backoff.retriesReceived': 3, 'I.backoff.attempts': 1_108, 'I.backoff.calls': 1_105 }).read);
  assert.equal(backoff, '1,108 attempts for 1,105 calls');
});
