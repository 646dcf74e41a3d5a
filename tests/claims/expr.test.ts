/** The condition language of claims: syntax, precedence, chains, types, errors, and no way out. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { compileCondition, ConditionError } from '../../src/claims/expr.ts';
import { FactError } from '../../src/facts/facts.ts';

const facts = { 'ratio.DoverB.p50': 3.2, 'D.hops': 3, 'B.p50Us': 230, 'A.p50Us': 0.08, zero: 0, 'E.retry.duplicates.total': 57 };
const holds = (source: string) => compileCondition(source).evaluate(facts);

describe('evaluation', () => {
  test('comparisons over facts and numbers', () => {
    assert.equal(holds('ratio.DoverB.p50 > 3'), true);
    assert.equal(holds('ratio.DoverB.p50 > 3.5'), false);
    assert.equal(holds('E.retry.duplicates.total == 57'), true);
    assert.equal(holds('E.retry.duplicates.total != 57'), false);
    assert.equal(holds('A.p50Us <= 0.08'), true);
    assert.equal(holds('A.p50Us < 0.08'), false);
    assert.equal(holds('B.p50Us >= 1_000'), false);
  });

  test('arithmetic precedence: * and / before + and -, unary minus, parentheses', () => {
    assert.equal(holds('ratio.DoverB.p50 > 0.9 * D.hops'), true);
    assert.equal(holds('2 + 3 * 4 == 14'), true);
    assert.equal(holds('(2 + 3) * 4 == 20'), true);
    assert.equal(holds('-D.hops + 4 == 1'), true);
    assert.equal(holds('12 / 4 / 3 == 1'), true, 'left-associative');
    assert.equal(holds('10 - 4 - 3 == 3'), true, 'left-associative');
  });

  test('&& binds tighter than ||; ! negates', () => {
    assert.equal(holds('D.hops == 1 && D.hops == 3 || D.hops == 3'), true);
    assert.equal(holds('D.hops == 3 || D.hops == 1 && D.hops == 2'), true);
    assert.equal(holds('(D.hops == 3 || D.hops == 1) && D.hops == 2'), false);
    assert.equal(holds('!(D.hops == 3)'), false);
    assert.equal(holds('!(D.hops == 2) && !(D.hops == 4)'), true);
  });

  test('chained comparisons are ranges', () => {
    assert.equal(holds('3 < ratio.DoverB.p50 < 3.5'), true);
    assert.equal(holds('3.3 < ratio.DoverB.p50 < 3.5'), false);
    assert.equal(holds('0 <= zero <= 0'), true);
  });

  test('min, max, abs', () => {
    assert.equal(holds('max(D.hops, ratio.DoverB.p50) == 3.2'), true);
    assert.equal(holds('min(D.hops, ratio.DoverB.p50) == 3'), true);
    assert.equal(holds('abs(D.hops - ratio.DoverB.p50) < 0.25'), true);
  });

  test('names reports the facts read, once each', () => {
    assert.deepEqual(compileCondition('D.hops > 1 && D.hops < ratio.DoverB.p50 * D.hops').names, ['D.hops', 'ratio.DoverB.p50']);
  });
});

describe('errors', () => {
  test('an unknown fact fails evaluation, naming it', () => {
    assert.throws(() => holds('D.hopz > 1'), (e: Error) => e instanceof FactError && /unknown fact "D\.hopz"/.test(e.message));
  });

  test('division by zero is an error, not Infinity', () => {
    assert.throws(() => holds('D.hops / zero > 1'), ConditionError);
  });

  test('a number is not a condition; booleans are not numbers', () => {
    assert.throws(() => compileCondition('D.hops + 1'), /not a condition/);
    assert.throws(() => compileCondition('(D.hops > 1) + 1 > 0'), /boolean where a number is needed/);
    assert.throws(() => compileCondition('D.hops && D.hops > 1'), /number where a boolean is needed/);
  });

  test('syntax errors say where', () => {
    assert.throws(() => compileCondition('D.hops > '), /expected a number, a fact name or "\(" at column 10/);
    assert.throws(() => compileCondition('D.hops > 1)'), /expected end at column 11/);
    assert.throws(() => compileCondition('D.hops = 3'), /unexpected "=" at column 8/);
  });

  test('nothing outside the language runs: no calls, no property access, no strings', () => {
    assert.throws(() => compileCondition('process.exit(1) == 0'), ConditionError);
    assert.throws(() => compileCondition('constructor("x") > 0'), ConditionError);
    assert.throws(() => compileCondition('"a" == "a"'), /unexpected """/);
    assert.throws(() => compileCondition('D.hops["x"] > 0'), /unexpected "\["/);
    // A name that looks like an object property is just an unknown fact.
    assert.throws(() => compileCondition('constructor > 0').evaluate(facts), FactError);
    assert.throws(() => compileCondition('__proto__ > 0').evaluate(facts), FactError);
  });
});
