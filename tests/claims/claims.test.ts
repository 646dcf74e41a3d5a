/**
 * Claims in the article: how they are read from MDX, evaluated and reported, and that every claim the
 * article makes holds on the labelled fixture (this machine) and, where the reference report has the
 * figures, on the reference run (Apple M1 Max) — so the wording is robust across machines.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { parseResultsText } from '@split-on-evidence/hop-bench/schema';
import { articleFiles } from '../../src/claims/article.ts';
import { ClaimSyntaxError, evaluateClaims, extractClaims, formatClaimsReport } from '../../src/claims/claims.ts';
import { extractFactReferences } from '../../src/claims/fact-refs.ts';
import { hasFact } from '../../src/facts/facts.ts';
import type { FactRead } from '../../src/claims/named.ts';
import { CLAIMS } from '../../src/prose/claims.ts';
import { composeFacts } from '../../src/facts/compose.ts';
import { loadPriceHistory } from '../../src/prices/price-history.ts';
import { pricesPath } from '../../src/prices/prices.ts';
import { REFERENCE_REPORT_PATH, reportFacts } from '../../src/facts/reference-facts.ts';
import { beyondSuite } from '@split-on-evidence/hop-bench/suites';
import { BEYOND_FIXTURE, FIXTURE, ROOT } from '../support/site-build.ts';

const referenceText = readFileSync(path.join(ROOT, REFERENCE_REPORT_PATH), 'utf8');
const now = new Date();
const prices = loadPriceHistory(pricesPath(ROOT, {}), now, { warn: () => {} }).current;
const beyond = beyondSuite.parseResultsText(readFileSync(BEYOND_FIXTURE, 'utf8'), BEYOND_FIXTURE);
const fixtureFacts = composeFacts({ results: parseResultsText(readFileSync(FIXTURE, 'utf8'), FIXTURE), referenceText, prices, now, beyond });
// The reference ran the same configuration (its report's header gives the same counts), so the
// configuration facts of the fixture stand for it too; its figures are its own.
const CONFIG_FACTS = ['A.hops', 'B.hops', 'C.hops', 'D.hops', 'words.nearTolerance', 'E.clientTimeoutMs', 'E.slowCallMs', 'E.delayPercent', 'E.delayMs', 'E.maxRetries', 'E.callsPerVariant', 'config.runs'];
const referenceFacts = { ...Object.fromEntries(CONFIG_FACTS.map((n) => [n, fixtureFacts[n]!])), ...reportFacts(referenceText) };
const article = articleFiles(ROOT).map((file) => ({ file: path.relative(ROOT, file), text: readFileSync(file, 'utf8') }));
const claims = article.flatMap((a) => extractClaims(a.text, a.file));

describe('reading claims from MDX', () => {
  test('names, multi-line text, tags kept, line and column', () => {
    const mdx = [
      'Intro line.',
      '',
      'A hop <Claim name="hopHundredTimesInProcessOnBoth">costs at least a hundred',
      'in-process calls, <Fig name="B.p50Us" /> here</Claim>, and',
      "<Claim name='naiveRetriesDuplicate'>retries duplicate</Claim>.",
    ].join('\n');
    assert.deepEqual(extractClaims(mdx, 'x.mdx'), [
      { text: 'costs at least a hundred in-process calls, <Fig name="B.p50Us" /> here', name: 'hopHundredTimesInProcessOnBoth', file: 'x.mdx', line: 3, column: 7 },
      { text: 'retries duplicate', name: 'naiveRetriesDuplicate', file: 'x.mdx', line: 5, column: 1 },
    ]);
  });

  test('a claim that escapes the form is an error with its line and column, never silently skipped', () => {
    assert.throws(() => extractClaims('a\n<Claim name={x}>t</Claim>', 'x.mdx'), (e: Error) => e instanceof ClaimSyntaxError && /x\.mdx:2:1: .*quoted string/.test(e.message));
    assert.throws(() => extractClaims('<Claim>t</Claim>', 'x.mdx'), /x\.mdx:1:1:/);
    assert.throws(() => extractClaims('<Claim name="a > 1">t</Claim>', 'x.mdx'), /x\.mdx:1:1: .*predicate's name/);
    assert.throws(() => extractClaims('ok\n\n<Claim name="a" />', 'x.mdx'), /x\.mdx:3:1: a <Claim> tag is not of the form/);
    assert.throws(() => extractClaims('<Claim name="a">never closed', 'x.mdx'), (e: Error) => e instanceof ClaimSyntaxError && /^x\.mdx:1:1: not valid MDX: Expected a closing tag for `<Claim>`/.test(e.message));
    assert.throws(() => extractClaims('<Claim name="a">one <Claim name="b">two</Claim></Claim>', 'x.mdx'), /x\.mdx:1:1: claims cannot be nested/);
    assert.throws(() => extractClaims('<Claim name="a">  </Claim>', 'x.mdx'), /needs the text/);
  });

  test('a condition written in the MDX is refused: the MDX names predicates only', () => {
    assert.throws(() => extractClaims('x\n<Claim when="a > 1">t</Claim>', 'x.mdx'), /x\.mdx:2:1: a <Claim> names its predicate, it does not write a condition/);
  });
});

describe('evaluation and report', () => {
  const sample = extractClaims('<Claim name="threeHops">three hops</Claim>\n<Claim name="overFour">more than four hops</Claim>\n<Claim name="badFact">bad name</Claim>\n<Claim name="nowhere">no predicate</Claim>', 'x.mdx');
  const predicates = {
    threeHops: (f: FactRead) => f('D.hops') === 3,
    overFour: (f: FactRead) => f('D.hops') > 0 && f('ratio.DoverB.p50') > 4,
    badFact: (f: FactRead) => f('nope') > 1,
  };
  const results = evaluateClaims(sample, { 'D.hops': 3, 'ratio.DoverB.p50': 3.201135 }, [], predicates);

  test('each claim holds or not, with the values its predicate read, in the order read', () => {
    assert.deepEqual(results.map((r) => r.holds), [true, false, false, false]);
    assert.deepEqual(Object.entries(results[1]!.values), [['D.hops', 3], ['ratio.DoverB.p50', 3.201135]]);
    assert.match(results[2]!.error!, /unknown fact "nope"/);
    assert.match(results[3]!.error!, /no claim named "nowhere" in src\/prose\/claims\.ts/);
  });

  test('the report lists each failing claim with text, predicate, values and place', () => {
    assert.equal(
      formatClaimsReport(results.slice(0, 3)),
      [
        'claims: 1 of 3 hold, 2 FALSE',
        '  ✗ "more than four hops"',
        '      claim:  overFour',
        '      values: D.hops = 3, ratio.DoverB.p50 = 3.201',
        '      at:     x.mdx:2:1',
        '  ✗ "bad name"',
        '      claim:  badFact',
        '      error:  unknown fact "nope". Known facts are listed by `npm run claims -- --facts`.',
        '      at:     x.mdx:3:1',
      ].join('\n'),
    );
    assert.equal(formatClaimsReport(results.slice(0, 1)), 'claims: all 1 hold');
  });
});

describe('the article', () => {
  test('makes claims, each naming a predicate of src/prose/claims.ts, and no condition longer than a name', () => {
    assert.ok(claims.length >= 10, `found ${claims.length} claims`);
    for (const c of claims) assert.ok(Object.hasOwn(CLAIMS, c.name), `${c.file}:${c.line}: no predicate "${c.name}"`);
    for (const a of article) assert.doesNotMatch(a.text, /<Claim\b[^>]*\bwhen=/);
  });

  test('every predicate of src/prose/claims.ts is used by the article', () => {
    const used = new Set(claims.map((c) => c.name));
    assert.deepEqual(Object.keys(CLAIMS).filter((n) => !used.has(n)), []);
  });

  test('every claim holds on the fixture (this machine)', () => {
    const failing = evaluateClaims(claims, fixtureFacts).filter((r) => !r.holds);
    assert.equal(failing.length, 0, formatClaimsReport(evaluateClaims(claims, fixtureFacts)));
  });

  test('every claim whose figures the reference report has also holds on the reference run', () => {
    const checkable = claims.filter((c) => evaluateClaims([c], referenceFacts)[0]!.error === undefined);
    assert.ok(checkable.length >= 7, `only ${checkable.length} claims are checkable on the reference`);
    const results = evaluateClaims(checkable, referenceFacts);
    assert.equal(results.filter((r) => !r.holds).length, 0, formatClaimsReport(results));
  });

  test('every fact name used by a figure component exists', () => {
    const refs = article.flatMap((a) => extractFactReferences(a.text).map((r) => ({ ...r, file: a.file })));
    assert.ok(refs.length >= 40);
    const unknown = refs.filter((r) => !hasFact(fixtureFacts, r.name));
    assert.deepEqual(unknown, []);
  });
});
