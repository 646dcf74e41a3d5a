/**
 * The page's one number formatter (src/format/number.ts): each named precision rule against values
 * worked out by hand, and the helpers built on it (figures, ratios, money, the claims report).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatValue } from '../../src/claims/claims.ts';
import { formatCents, formatMicros } from '../../src/prices/costs.ts';
import { autoDecimals, fixedDecimals, format, formatFact, formatNumber, formatRatio, formatUs, PRECISION } from '../../src/format/number.ts';

describe('named precision rules', () => {
  test('bySize: whole from 100, one decimal from 10, two from 0.1, two significant digits below (bands after rounding)', () => {
    assert.deepEqual(
      [362.99, 363.04, 1609.884, 99.96, 71.71, 10.05, 9.999, 3.2011, 0.1, 0.08, 0.0446684, 0.00035, 0, 57].map((v) => format(v, 'bySize')),
      ['363', '363', '1,610', '100', '71.7', '10.1', '10.0', '3.20', '0.10', '0.08', '0.045', '0.00035', '0', '57'],
    );
  });

  test('whole, money, exactMoney and report', () => {
    assert.equal(format(23_697_604.537, 'whole'), '23,697,605');
    assert.equal(format(1214.8, 'money'), '1,214.80');
    assert.equal(format('30.368000', 'exactMoney'), '30.368');
    assert.equal(format('73.000000', 'exactMoney'), '73.00');
    assert.equal(format(23_697_604.537, 'report'), '23700000');
    assert.equal(format(1 / 3, 'report'), '0.3333');
    assert.equal(format(1e-7, 'report'), '0.0000001', 'no exponent');
  });

  test('exact decimal strings are formatted as the decimals they spell, not as floats', () => {
    // 0.1 + 0.2 style drift cannot reach money: 1,234,567,890,123.45 is beyond a float's cents.
    assert.equal(format('1234567890123.45', 'money'), '1,234,567,890,123.45');
    assert.equal(formatCents(123_456_789_012_345), '1,234,567,890,123.45');
  });

  test('never NaN, Infinity or a negative zero', () => {
    assert.throws(() => format(Number.NaN, 'bySize'), RangeError);
    assert.throws(() => format(Infinity, 'whole'), RangeError);
    assert.equal(format(-0.0001, fixedDecimals(2)), '0.00');
    assert.equal(format(-1.5, fixedDecimals(1)), '-1.5');
    assert.throws(() => fixedDecimals(-1), RangeError);
  });

  test('every named rule is a valid Intl.NumberFormat configuration', () => {
    for (const [name, rule] of Object.entries(PRECISION)) {
      const options = typeof rule === 'function' ? rule(12.5) : rule;
      assert.doesNotThrow(() => new Intl.NumberFormat('en-US', options), name);
    }
  });
});

describe('helpers on the rules', () => {
  test('figures, ratios and latency cells', () => {
    assert.equal(formatUs(230.322), '230');
    assert.equal(formatUs(0.08), '0.08');
    assert.equal(formatRatio(314.325 / 230.322), '1.36×');
    assert.equal(formatRatio(2879.1), '2,879×');
    assert.equal(formatRatio(0.000347), '0.00035×');
    assert.equal(formatFact('ratio.CoverB.p50', 314.325 / 230.322), '1.36×');
    assert.equal(formatFact('B.callsPerSec', 95.5), '96\u202fcalls/s', 'rates are whole');
    assert.equal(formatFact('availability.one.999.downtimeMinPerMonth', 43.2, { digits: 0, unit: false }), '43');
    assert.equal(formatNumber(1234567.891, 1), '1,234,567.9');
    assert.deepEqual([0.08, 0.00035, 3.2, 363.04].map(autoDecimals), [2, 5, 2, 0]);
  });

  test('costs and the claims report use the same formatter', () => {
    assert.equal(formatCents(121_480), '1,214.80');
    assert.equal(formatMicros(30_368_000), '30.368');
    assert.equal(formatMicros(1), '0.000001');
    assert.throws(() => formatMicros(1.5), RangeError);
    assert.equal(formatValue(3.201135), '3.201');
    assert.equal(formatValue(71.71), '71.71');
    assert.equal(formatValue(57), '57');
  });
});
