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
const floor = (p99s: number[]): NonNullable<LoadResult['wakeFloor']> => ({
  ratePerSec: 500,
  lagP50Us: { median: 90, low: 80, high: 100 },
  lagP99Us: { median: [...p99s].sort((a, b) => a - b)[1]!, low: Math.min(...p99s), high: Math.max(...p99s) },
  runs: p99s.map((p99Us) => ({ count: 750, p50Us: 90, p99Us, maxUs: p99Us })),
  cpuIdle: 'cpuidle driver haltpoll, guest_halt_poll_ns 0',
});
const stalls = (lates: number[]): NonNullable<LoadResult['stallFloor']> => ({
  thresholdUs: 10,
  lateP99Us: { median: [...lates].sort((a, b) => a - b)[1]!, low: Math.min(...lates), high: Math.max(...lates) },
  runs: lates.map((lateP99Us) => ({ measuredMs: 1_000, stalls: 40, stalledPercent: 1.5, maxUs: 4_300, lateP99Us })),
});

test('no open level counted: said as "no", with the remedy of a quieter machine when no floor explains it', () => {
  const w = loadWarnings(clone());
  assert.ok(w.includes('hop: no open-loop level counted, so there is no latency-against-load curve. Close other work on this machine to lower the client\'s CPU and the scheduler\'s lag, and run again.'), w.join('\n'));
  assert.ok(!w.some((line) => /only 0/.test(line)));
});

test('a wake-up floor above the unloaded p50 in every run is named as the cause, and "close other work" is not offered for that target', () => {
  const r = clone();
  const hopP50 = r.targets[0]!.unloadedP50Us; // 578 µs
  const chainP50 = r.targets[1]!.unloadedP50Us; // 1,165 µs
  assert.equal(r.runs, 3);
  r.wakeFloor = floor([872, 872, 872]); // above the hop's, below the chain's
  assert.ok(hopP50 < 872 && 872 < chainP50);
  const w = loadWarnings(r);
  const hop = w.filter((line) => line.startsWith('hop:'));
  const chain = w.filter((line) => line.startsWith('chain:'));
  assert.equal(hop[0]!, "hop: in every run the clock alone, with no calls to send, woke later at p99 (run 1: 872 µs, run 2: 872 µs, run 3: 872 µs) than the hop's unloaded p50 (578 µs), so its open-loop levels are unlikely to pass the scheduler-lag rule here. The bench does not measure why; other work on the machine (steal time on a VM) and CPUs that halt when idle both make a sleeping thread wake late (cpuidle driver haltpoll, guest_halt_poll_ns 0).");
  assert.ok(hop.every((line) => !line.includes('Close other work')), hop.join('\n'));
  assert.ok(chain.every((line) => !line.includes('woke')), chain.join('\n'));
  assert.ok(chain.some((line) => line.includes('Close other work')), chain.join('\n'));
});

