/**
 * Outcome-dependent facts (issue 19, the full run of 2026-12-02 where naive immediate retries and backoff
 * never recovered, so case I published no I.immediate.recoveryMs / I.backoff.recoveryMs). An absent fact
 * is accepted only when its case declares it optional, this run's gate leaves it out, and the figure sits
 * in a <Form> that is not chosen and whose selector reads that gate. Every other absent name — a typo, a
 * declared fact in the wrong place — still fails the build's check, naming file, fact and fix; and the
 * figure components skip only what absentByOutcome accepts (src/components/mdx/figure-presence.ts).
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { FactError, requireFact } from '../../src/facts/facts.ts';
import { absentByOutcome, checkOptionalFacts, OPTIONAL_FACTS } from '../../src/facts/optional-facts.ts';
import { checkArticle } from '../../src/pipeline/check-article.ts';

/** A project root whose only article file is content/a.mdx with `body`. */
function withArticle(body: string, run: (root: string) => void): void {
  const root = mkdtempSync(path.join(tmpdir(), 'soe-optional-'));
  try {
    mkdirSync(path.join(root, 'content'));
    writeFileSync(path.join(root, 'content', 'a.mdx'), `---\ntitle: x\n---\n\n${body}\n`);
    run(root);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const stuck = { 'I.immediate.recovered': 0 };
const recovered = { 'I.immediate.recovered': 1, 'I.immediate.recoveryMs': 1_500, 'I.recovery.windowMs': 1_000 };
/** The article's three forms, with `inRecovered` in the form for a recovery after the first span. */
const forms = (inRecovered: string) =>
  `<Form of="immediateRecovery" is="stuck">It never recovered.</Form><Form of="immediateRecovery" is="withinSpan">It recovered soon.</Form>` +
  `<Form of="immediateRecovery" is="later">It recovered ${inRecovered} after.</Form>`;

describe('the build check accepts an absent fact only where its outcome leaves it out', () => {
  test('declared optional, gate says absent, inside the unchosen form that reads the gate: accepted', () => {
    withArticle(forms('<Fig name="I.immediate.recoveryMs" />'), (root) => {
      assert.doesNotThrow(() => checkArticle(root, stuck, () => {}));
      assert.doesNotThrow(() => checkArticle(root, recovered, () => {}));
    });
  });

  test('a typo inside the unchosen form fails, naming file:line:column, the fact and the fix', () => {
    withArticle(forms('<Fig name="I.immediate.recoveryMss" />'), (root) => {
      assert.throws(
        () => checkArticle(root, stuck, () => {}),
        (e: Error) =>
          /the article uses facts that do not exist/.test(e.message) &&
          /content\/a\.mdx:5:\d+: <Fig> uses unknown fact "I\.immediate\.recoveryMss"/.test(e.message) &&
          /Fix: correct the name \(npm run claims -- --facts lists every fact\)/.test(e.message),
      );
    });
  });

  test('a fact that vanished (not declared optional) fails inside an unchosen form too', () => {
    withArticle(forms('<Fig name="I.immediate.goodput.afterPerSec" />'), (root) => {
      assert.throws(() => checkArticle(root, stuck, () => {}), /<Fig> uses unknown fact "I\.immediate\.goodput\.afterPerSec"/);
    });
  });

  test('a declared optional fact outside any form, or in the chosen form, fails with where to put it', () => {
    withArticle(`It recovered <Fig name="I.immediate.recoveryMs" /> after.`, (root) => {
      assert.throws(
        () => checkArticle(root, stuck, () => {}),
        (e: Error) =>
          /content\/a\.mdx:5:\d+: <Fig> uses "I\.immediate\.recoveryMs", which this run does not have \(naive immediate retries did not recover within the run: "I\.immediate\.recovered" = 0\)/.test(e.message) &&
          /put it inside a <Form> whose selector reads "I\.immediate\.recovered"/.test(e.message),
      );
    });
    withArticle(
      `<Form of="immediateRecovery" is="stuck">It took <Fig name="I.immediate.recoveryMs" />.</Form><Form of="immediateRecovery" is="withinSpan">Soon.</Form><Form of="immediateRecovery" is="later">Later.</Form>`,
      (root) => assert.throws(() => checkArticle(root, stuck, () => {}), /uses "I\.immediate\.recoveryMs", which this run does not have/),
    );
  });

  test("a declared optional fact inside an unchosen form whose selector does not read its gate fails", () => {
    const body =
      `<Form of="shortTtlKeyedDuplicates" is="zero">none</Form><Form of="shortTtlKeyedDuplicates" is="one">one</Form>` +
      `<Form of="shortTtlKeyedDuplicates" is="many">took <Fig name="I.immediate.recoveryMs" /></Form>`;
    withArticle(body, (root) => {
      assert.throws(() => checkArticle(root, { ...stuck, 'I.immediateShortTtl.duplicates.keyed': 0 }, () => {}), /put it inside a <Form> whose selector reads "I\.immediate\.recovered"/);
    });
  });
});

describe('declarations and what the figure components skip', () => {
  test('case I declares each policy run\'s recovery time, absent when it did not recover', () => {
    for (const key of ['none', 'immediate', 'backoff', 'budget', 'deadline', 'immediateShortTtl']) {
      const o = OPTIONAL_FACTS.get(`I.${key}.recoveryMs`);
      assert.deepEqual(o && [o.gate, o.absentWhen], [`I.${key}.recovered`, 0], key);
    }
    assert.equal(OPTIONAL_FACTS.has('I.immediate.goodput.afterPerSec'), false);
  });

  test('absentByOutcome accepts only a declared fact that its gate leaves out; anything else still throws in requireFact', () => {
    assert.equal(absentByOutcome(stuck, 'I.immediate.recoveryMs')?.gate, 'I.immediate.recovered');
    assert.equal(absentByOutcome({ 'I.immediate.recovered': 1 }, 'I.immediate.recoveryMs'), undefined, 'recovered, so it must be there');
    assert.equal(absentByOutcome({}, 'I.immediate.recoveryMs'), undefined, 'no gate, no excuse');
    assert.equal(absentByOutcome(stuck, 'I.immediate.recoveryMss'), undefined, 'a typo is not declared');
    assert.equal(absentByOutcome(recovered, 'I.immediate.recoveryMs'), undefined, 'present');
    assert.throws(() => requireFact(stuck, 'I.immediate.recoveryMss'), FactError);
  });

  test('facts that contradict their gate are inconsistent data', () => {
    assert.doesNotThrow(() => checkOptionalFacts(stuck));
    assert.doesNotThrow(() => checkOptionalFacts(recovered));
    assert.throws(() => checkOptionalFacts({ 'I.immediate.recovered': 1 }), /"I\.immediate\.recoveryMs" is missing although "I\.immediate\.recovered" = 1/);
    assert.throws(() => checkOptionalFacts({ 'I.immediate.recovered': 0, 'I.immediate.recoveryMs': 5 }), /is present although "I\.immediate\.recovered" = 0/);
  });
});
