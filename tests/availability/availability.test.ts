/**
 * Chain availability a₁ × … × aₙ, exact at build time: the table, the downtime and the prose facts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  availabilityFacts,
  availabilityTable,
  chainAvailabilityPercent,
  chainDowntimeMinutesPerMonth,
  uniformChain,
} from '../../src/facts/availability.ts';

describe('chain availability', () => {
  it('three services at 99.9% → 99.7002999%, exactly', () => {
    assert.equal(chainAvailabilityPercent(['99.9', '99.9', '99.9'], 7), '99.7002999');
    assert.equal(chainAvailabilityPercent(['99.9', '99.9', '99.9'], 3), '99.700');
    assert.equal(chainAvailabilityPercent(['99.9', '99.9', '99.9'], 1), '99.7');
  });
  it('multiplies different availabilities', () => {
    assert.equal(chainAvailabilityPercent(['99.9', '99.5'], 6), '99.400500');
    assert.equal(chainAvailabilityPercent(['100', '50'], 0), '50');
    assert.equal(chainAvailabilityPercent(['0', '99.99'], 3), '0.000');
  });
  it('rounds half up', () => {
    // 99.95² = 99.900025 %
    assert.equal(chainAvailabilityPercent(['99.95', '99.95'], 5), '99.90003');
    assert.equal(chainAvailabilityPercent(['99.95', '99.95'], 6), '99.900025');
    assert.equal(chainAvailabilityPercent(['50', '50', '50'], 1), '12.5');
    assert.equal(chainAvailabilityPercent(['50', '50', '50'], 0), '13');
  });
  it('downtime per month at the hours given (no month length of its own)', () => {
    assert.equal(chainDowntimeMinutesPerMonth(['99.9'], 730, 1), '43.8');
    // (1 − 0.997002999) × 43,800 min = 131.2686438 min
    assert.equal(chainDowntimeMinutesPerMonth(uniformChain('99.9', 3), 730, 4), '131.2686');
    assert.equal(chainDowntimeMinutesPerMonth(['100'], 730, 1), '0.0');
    // 0.1 % of 720 h × 60 = 43.2 min
    assert.equal(chainDowntimeMinutesPerMonth(['99.9'], 720, 2), '43.20');
    assert.throws(() => chainDowntimeMinutesPerMonth(['99.9'], 0), RangeError);
    assert.throws(() => chainDowntimeMinutesPerMonth(['99.9'], 730.5), RangeError);
  });
  it('refuses what is not a percentage or not a chain', () => {
    assert.throws(() => chainAvailabilityPercent([]), RangeError);
    assert.throws(() => chainAvailabilityPercent(['100.1']), RangeError);
    assert.throws(() => chainAvailabilityPercent(['-1']), RangeError);
    assert.throws(() => chainAvailabilityPercent(['99,9']), RangeError);
    assert.throws(() => uniformChain('99.9', 0), RangeError);
    assert.throws(() => uniformChain('99.9', 1.5), RangeError);
  });
});

describe('the availability table', () => {
  it('99.9, 99.95 and 99.99 % for 1 to 5 services', () => {
    const table = availabilityTable(730);
    assert.deepEqual(
      table.map((r) => [r.perServicePercent, r.cells.map((c) => c.percent)]),
      [
        ['99.9', ['99.900', '99.800', '99.700', '99.601', '99.501']],
        ['99.95', ['99.950', '99.900', '99.850', '99.800', '99.750']],
        ['99.99', ['99.990', '99.980', '99.970', '99.960', '99.950']],
      ],
    );
    assert.deepEqual(
      table.map((r) => r.cells.map((c) => c.downtimeMinutes)),
      [
        ['43.8', '87.6', '131.3', '174.9', '218.6'],
        ['21.9', '43.8', '65.7', '87.5', '109.4'],
        ['4.4', '8.8', '13.1', '17.5', '21.9'],
      ],
    );
  });
});

describe('facts for the prose', () => {
  it('availability.<hops>.<level>Percent and downtime in minutes per month', () => {
    const facts = availabilityFacts(730);
    assert.equal(facts['availability.three.999Percent'], 99.7);
    assert.equal(facts['availability.three.999.downtimeMinPerMonth'], 131.3);
    assert.equal(facts['availability.one.9995Percent'], 99.95);
    assert.equal(facts['availability.five.9999Percent'], 99.95);
    assert.equal(facts['availability.four.999Percent'], 99.601);
    assert.equal(Object.keys(facts).length, 3 * 5 * 2);
  });
});
