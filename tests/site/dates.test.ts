/** The dates line: the text's dates and the data's dates, labelled apart, and never contradicting. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PageDateError, pageDates } from '../../src/present/dates.ts';

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
