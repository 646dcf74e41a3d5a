// npm run bench:peer: autocannon beside case F's closed loop, one table.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { formatPeerTable } from '../src/tools/peer.ts';

const PEER = fileURLToPath(new URL('../src/tools/peer.ts', import.meta.url));

test('the table shows both throughputs and their ratio per concurrency', () => {
  const table = formatPeerTable([{ concurrency: 16, seconds: 5, autocannonPerSec: 20_000, benchPerSec: 8_000, ratio: 0.4, errors: 0 }], 5, 3, 'not pinned (test)');
  const lines = table.trimEnd().split('\n');
  assert.match(lines[0]!, /3 alternating rounds of 5 s per tool; medians of the rounds; not pinned \(test\)$/);
  assert.match(lines[1]!, /autocannon calls\/s\s+case F calls\/s\s+F \/ autocannon/);
  assert.match(lines[2]!, /^16\s+20,000\s+8,000\s+0\.40×\s+0\s*$/);
  const withRounds = formatPeerTable([{ concurrency: 64, seconds: 1, autocannonPerSec: 10, benchPerSec: 9, ratio: 0.9, errors: 0, rounds: [{ autocannonPerSec: 10, benchPerSec: 9 }, { autocannonPerSec: 8, benchPerSec: 8 }, { autocannonPerSec: 10, benchPerSec: 5 }] }], 1, 3, 'x');
  assert.match(withRounds.split('\n')[2]!, /0\.90×\s+0\s+0\.90 1\.00 0\.50$/);
});

test('--quick runs autocannon and the closed loop at c = 1, 16 and 64 in 3 rounds and prints one row each', { timeout: 120_000 }, () => {
  const run = spawnSync(process.execPath, [PEER, '--quick'], { encoding: 'utf8', timeout: 110_000 });
  assert.equal(run.status, 0, run.stderr);
  const rows = run.stdout.trimEnd().split('\n').slice(2);
  assert.deepEqual(rows.map((r) => r.split(/\s+/)[0]), ['1', '16', '64']);
  for (const row of rows) {
    const [, ac, f, ratio, , ...rounds] = row.trim().split(/\s+/);
    const acN = Number(ac!.replace(/,/g, ''));
    const fN = Number(f!.replace(/,/g, ''));
    assert.ok(acN > 0 && fN > 0, row);
    // The ratio printed is the median of the three rounds' ratios printed beside it.
    assert.equal(rounds.length, 3, row);
    const sorted = rounds.map(Number).sort((a, b) => a - b);
    assert.ok(Math.abs(Number(ratio!.replace('×', '')) - sorted[1]!) < 0.006, row);
  }
  assert.equal(spawnSync(process.execPath, [PEER, '--bogus'], { encoding: 'utf8' }).status, 2);
});
