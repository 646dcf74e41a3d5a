// Case I's derived words, forms and claims on hand-made facts: every outcome of recovery (recovered or
// not, ties within a span, nobody), the budget's verdict by the share of retries it let through, policy
// comparisons by the one-run yardstick, duplicates named per policy, the caller's schedule, the forms. Values worked out by hand.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RETRIES_OFF_SHARE, WORDS } from '../../content/words.ts';
import { FORMS } from '../../content/forms.ts';
import { CLAIMS } from '../../content/claims.ts';
import { recordingReader } from '../../src/claims/named.ts';

const POLICIES = ['none', 'immediate', 'backoff', 'budget', 'deadline'] as const;

/** Facts for a storm in which each policy recovered after the given ms, or did not (null). */
function storm(recovery: Partial<Record<(typeof POLICIES)[number], number | null>>, extra: Record<string, number> = {}) {
  const facts: Record<string, number> = { 'I.afterWindowMs': 5_000, 'I.recovery.windowMs': 1_000, 'I.bucketMs': 100, ...extra };
  for (const p of POLICIES) {
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
    "Every policy recovered within 1,000\u202fms of the brownout’s end, so this run does not rank them.",
  );
  assert.equal(WORDS.firstToRecover(storm({ none: 1_000, budget: 1_000, deadline: 1_000 })), "No retry, the retry budget and deadline-drop recovered within 1,000\u202fms of the brownout’s end, so this run does not rank them.");
  assert.equal(WORDS.firstToRecover(storm({ none: 1_900, budget: 1_900 })), 'No retry and the retry budget recovered 1,900\u202fms after the brownout ended, so this run does not rank the two; deadline-drop did not recover within the run.');
  // The expert's run: 1,000 against 1,900 is 900 ms, less than one 1,000 ms span: no rank.
  assert.equal(
    WORDS.firstToRecover(storm({ none: 1_900, budget: 1_900, deadline: 1_000 })),
    'No retry, the retry budget and deadline-drop recovered within 1,900\u202fms of the brownout’s end, less than one 1,000\u202fms span apart, which is finer than the rule reads, so this run does not rank them.',
  );
  assert.equal(WORDS.firstToRecover(storm({ none: 1_200, deadline: 1_500 })), 'No retry and deadline-drop recovered within 1,500\u202fms of the brownout’s end, less than one 1,000\u202fms span apart, which is finer than the rule reads, so this run does not rank the two.');
  // One span or more apart: a rank.
  assert.equal(WORDS.firstToRecover(storm({ none: 2_000, budget: 2_100, deadline: 1_000 })), 'Deadline-drop recovered first, within 1,000\u202fms of the brownout’s end, at least one 1,000\u202fms span before no retry and the retry budget.');
  assert.equal(WORDS.firstToRecover(storm({ none: 1_000, budget: 2_000, deadline: 1_000 })), "No retry and deadline-drop recovered within 1,000\u202fms of the brownout’s end: together they recovered first, at least one 1,000\u202fms span before the retry budget.");
  assert.equal(WORDS.firstToRecover(storm({ none: 1_200, deadline: 2_200 })), 'No retry recovered first, 1,200\u202fms after the brownout ended, at least one 1,000\u202fms span before deadline-drop.');
  assert.equal(WORDS.firstToRecover(storm({ none: 1_200, budget: 2_900 })), 'No retry recovered first, 1,200\u202fms after the brownout ended, at least one 1,000\u202fms span before the retry budget; deadline-drop did not recover within the run.');
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
    'The budget let 4 of the 316 retries its clients asked for reach the server (1%) and refused the rest, so in effect it turned retries off rather than capping a storm: 312 calls failed, against 312 without retries, and its clients recovered 1,900 ms after the brownout ended.',
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
  assert.match(budget(40, 60, { budget: 1_000 }), /^The budget let 40 of the 100 retries .* \(40%\) and refused the rest, and that was enough: its clients recovered within 1,000 ms of the brownout’s end, where naive immediate retries never brought goodput back\.$/);
  assert.match(budget(40, 60, { budget: 1_000, immediate: 1_000 }), /no lasting damage here for the budget to cap/);
  assert.match(budget(40, 60, { immediate: 1_000 }), /not enough/);
  assert.match(budget(40, 60, {}), /not enough/);
  assert.match(budget(0, 0, { budget: 1_000 }), /^Its clients asked for no retry in this run, so the budget had nothing to refuse/);
});

