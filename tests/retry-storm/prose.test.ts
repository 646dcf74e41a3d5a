// Case I's prose in the MDX sources, read as text: a policy that did not recover is said to have "not
// recovered when the run ended", with the time the run lasted after the brownout (a fact), never "never
// recovered"; and the index page makes no claim that no table on the site shows (case E's "one duplicate
// for every retry": no table holds the attempts it rests on).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { CLAIMS } from '../../src/prose/claims.ts';

const page = readFileSync(new URL('../../content/retry-storms.mdx', import.meta.url), 'utf8');
const index = readFileSync(new URL('../../content/split-on-evidence.mdx', import.meta.url), 'utf8');

/** The text of `<Form of="selector" is="outcome">…</Form>`. */
function form(source: string, selector: string, outcome: string): string {
  const m = new RegExp(`<Form of="${selector}" is="${outcome}">(.*?)</Form>`, 's').exec(source);
  assert.ok(m, `${selector}/${outcome} form`);
  return m[1]!;
}

test('a policy that did not recover "had not recovered when the run ended", with the run\'s time after the brownout', () => {
  assert.doesNotMatch(page, /never recovered|did not recover either/);
  for (const selector of ['immediateRecovery', 'backoffRecovery']) {
    const stuck = form(page, selector, 'stuck');
    assert.match(stuck, /^\*\*[^*]*had not recovered[^*]* when the run ended,\*\* <Fig name="I\.afterWindowMs" \/> after the brownout/, selector);
  }
});

test('the policy rule states the tolerance through a word, and "first" only for a full span ahead', () => {
  assert.match(page, /only when it is larger than <Word name="policyDifferenceRule" \/>/);
  assert.match(page, /recovered first only when it came at least a full span before every other that recovered/);
});

test('the noise yardstick: the two naive runs differ in how long keys are kept, not "only" in what keyed retries find, and it is not called generous: one storm per policy measures no noise', () => {
  // Their unkeyed figures differ too (the expert's run: unkeyed second invoices 417 vs 199), so the pair holds more than noise.
  assert.doesNotMatch(page, /differing only in what keyed retries find/);
  assert.match(page, /differing in how long keys are kept\. That can change more than what keyed retries find/);
  // "Generous" claimed a direction for an error rate nobody measured (issue 30's misfit).
  assert.doesNotMatch(page, /generous/);
  assert.match(page, /one storm per policy, nothing here measures the noise itself: the rule that follows is a yardstick with no known error rate/);
});

test('the finding, here and in the article, says its figures come from one storm per policy', () => {
  assert.match(page, /<p slot="finding" data-finding="I">.*<Word name="stormsPerPolicy" \/><\/p>/);
  assert.match(index, /<BeyondCase id="I">\n[^\n]*<Word name="deadlineRecovery" \/>\. <Word name="stormsPerPolicy" \/>\n<\/BeyondCase>/);
});

test('the index page claims no "one duplicate for every retry": no table shows the retries it rests on', () => {
  assert.doesNotMatch(index, /exactly one for every retry/);
  assert.equal('oneDuplicatePerRetry' in CLAIMS, false);
});
