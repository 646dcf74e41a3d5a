/** Facts added for the article's edits, checked against values computed by hand from the fixture and the reference report. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { parseResultsText } from '@split-on-evidence/hop-bench/schema';
import { resultFacts } from '../../src/facts/facts.ts';
import { composeFacts } from '../../src/facts/compose.ts';
import { loadPriceHistory } from '../../src/prices/price-history.ts';
import { pricesPath } from '../../src/prices/prices.ts';
import { REFERENCE_REPORT_PATH, reportFacts } from '../../src/facts/reference-facts.ts';
import { referenceMatchFacts } from '../../src/cases/e-failure/reference-match.ts';
import { FIXTURE, ROOT } from '../support/site-build.ts';

const results = parseResultsText(readFileSync(FIXTURE, 'utf8'), FIXTURE);
const referenceText = readFileSync(path.join(ROOT, REFERENCE_REPORT_PATH), 'utf8');
const now = new Date();
const prices = loadPriceHistory(pricesPath(ROOT, {}), now, { warn: () => {} }).current;

describe('derived facts', () => {
  test("A's time per call from its untimed loop, here and on the reference", () => {
    assert.equal(resultFacts(results)['A.untimedCallUs'], 1e6 / 23697604.537124407);
    // The reference report prints A's serial calls/s as 16,683,141.
    assert.equal(reportFacts(referenceText)['A.untimedCallUs'], 1e6 / 16683141);
  });

  test('duplicates per hundred calls: 57 in 6,000 without a key, none with one', () => {
    const facts = resultFacts(results);
    assert.equal(facts['E.retry.duplicatesPer100Calls'], (100 * 57) / 6000);
    assert.equal(facts['E.retryKey.duplicatesPer100Calls'], 0);
    assert.equal(facts['E.noRetry.duplicatesPer100Calls'], 0);
    assert.equal(reportFacts(referenceText)['E.retry.duplicatesPer100Calls'], (100 * (21 + 20 + 16)) / 6000);
  });

  test('cost added over one service and the largest row, from the price file', () => {
    const facts = composeFacts({ results, referenceText, prices, now });
    // Render small: 7.00 USD per instance-month, two environments: 3 services 42.00, 1 service 14.00.
    assert.equal(facts['cost.render.small.prodStaging.services3AddedCents'], 4200 - 1400);
    assert.equal(facts['cost.render.medium.prodStaging.services3AddedCents'], 15000 - 5000);
    assert.equal(facts['cost.largestRow.services'], 20);
    assert.equal(facts['cost.render.small.prodStaging.services1AddedCents'], undefined);
  });

  test("case E against the reference: this fixture's three runs equal the reference's", () => {
    const facts = composeFacts({ results, referenceText, prices, now });
    assert.equal(facts['E.refMatch.runsCompared'], 3);
    assert.equal(facts['E.refMatch.runsEqual'], 3);
  });
});

describe('referenceMatchFacts on tiny records', () => {
  const one = (prefix: string, run: number, duplicates: number) =>
    Object.fromEntries(
      ['noRetry', 'retry', 'retryKey'].flatMap((v) =>
        ['calls', 'failed', 'invoicesWritten', 'duplicates', 'slowCalls'].map((fig) => [`${prefix}E.${v}.${fig}.run${run}`, fig === 'duplicates' && v === 'retry' ? duplicates : 1]),
      ),
    );

  test('counts runs present on both sides, and runs whose every count is equal', () => {
    const facts = { ...one('', 0, 5), ...one('ref.', 0, 5), ...one('', 1, 5), ...one('ref.', 1, 6), ...one('', 2, 5) };
    assert.deepEqual(referenceMatchFacts(facts), { 'E.refMatch.runsCompared': 2, 'E.refMatch.runsEqual': 1 });
  });

  test('nothing to compare gives zero compared runs (and the claim needs them to equal config.runs)', () => {
    assert.deepEqual(referenceMatchFacts({ ...one('', 0, 5) }), { 'E.refMatch.runsCompared': 0, 'E.refMatch.runsEqual': 0 });
  });
});