test('policy against policy, one run each: a difference counts only beyond the two runs of naive immediate retries', () => {
  const amp = (backoff: number, immediate: number, shortTtl: number) =>
    WORDS.backoffAmpVsImmediate(storm({}, { 'I.backoff.amp.overall': backoff, 'I.immediate.amp.overall': immediate, 'I.immediateShortTtl.amp.overall': shortTtl }));
  assert.equal(amp(1.88, 2.28, 2.41), 'fewer than the 2.28× of naive immediate retries, by more than their two runs differ (2.28× and 2.41×)', '0.40 apart against 0.13');
  assert.match(amp(2.2, 2.28, 2.41), /^about as many as naive immediate retries sent/, '0.08 apart against 0.13: no effect');
  assert.match(amp(2.6, 2.28, 2.41), /^more than the 2\.28×/);
  const during = (deadline: number, none: number, imm: number, short: number) =>
    WORDS.deadlineDuringVsNone(storm({}, { 'I.deadline.goodput.duringPerSec': deadline, 'I.none.goodput.duringPerSec': none, 'I.immediate.goodput.duringPerSec': imm, 'I.immediateShortTtl.goodput.duringPerSec': short })).replace(/\u202f/g, ' ');
  assert.equal(during(47, 12, 14, 13), '47 calls/s, against 12 calls/s without retries');
  assert.match(during(14, 12, 14, 10), /no larger than the two runs of naive immediate retries show/);
});

test('duplicates without a key: every retrying policy named with its count, none ranked; none at all reads as such', () => {
  const dups = (n: Record<string, number>) => WORDS.unkeyedDuplicatesByPolicy(recordingReader(Object.fromEntries(POLICIES.map((p) => [`I.${p}.duplicates.unkeyed`, n[p] ?? 0]))).read);
  assert.equal(
    dups({ immediate: 334, backoff: 383, budget: 2, deadline: 5 }),
    'Calls without a key wrote second invoices when their retries were served: 334 under naive immediate retries, 383 under backoff with full jitter, 2 under the retry budget and 5 under deadline-drop.',
  );
  assert.equal(dups({ backoff: 1 }), 'Calls without a key wrote second invoices when their retries were served: none under naive immediate retries, 1 under backoff with full jitter, none under the retry budget and none under deadline-drop.');
  assert.equal(dups({}), 'Calls without a key wrote no second invoice under any policy in this run.');
});

test("the caller's schedule: kept, or behind in some runs, at worst past the timeout, by the bench's own limit", () => {
  const sched = (behind: number, lateMax: number) =>
    WORDS.callerSchedule(recordingReader({ 'I.schedule.lateLimitMs': 62.5, 'I.schedule.runsBehind': behind, 'I.schedule.runs': 6, 'I.schedule.lateMaxMs': lateMax, 'I.clientTimeoutMs': 250 }).read).replace(/\u202f/g, ' ');
  assert.equal(sched(0, 40), 'The caller kept that schedule: in no run did a call start more than 62.5 ms after it was due.');
  assert.match(sched(5, 467), /^The caller fell behind that schedule in 5 of the 6 runs: it started calls more than 62\.5 ms \(a quarter of the timeout\) after they were due, at worst 467 ms, longer than the timeout itself\. Arrivals bunched/);
  assert.match(sched(1, 100), /in one of the 6 runs: .* at worst 100 ms\. Arrivals/);
  assert.match(sched(6, 100), /in all 6 runs/);
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
  assert.equal(CLAIMS.eachPolicyRanOnce(recordingReader({ 'I.runsPerPolicy': 1 }).read), true);
  assert.equal(CLAIMS.eachPolicyRanOnce(recordingReader({ 'I.runsPerPolicy': 3 }).read), false, 'a bench that repeats the storms makes "ran once" false');
});
