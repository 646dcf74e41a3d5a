// Case I's derived words, forms and claim on hand-made facts: every outcome of recovery (recovered or
// not, ties, nobody), the budget's verdict, and the forms' choices. Values worked out by hand.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { WORDS } from '../../content/words.ts';
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
  assert.equal(WORDS.budgetRecovery(f), 'had not recovered when the run ended, 5,000\u202fms after the brownout');
  assert.equal(WORDS.immediateRecoveryClause(f), 'had not recovered when the run ended, 5,000\u202fms after the brownout');
});

test('which policy recovered first: a tie reads as a tie, never as a rank', () => {
  // Quick mode: one span fits after the window, so every recovery reads 1,000 ms: all tie.
  assert.equal(
    WORDS.firstToRecover(storm({ none: 1_000, immediate: 1_000, backoff: 1_000, budget: 1_000, deadline: 1_000 })),
    "Every policy recovered within 1,000\u202fms of the brownout’s end, so this run does not rank them.",
  );
  assert.equal(WORDS.firstToRecover(storm({ none: 1_000, budget: 1_000, deadline: 1_000 })), "No retry, the retry budget and deadline-drop recovered within 1,000\u202fms of the brownout’s end, so this run does not rank them.");
  assert.equal(WORDS.firstToRecover(storm({ none: 1_900, budget: 1_900 })), 'No retry and the retry budget recovered 1,900\u202fms after the brownout ended, so this run does not rank the two; deadline-drop did not recover within the run.');
  assert.equal(WORDS.firstToRecover(storm({ none: 1_900, budget: 1_900, deadline: 1_000 })), "Deadline-drop recovered first, within 1,000\u202fms of the brownout’s end.");
  assert.equal(WORDS.firstToRecover(storm({ none: 1_000, budget: 1_900, deadline: 1_000 })), "No retry and deadline-drop recovered first together, within 1,000\u202fms of the brownout’s end.");
  assert.equal(WORDS.firstToRecover(storm({ none: 1_200, deadline: 1_500 })), 'No retry recovered first, 1,200\u202fms after the brownout ended, before deadline-drop did.');
  assert.equal(WORDS.firstToRecover(storm({ none: 1_200, budget: 1_900 })), 'No retry recovered first, 1,200\u202fms after the brownout ended; deadline-drop did not recover within the run.');
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

test("the budget's verdict: capped only when the budget recovered and naive immediate retries did not", () => {
  assert.match(WORDS.budgetVerdict(storm({ budget: 1_000 })), /^That was enough: the budget capped the damage/);
  assert.match(WORDS.budgetVerdict(storm({ budget: 1_000, immediate: 1_000 })), /no lasting damage here for the budget to cap/);
  assert.match(WORDS.budgetVerdict(storm({ immediate: 1_000 })), /not enough/);
  assert.match(WORDS.budgetVerdict(storm({})), /not enough/);
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
});
