/**
 * The guards added for issue 9, each shown to be able to fail: every one holds on the labelled
 * fixture, and fails once the figures it depends on are changed so that its condition is false. The
 * changes are made to base figures (medians, counts, call rates, the price of an instance), and the
 * derived facts (ratios, rates, the match with the reference run) are recomputed from them by the same
 * code the build uses, so a guard is tested against figures a real run could produce. One guard (case
 * E against the reference) is also shown in a real build from an edited results file: it takes its
 * "some runs equal" form instead of failing (a faithful run on a busy machine can tip a race).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { parseResultsText } from '@split-on-evidence/hop-bench/schema';
import { articleFiles } from '../../src/claims/article.ts';
import { evaluateClaims, extractClaims, formatClaimsList, type Claim } from '../../src/claims/claims.ts';
import { addFailureRateFacts, addRatioFacts, addUntimedCallFact, type Facts } from '../../src/facts/facts.ts';
import { composeFacts } from '../../src/facts/compose.ts';
import { loadPriceHistory } from '../../src/prices/price-history.ts';
import { pricesPath } from '../../src/prices/prices.ts';
import { REFERENCE_REPORT_PATH } from '../../src/facts/reference-facts.ts';
import { referenceMatchFacts } from '../../src/cases/e-failure/reference-match.ts';
import { FIXTURE, ROOT } from '../support/site-build.ts';
import { editedPage } from '../support/edited-page.ts';

const referenceText = readFileSync(path.join(ROOT, REFERENCE_REPORT_PATH), 'utf8');
const now = new Date();
const prices = loadPriceHistory(pricesPath(ROOT, {}), now, { warn: () => {} }).current;
const fixtureFacts = composeFacts({ results: parseResultsText(readFileSync(FIXTURE, 'utf8'), FIXTURE), referenceText, prices, now });
const claims: Claim[] = articleFiles(ROOT).flatMap((file) => extractClaims(readFileSync(file, 'utf8'), path.relative(ROOT, file)));

/** The article's claims whose text includes `needle` (at least one, or the test is meaningless). */
function claimsWith(needle: string): Claim[] {
  const found = claims.filter((c) => c.text.includes(needle));
  assert.ok(found.length > 0, `no claim in the article reads "${needle}"`);
  return found;
}

/**
 * The fixture's facts with some base figures changed and every derived fact recomputed from them:
 * ratios (this build's and "ref."), A.untimedCallUs, duplicates per hundred calls, E.refMatch.*.
 */
function withChanged(changes: Record<string, number>): Facts {
  const facts: Record<string, number> = { ...fixtureFacts, ...changes };
  addRatioFacts(facts);
  addUntimedCallFact(facts);
  addFailureRateFacts(facts);
  const ref: Record<string, number> = {};
  for (const [name, value] of Object.entries(facts)) if (name.startsWith('ref.')) ref[name.slice(4)] = value;
  addRatioFacts(ref);
  for (const [name, value] of Object.entries(ref)) if (name.startsWith('ratio.')) facts[`ref.${name}`] = value;
  Object.assign(facts, referenceMatchFacts(facts));
  return facts;
}

function assertHoldsThenFails(needle: string, changes: Record<string, number>): void {
  for (const claim of claimsWith(needle)) {
    const [onFixture] = evaluateClaims([claim], fixtureFacts);
    assert.equal(onFixture!.holds, true, `holds on the fixture:\n${formatClaimsList([onFixture!])}`);
    const [changed] = evaluateClaims([claim], withChanged(changes));
    assert.equal(changed!.error, undefined);
    assert.equal(changed!.holds, false, `fails when ${JSON.stringify(changes)}:\n${formatClaimsList([changed!])}`);
  }
}

const f = (name: string) => fixtureFacts[name]!;

describe('each new guard fails when its condition is false', () => {
  test('"about one for every hundred calls": fails at three duplicates per hundred', () => {
    assertHoldsThenFails('about one for every hundred calls', { 'E.retry.duplicates.total': 3 * (f('E.retry.calls.total') / 100) });
  });

  test('the ordering: fails when C is faster than B on this machine, or the chain faster than one hop on the reference', () => {
    assertHoldsThenFails('A far below B, B below C', { 'C.p50Us': 0.9 * f('B.p50Us') });
    assertHoldsThenFails('A far below B, B below C', { 'ref.D.p50Us': 0.9 * f('ref.B.p50Us') });
    assert.equal(claimsWith('A far below B, B below C').length, 1, 'stated once, in the measured section (issue 29: each caveat once per page)');
  });

  test('case E equals the reference run by run: fails when one count of one run differs', () => {
    const changes = { 'E.retry.duplicates.run1': f('E.retry.duplicates.run1') - 1 };
    assertHoldsThenFails('equal the reference run', changes);
    assert.equal(claimsWith('equal the reference run').length, 1, 'stated once, in "Reproducing the numbers"');
    assert.deepEqual(referenceMatchFacts(withChanged(changes)), { 'E.refMatch.runsCompared': 3, 'E.refMatch.runsEqual': 2 });
  });

  test('"tens of dollars": fails when three services add less than ten dollars a month', () => {
    assertHoldsThenFails('tens of dollars', { 'cost.render.small.prodStaging.services3AddedCents': 900 });
  });
});

describe('case E against the reference, in a real build', () => {
  test('a results file whose run 2 wrote one duplicate fewer than the reference builds, and says 2 of 3 runs equal', async () => {
    // The shared edited page (tests/support/edited-page.ts): oneRetryFewerInRun2() is this file's edit.
    const run = await editedPage();
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const html = readFileSync(path.join(run.dir, 'index.html'), 'utf8').replace(/<[^>]+>/g, '').replace(/\s+/g, ' ');
    assert.match(html, /This build[’']s counts equal the reference run[’']s in 2 of 3 runs: a late reply races the client[’']s timeout/);
    assert.doesNotMatch(html, /equal the reference run[’']s in every run/);
  });
});
