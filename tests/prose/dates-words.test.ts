/**
 * The dates paragraph of "Dates, machines and runs" (src/prose/dates-words.ts): each branch, the
 * pieces joined to the words a reader sees, and the dates' keys and datetimes as the layout places them.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { datesPieces, type DatesPiece } from '../../src/prose/dates-words.ts';

const d = (iso: string, text: string) => ({ iso, text });
const published = d('2026-11-28', '28 November 2026');
const revised = d('2026-12-02', '2 December 2026');
const built = d('2026-12-05', '5 December 2026');
const words = (pieces: DatesPiece[]) => pieces.map((p) => (typeof p === 'string' ? p : p.text)).join('');
const times = (pieces: DatesPiece[]) => pieces.flatMap((p) => (typeof p === 'string' ? [] : [`${p.key}=${p.iso}`]));

test('both suites: each run with its cases, then the build', () => {
  const pieces = datesPieces({ published, revised, referenceRun: d('2026-12-05T02:58:00.000Z', '5 December 2026, 02:58 UTC'), beyondRun: d('2026-12-05T04:11:00.000Z', '04:11 UTC'), built });
  assert.equal(
    words(pieces),
    'Published 28 November 2026; text last revised 2 December 2026. Figures from the bench runs of 5 December 2026, 02:58 UTC (cases A–E) and 04:11 UTC (cases F–I); page built 5 December 2026.',
  );
  assert.deepEqual(times(pieces), ['published=2026-11-28', 'revised=2026-12-02', 'run=2026-12-05T02:58:00.000Z', 'beyond-run=2026-12-05T04:11:00.000Z', 'built=2026-12-05']);
});

test('the beyond suite alone (a deep dive) and the reference suite alone', () => {
  assert.equal(
    words(datesPieces({ published, revised, beyondRun: d('2026-12-04', '4 December 2026'), built })),
    'Published 28 November 2026; text last revised 2 December 2026. Figures from the bench run of 4 December 2026 (cases F–I); page built 5 December 2026.',
  );
  assert.equal(
    words(datesPieces({ published, revised, referenceRun: d('2026-12-03', '3 December 2026'), built })),
    'Published 28 November 2026; text last revised 2 December 2026. Figures from the bench run of 3 December 2026; page built 5 December 2026.',
  );
});

test('no run: refused, naming the fix', () => {
  assert.throws(() => datesPieces({ published, revised, built }), /give referenceRun, beyondRun or both/);
});
