// Case F's bench warnings (what the run prints after the report): each names what happened and a remedy
// that can help; zero is said as "no", and the wake-up floor replaces "close other work" when it is the cause.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { loadWarnings } from '../src/cases/f-load/report.ts';
import type { LoadResult } from '../src/cases/f-load/schema.ts';

// A real full run (2026-12-02, 2-core machine; the site's labelled fixture): every open level invalid by
// scheduler lag, no floor measured.
const file = new URL('../../tests/fixtures/machines/2026-12-02-both-suites/beyond-results.json', import.meta.url);
const real = (JSON.parse(readFileSync(file, 'utf8')) as { cases: { id: string; result: LoadResult }[] }).cases.find((c) => c.id === 'F')!.result;
const clone = (): LoadResult => structuredClone(real);
const floor = (p99Us: number): NonNullable<LoadResult['wakeFloor']> => ({
  ratePerSec: 500,
  lagP50Us: { median: 90, low: 80, high: 100 },
  lagP99Us: { median: p99Us, low: p99Us, high: p99Us },
  runs: [{ count: 750, p50Us: 90, p99Us, maxUs: p99Us }],
  cpuIdle: 'cpuidle driver haltpoll, guest_halt_poll_ns 0',
});

test('no open level counted: said as "no", with the remedy of a quieter machine when no floor explains it', () => {
  const w = loadWarnings(clone());
  assert.ok(w.includes('hop: no open-loop level counted, so there is no latency-against-load curve. Close other work on this machine to lower the client\'s CPU and the scheduler\'s lag, and run again.'), w.join('\n'));
  assert.ok(!w.some((line) => /only 0/.test(line)));
});

test('a wake-up floor above the unloaded p50 is named as the cause, and "close other work" is not offered for that target', () => {
  const r = clone();
  const hopP50 = r.targets[0]!.unloadedP50Us; // 578 µs
  const chainP50 = r.targets[1]!.unloadedP50Us; // 1,165 µs
  r.wakeFloor = floor((hopP50 + chainP50) / 2); // above the hop's, below the chain's
  const w = loadWarnings(r);
  const hop = w.filter((line) => line.startsWith('hop:'));
  const chain = w.filter((line) => line.startsWith('chain:'));
  assert.match(hop[0]!, /^hop: on this machine the clock alone, with no calls to send, woke 872 µs late at p99, later than the hop's unloaded p50 \(578 µs\), so its open-loop levels are unlikely to pass/);
  assert.ok(hop.every((line) => !line.includes('Close other work')), hop.join('\n'));
  assert.ok(chain.every((line) => !line.includes('woke')), chain.join('\n'));
  assert.ok(chain.some((line) => line.includes('Close other work')), chain.join('\n'));
});

test('a few valid open levels: "only one open-loop level", "only 2 open-loop levels"', () => {
  const r = clone();
  r.targets[0]!.validOpenLevels = 1;
  r.targets[1]!.validOpenLevels = 2;
  const w = loadWarnings(r);
  assert.ok(w.some((line) => line.startsWith('hop: only one open-loop level counted;')));
  assert.ok(w.some((line) => line.startsWith('chain: only 2 open-loop levels counted;')));
});