test('a floor above the p50 in some runs names those runs and still offers "close other work"', () => {
  const r = clone();
  r.wakeFloor = floor([872, 500, 600]); // the hop's p50 is 578 µs
  const hop = loadWarnings(r).filter((line) => line.startsWith('hop:'));
  assert.match(hop[0]!, /^hop: in runs 1, 3 of 3 the clock alone, with no calls to send, woke later at p99 \(run 1: 872 µs, run 3: 600 µs\) than the hop's unloaded p50 \(578 µs\), so its open-loop levels are unlikely to pass the scheduler-lag rule in those runs\./);
  assert.ok(hop.some((line) => line.includes('Close other work')), hop.join('\n'));
});

test('the stall probe: above the p50, no scheduler can meet the rule; within it, the clock’s lateness is put on sleeping', () => {
  const r = clone();
  r.wakeFloor = floor([872, 872, 872]);
  r.stallFloor = stalls([700, 650, 900]); // above the hop's 578 µs in every run, below the chain's 1,165 µs
  const w = loadWarnings(r);
  const hop = w.filter((line) => line.startsWith('hop:'));
  assert.equal(hop[0]!, "hop: in every run even a thread that never slept, on the generator's core, would have been later at p99 (run 1: 700 µs, run 2: 650 µs, run 3: 900 µs) than the hop's unloaded p50 (578 µs): the machine stopped it for up to 4,300 µs at a time. While the machine pauses like that, no scheduler, sleeping or spinning, can meet the scheduler-lag rule, so a scheduler-lag mark in any run can be the machine's alone. Run on a quieter machine, or one with dedicated cores.");
  assert.ok(hop.every((line) => !line.includes('Close other work') && !line.includes('the clock alone')), hop.join('\n'));
  // Some runs each way: the stall probe's runs, then the runs where only sleeping was late.
  r.stallFloor = stalls([26, 766, 600]);
  const mixed = loadWarnings(r).filter((line) => line.startsWith('hop:'));
  assert.match(mixed[0]!, /^hop: in runs 2, 3 of 3 even a thread that never slept/);
  assert.match(mixed[0]!, /or one with dedicated cores\. In run 1 of 3 the clock alone, with no calls to send, woke later at p99 \(run 1: 872 µs\) than the hop's unloaded p50 \(578 µs\), so its open-loop levels are unlikely to pass the scheduler-lag rule in that run\. A thread that never slept stayed within it in that run \(p99 run 1: 26 µs\), so the lateness comes from sleeping/);
  assert.ok(mixed.every((line) => !line.includes('Close other work')), mixed.join('\n'));
  r.stallFloor = stalls([100, 120, 90]);
  const within = loadWarnings(r).filter((line) => line.startsWith('hop:'));
  assert.match(within[0]!, /A thread that never slept stayed within it in every run \(p99 run 1: 100 µs, run 2: 120 µs, run 3: 90 µs\), so the lateness comes from sleeping: the clock thread waking \(cpuidle driver haltpoll, guest_halt_poll_ns 0\)\.$/);
});

test('a few valid open levels: "only one open-loop level", "only 2 open-loop levels"', () => {
  const r = clone();
  r.targets[0]!.validOpenLevels = 1;
  r.targets[1]!.validOpenLevels = 2;
  const w = loadWarnings(r);
  assert.ok(w.some((line) => line.startsWith('hop: only one open-loop level counted;')));
  assert.ok(w.some((line) => line.startsWith('chain: only 2 open-loop levels counted;')));
});

test('the peer warning follows rules.peerStanding: slower only beyond the noise, and a median under the target with rounds that hold 1 is said as no measurable difference', async () => {
  const { peerWarning } = await import('../src/cases/f-load/report.ts');
  const row = (concurrency: number, bench: number[], ratio: number) => ({
    concurrency, seconds: 1, autocannonPerSec: 100, benchPerSec: ratio * 100, ratio, errors: 0,
    rounds: bench.map((b) => ({ autocannonPerSec: 100, benchPerSec: b })),
  });
  // The last full build's c = 64: rounds 0.84 0.88 1.00 0.83 1.05, median 0.88.
  assert.equal(
    peerWarning(row(64, [84, 88, 100, 83, 105], 0.88)),
    "at c=64 the median of the rounds' ratios to autocannon, 0.88×, is under the target (0.90×), but the 5 rounds ran 0.83–1.05, a range that includes 1: no measurable difference from autocannon. To narrow the range, run `npm run bench:peer` for a longer comparison.",
  );
  assert.equal(
    peerWarning(row(16, [70, 80, 88], 0.8)),
    "this generator was measurably slower than autocannon at c=16: 0.80× of its calls/s at the median, and all 3 rounds' ratios below 1 (0.70–0.88); the target is 0.90× or more. At that concurrency it may measure itself more than the service: close other work on this machine and run `npm run bench:peer` for a longer comparison.",
  );
  assert.match(peerWarning({ concurrency: 16, seconds: 1, autocannonPerSec: 100, benchPerSec: 85, ratio: 0.85, errors: 0 })!, /^this generator reached 0\.85× of autocannon's calls\/s at c=16 in a single round, under the target of 0\.90× \(one round has no spread/);
  // Met, or no measurable difference at or above the target: nothing to say.
  assert.equal(peerWarning(row(16, [92, 95, 97], 0.95)), undefined);
  assert.equal(peerWarning(row(16, [80, 95, 120], 0.95)), undefined);
  assert.equal(peerWarning(row(16, [120, 140, 160], 1.4)), undefined);
  // loadWarnings carries it.
  const r = clone();
  r.peer = [row(64, [70, 80, 88], 0.8)];
  assert.ok(loadWarnings(r).some((line) => line.startsWith('this generator was measurably slower than autocannon at c=64')));
});

test('the report says when the capacity level is not measurably above other valid levels (rules.capacityTies)', async () => {
  const { formatLoadReport } = await import('../src/cases/f-load/report.ts');
  const r = clone();
  const hop = r.targets[0]!;
  // Every closed level valid with the same three runs: the capacity level overlaps each of the others.
  for (const l of hop.closed) {
    l.validity = { valid: true, reasons: [] };
    l.runs.forEach((run, k) => (run.callsPerSec = [100, 110, 120][k] ?? 100));
  }
  const others = hop.closed.map((l) => l.concurrency).filter((c) => c !== hop.capacity.concurrency);
  hop.capacity.fromValidLevel = true;
  const config = { maxClientCpuPercent: 70, schedulerGranularityMs: 1, clockSpinUs: 100, arrival: 'poisson', arrivalSeed: 1, openConnections: 64, generatorLimitFraction: 0.5 } as never;
  const line = formatLoadReport(r, config).find((l) => l.startsWith(`  capacity ${Math.round(hop.capacity.perSec).toLocaleString('en-US')} calls/s`))!;
  assert.ok(line.includes(`(the highest valid closed level, not measurably above c=${others.join(', c=')} (paired by run, the ratios' interval holds 1);`), line);
});

test("the capacity level's throughput spread across runs: warned above a 10% coefficient of variation, as the reference cases' p50", () => {
  const r = clone();
  const hop = r.targets[0]!;
  const level = hop.closed.find((l) => l.concurrency === hop.capacity.concurrency)!;
  // 100, 100, 130: mean 110, population SD √200 = 14.14, CV 12.9% → "13%".
  level.runs = level.runs.map((run, i) => ({ ...run, callsPerSec: [100, 100, 130][i]! }));
  const line = loadWarnings(r).find((l) => l.startsWith('hop: the capacity level'));
  assert.equal(line, `hop: the capacity level's throughput (c=${level.concurrency}) varied between runs by a 13% coefficient of variation (100–130 calls/s), and the open loop's rates are fractions of its median: close other programs, or raise --runs.`);
  // 100, 100, 120: mean 106.7, SD 9.43, CV 8.8%: within the limit, no warning.
  level.runs = level.runs.map((run, i) => ({ ...run, callsPerSec: [100, 100, 120][i]! }));
  assert.ok(!loadWarnings(r).some((l) => l.startsWith('hop: the capacity level')));
  // One run: no spread to judge.
  level.runs = level.runs.slice(0, 1);
  assert.ok(!loadWarnings(r).some((l) => l.startsWith('hop: the capacity level')));
});

test("the generator's ceiling spread across runs: warned above a 10% coefficient of variation, by the same rule", () => {
  const r = clone();
  const runs = r.ceiling.runs;
  // 30,000, 30,000, 39,000: mean 33,000, population SD √18,000,000 = 4,243, CV 12.9% → "13%".
  r.ceiling.runs = [0, 1, 2].map((i) => ({ ...runs[Math.min(i, runs.length - 1)]!, callsPerSec: [30_000, 30_000, 39_000][i]! }));
  const line = loadWarnings(r).find((l) => l.startsWith("the generator's ceiling"));
  assert.equal(line, `the generator's ceiling (c=${r.ceiling.concurrency}, trivial responder) varied between runs by a 13% coefficient of variation (30,000–39,000 calls/s), and the generator-limited mark reads its slowest run: close other programs, or raise --runs.`);
  // 30,000, 30,000, 36,000: CV 8.8%, within the limit.
  r.ceiling.runs = r.ceiling.runs.map((run, i) => ({ ...run, callsPerSec: [30_000, 30_000, 36_000][i]! }));
  assert.ok(!loadWarnings(r).some((l) => l.startsWith("the generator's ceiling")));
  r.ceiling.runs = r.ceiling.runs.slice(0, 1);
  assert.ok(!loadWarnings(r).some((l) => l.startsWith("the generator's ceiling")));
});
