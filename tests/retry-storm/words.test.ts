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
  const facts: Record<string, number> = { 'I.afterWindowMs': 5_000, ...extra };
  for (const p of POLICIES) {
    const ms = recovery[p] ?? null;
    facts[`I.${p}.recovered`] = ms === null ? 0 : 1;
    if (ms !== null) facts[`I.${p}.recoveryMs`] = ms;
  }
  return recordingReader(facts).read;
}

test('recovery words: a time after the brownout, or not within the run', () => {
  const f = storm({ none: 1_900, deadline: 1_000 });
  assert.equal(WORDS.noneRecovery(f), 'recovered 1,900\u202fms after the brownout ended');
  assert.equal(WORDS.budgetRecovery(f), 'had not recovered when the run ended, 5,000\u202fms after the brownout');
});

test('which policy recovered first: deadline-drop alone, level with others, after another, or none at all', () => {
  assert.equal(WORDS.firstToRecover(storm({ none: 1_900, budget: 1_900, deadline: 1_000 })), 'Deadline-drop recovered first.');
  assert.equal(WORDS.firstToRecover(storm({ none: 1_000, budget: 1_000, deadline: 1_000 })), 'Deadline-drop recovered first, level with no retry and the retry budget.');
  assert.equal(WORDS.firstToRecover(storm({ none: 800, deadline: 1_000 })), 'No retry recovered before deadline-drop did.');
  assert.equal(WORDS.firstToRecover(storm({ none: 800 })), 'No retry recovered before deadline-drop did.');
  assert.equal(WORDS.firstToRecover(storm({})), 'No policy recovered within the run.');
});

test("the budget's verdict: capped only when the budget recovered and naive immediate retries did not", () => {
  assert.match(WORDS.budgetVerdict(storm({ budget: 1_000 })), /^That was enough: the budget capped the damage/);
  assert.match(WORDS.budgetVerdict(storm({ budget: 1_000, immediate: 1_000 })), /no lasting damage here for the budget to cap/);
  assert.match(WORDS.budgetVerdict(storm({ immediate: 1_000 })), /not enough/);
  assert.match(WORDS.budgetVerdict(storm({})), /not enough/);
});

test('forms: recovered or stuck; zero, one or many; the day-long-key claim', () => {
  assert.equal(FORMS.immediateRecovery.pick(storm({})), 'stuck');
  assert.equal(FORMS.immediateRecovery.pick(storm({ immediate: 500 })), 'recovered');
  assert.equal(FORMS.shortTtlKeyedDuplicates.pick(recordingReader({ 'I.immediateShortTtl.duplicates.keyed': 1 }).read), 'one');
  const keyed = (n: number) => recordingReader(Object.fromEntries(POLICIES.map((p) => [`I.${p}.duplicates.keyed`, p === 'budget' ? n : 0]))).read;
  assert.equal(CLAIMS.noKeyedDuplicatesWithDayLongKeys(keyed(0)), true);
  assert.equal(CLAIMS.noKeyedDuplicatesWithDayLongKeys(keyed(1)), false, 'one keyed duplicate under any policy makes it false');
});
