/** The dates line: the text's dates and the data's dates, labelled apart, and never contradicting. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PageDateError, pageDates, suiteRunDates } from '../../src/format/dates.ts';

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

describe('pageDates', () => {
  test('labels each date and writes it as a UTC day', () => {
    const dates = pageDates({
      published: day('2026-11-30'),
      updated: day('2026-12-01'),
      runStartedAt: '2026-11-30T23:59:00.000Z',
      builtAt: new Date('2026-12-01T07:00:00Z'),
    });
    assert.deepEqual(dates, [
      { label: 'published', iso: '2026-11-30', text: '30 November 2026' },
      { label: 'text last revised', iso: '2026-12-01', text: '1 December 2026' },
      { label: 'figures from the bench run of', iso: '2026-11-30', text: '30 November 2026' },
      { label: 'page built', iso: '2026-12-01', text: '1 December 2026' },
    ]);
  });

  test('a run newer than the text revision is fine: they are different events, shown apart', () => {
    const dates = pageDates({ published: day('2026-11-30'), updated: day('2026-11-30'), runStartedAt: '2026-12-01T06:00:00Z', builtAt: new Date('2026-12-01T07:00:00Z') });
    assert.equal(dates[2]!.iso, '2026-12-01');
  });

  test('revised the same day it was built passes; a day later does not', () => {
    const base = { published: day('2026-11-30'), runStartedAt: '2026-11-30T06:00:00Z', builtAt: new Date('2026-12-01T00:30:00Z') };
    assert.doesNotThrow(() => pageDates({ ...base, updated: day('2026-12-01') }));
    assert.throws(() => pageDates({ ...base, updated: day('2026-12-02') }), (e: Error) => e instanceof PageDateError && /updated \(2026-12-02\) is after this build \(2026-12-01\)/.test(e.message));
  });

  test('revised before published, or a run after the build, are errors that say what to fix', () => {
    assert.throws(
      () => pageDates({ published: day('2026-12-01'), updated: day('2026-11-30'), runStartedAt: '2026-11-30T06:00:00Z', builtAt: new Date('2026-12-01T07:00:00Z') }),
      /updated \(2026-11-30\) is before published \(2026-12-01\); set updated/,
    );
    assert.throws(
      () => pageDates({ published: day('2026-11-30'), updated: day('2026-11-30'), runStartedAt: '2026-12-02T06:00:00Z', builtAt: new Date('2026-12-01T07:00:00Z') }),
      /bench run started 2026-12-02, after this build \(2026-12-01\); check the build machine's clock/,
    );
  });
});

describe('suiteRunDates: the two suites on one dates line', () => {
  test('different days: each its day', () => {
    assert.deepEqual(suiteRunDates('2026-11-30T06:46:55.838Z', '2026-12-02T03:09:15.641Z'), {
      reference: { iso: '2026-11-30', text: '30 November 2026' },
      beyond: { iso: '2026-12-02', text: '2 December 2026' },
    });
  });

  test('the same day (the real run of 2 December 2026): the day once, then each run\'s time, never the date twice', () => {
    const both = suiteRunDates('2026-12-02T02:58:10.000Z', '2026-12-02T04:11:53.567Z');
    assert.deepEqual(both, {
      reference: { iso: '2026-12-02T02:58:10.000Z', text: '2 December 2026, 02:58 UTC' },
      beyond: { iso: '2026-12-02T04:11:53.567Z', text: '04:11 UTC' },
    });
    assert.notEqual(both.reference.text, both.beyond.text);
  });
});
