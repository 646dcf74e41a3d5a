// Case F's pure parts, with exact values on tiny inputs: HTTP framing, the open loop's schedule,
// window lengths, and the rules for validity, capacity and a falling p99.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MessageFramer, serialisePost } from '../src/cases/f-load/http-framing.ts';
import { openWindowMs, Schedule } from '../src/cases/f-load/schedule.ts';
import { boundCeilingPerSec, capacityNearCeiling, capacityOf, capacityTies, ceilingRunBound, figureOf, levelClockLagP99Us, levelValidity, machineLagFloors, p99NeverFalls, PEER_TARGET_RATIO, peerRoundRatios, peerStanding, residualLatenessUs, runClockLagP99Us, servicesSaturated } from '../src/cases/f-load/validity.ts';
import { measureStalls } from '../src/cases/f-load/stall-probe.ts';
import { reasonText } from '../src/cases/f-load/schema.ts';
import { HDR_RANGE, LatencyRecorder } from '../src/cases/f-load/recorder.ts';
import { mulberry32 } from '../src/harness/prng.ts';
import { parseCpuTicks, stealPercent } from '../src/cases/f-load/steal.ts';

const latin1 = (s: string) => Buffer.from(s, 'latin1');
const OK = 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{"ok":true}';

describe('HTTP framing', () => {
  test('a request is serialised once, with its length in bytes', () => {
    assert.equal(
      serialisePost('127.0.0.1:8080', '/check', '{"é":1}').toString('utf8'),
      'POST /check HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nContent-Type: application/json\r\nContent-Length: 8\r\n\r\n{"é":1}',
    );
  });

  test('one response in one chunk; two in one chunk; a 503 keeps its status', () => {
    assert.deepEqual(new MessageFramer(true).push(latin1(OK)), [{ ok: true, status: 200 }]);
    const two = OK + 'HTTP/1.1 503 Service Unavailable\r\ncontent-length: 0\r\n\r\n';
    assert.deepEqual(new MessageFramer(true).push(latin1(two)), [{ ok: true, status: 200 }, { ok: true, status: 503 }]);
  });

  test('split at every byte, the same message ends exactly once, on its last byte', () => {
    const bytes = latin1(OK + OK);
    for (let cut = 1; cut < bytes.length; cut++) {
      const f = new MessageFramer(true);
      const a = f.push(bytes.subarray(0, cut));
      const b = f.push(bytes.subarray(cut));
      const expectedFirst = cut >= OK.length ? (cut === bytes.length ? 2 : 1) : 0;
      assert.equal(a.length, expectedFirst, `cut ${cut}`);
      assert.equal(a.length + b.length, 2, `cut ${cut}`);
    }
    // Byte by byte.
    const f = new MessageFramer(true);
    let ended = 0;
    for (let i = 0; i < bytes.length; i++) {
      const out = f.push(bytes.subarray(i, i + 1));
      if (out.length > 0) assert.ok(i === OK.length - 1 || i === bytes.length - 1, `ended at byte ${i}`);
      ended += out.length;
    }
    assert.equal(ended, 2);
  });

  test('a response without Content-Length, or with a bad status line, is an error', () => {
    assert.deepEqual(new MessageFramer(true).push(latin1('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n')), [{ ok: false, reason: 'no content-length' }]);
    assert.deepEqual(new MessageFramer(true).push(latin1('HTTP/1.1 2x0 OK\r\nContent-Length: 0\r\n\r\n')), [{ ok: false, reason: 'bad status line' }]);
    assert.deepEqual(new MessageFramer(true).push(latin1('SMTP ready\r\n\r\n')), [{ ok: false, reason: 'bad status line' }]);
  });

  test('requests: status 0, a body skipped by its length, a bodyless request allowed', () => {
    const req = serialisePost('h', '/x', '{}');
    assert.deepEqual(new MessageFramer(false).push(Buffer.concat([req, latin1('GET / HTTP/1.1\r\nHost: h\r\n\r\n')])), [{ ok: true, status: 0 }, { ok: true, status: 0 }]);
  });
});

describe('open-loop schedule', () => {
  const dueTimes = (s: Schedule, n: number) => Array.from({ length: n }, () => {
    const d = s.nextDueMs;
    s.advance();
    return d;
  });

  test('evenly spaced at 2,500 calls/s on a 1 ms grid: arrivals every 0.4 ms, each due at the next whole ms', () => {
    // Arrivals 0.4, 0.8, 1.2, 1.6, 2.0, 2.4, 2.8, 3.2 → ticks 1, 1, 2, 2, 2, 3, 3, 4.
    assert.deepEqual(dueTimes(new Schedule({ ratePerSec: 2500, arrival: 'uniform', seed: 1, granularityMs: 1 }), 8), [1, 1, 2, 2, 2, 3, 3, 4]);
  });

  test('Poisson: exponential gaps from the seeded stream, rounded up to the grid', () => {
    const draw = mulberry32(7);
    let t = 0;
    const expected = Array.from({ length: 50 }, () => {
      t += -Math.log(1 - draw()) * (1000 / 3000);
      return Math.ceil(t / 0.5) * 0.5;
    });
    assert.deepEqual(dueTimes(new Schedule({ ratePerSec: 3000, arrival: 'poisson', seed: 7, granularityMs: 0.5 }), 50), expected);
  });

  test('a bad rate or grid is refused', () => {
    assert.throws(() => new Schedule({ ratePerSec: 0, arrival: 'uniform', seed: 1, granularityMs: 1 }), /rate must be > 0/);
    assert.throws(() => new Schedule({ ratePerSec: 1, arrival: 'uniform', seed: 1, granularityMs: 0 }), /granularity must be > 0/);
  });

  test('window: about 1.05 × minCalls due, within its bounds', () => {
    assert.equal(openWindowMs(4200, 10_000, 500, 5_000), 2500); // 10,500 calls at 4,200/s
    assert.equal(openWindowMs(100_000, 10_000, 500, 5_000), 500);
    assert.equal(openWindowMs(1_000, 10_000, 500, 5_000), 5000);
  });
});

describe('validity, capacity, p99', () => {
  const limits = { maxClientCpuPercent: 70, maxFailedPercent: 1 };

  test('a level counts only if every run keeps every rule; each broken rule names its runs and worst value', () => {
    assert.deepEqual(levelValidity([{ clientCpuPercent: 70, failedPercent: 1, lagP99Us: 100 }], limits, 100, { targetPerSec: 50, limitPerSec: 50 }), { valid: true, reasons: [] });
    const v = levelValidity(
      [
        { clientCpuPercent: 71, failedPercent: 0, lagP99Us: 90 },
        { clientCpuPercent: 20, failedPercent: 1.5, lagP99Us: 130 },
        { clientCpuPercent: 83, failedPercent: 0, lagP99Us: 120 },
      ],
      limits,
      100,
      { targetPerSec: 60, limitPerSec: 50 },
    );
    assert.equal(v.valid, false);
    assert.deepEqual(v.reasons, [
      { code: 'client-cpu', runs: [1, 3], value: 83, limit: 70 },
      { code: 'scheduler-lag', runs: [2, 3], value: 130, limit: 100 },
      { code: 'failures', runs: [2], value: 1.5, limit: 1 },
      { code: 'generator-limited', runs: [], value: 60, limit: 50 },
    ]);
    assert.equal(reasonText(v.reasons[0]!), 'client used up to 83% of a core (limit 70%) in runs 1, 3');
    assert.equal(reasonText(v.reasons[1]!), 'scheduler lag p99 up to 130 µs, over the unloaded p50 of 100 µs in runs 2, 3');
    assert.equal(reasonText(v.reasons[2]!), '1.5% of calls failed or were dropped (limit 1%) in run 2');
  });

  test('the closed loop has no lag rule and no generator limit', () => {
    assert.deepEqual(levelValidity([{ clientCpuPercent: 10, failedPercent: 0, lagP99Us: 1e9 }], limits), { valid: true, reasons: [] });
  });

  test('capacity: the highest valid level; set by the generator only when a level with more callers was client-bound', () => {
    const l = (concurrency: number, callsPerSec: number, valid: boolean, clientBound = false) => ({ concurrency, callsPerSec, valid, clientBound });
    assert.deepEqual(capacityOf([l(1, 10, true), l(16, 40, true), l(64, 38, true)]), { perSec: 40, concurrency: 16, setBy: 'service', fromValidLevel: true });
    assert.deepEqual(capacityOf([l(1, 10, true), l(16, 40, true), l(64, 50, false, true)]), { perSec: 40, concurrency: 16, setBy: 'generator', fromValidLevel: true });
    assert.deepEqual(capacityOf([l(1, 10, true), l(16, 40, true), l(64, 50, false)]), { perSec: 40, concurrency: 16, setBy: 'service', fromValidLevel: true });
    assert.deepEqual(capacityOf([l(1, 10, false), l(16, 40, false, true)]), { perSec: 40, concurrency: 16, setBy: 'service', fromValidLevel: false });
  });

  test('p99 falls only when a higher level’s interval lies wholly below a lower one’s', () => {
    const f = (low: number, high: number) => ({ p99Us: { median: (low + high) / 2, low, high } });
    assert.equal(p99NeverFalls([f(100, 120), f(90, 130), f(125, 140)]), true);
    assert.equal(p99NeverFalls([f(100, 120), f(90, 99)]), false);
    // Against any lower level, not only the one before it.
    assert.equal(p99NeverFalls([f(100, 120), f(150, 160), f(101, 105)]), false);
    assert.equal(p99NeverFalls([f(100, 120), f(110, 160), f(101, 115)]), true);
    assert.equal(p99NeverFalls([f(100, 120), f(150, 160), f(50, 99)]), false);
    assert.equal(p99NeverFalls([]), true);
  });

  test('machine floors: the runs whose wake-up floor, and whose stall probe, are later than the unloaded p50', () => {
    const result = { wakeFloor: { runs: [{ p99Us: 201 }, { p99Us: 200 }, { p99Us: 150 }] }, stallFloor: { runs: [{ lateP99Us: 90 }, { lateP99Us: 250 }, { lateP99Us: 201 }] } };
    // The lag rule allows lag p99 = the p50, so 200 against 200 does not break it.
    assert.deepEqual(machineLagFloors(result, 200), { floor: [1], stalls: [2, 3] });
    assert.deepEqual(machineLagFloors(result, 100), { floor: [1, 2, 3], stalls: [2, 3] });
    assert.deepEqual(machineLagFloors(result, 1_000), { floor: [], stalls: [] });
    assert.deepEqual(machineLagFloors({}, 100), { floor: null, stalls: null });
  });

  test('a never-sleeping scheduler’s lateness: the smallest x with Σ max(0, g − x) ≤ (1 − p/100) × total', () => {
    const close = (a: number, b: number) => assert.ok(Math.abs(a - b) < 1e-9, `${a} vs ${b}`);
    // One 100 µs stall in 1,000 µs: calls due in its first 10 µs (1%) wait more than 90 µs.
    close(residualLatenessUs([100], 1_000, 99), 90);
    // Two stalls: at x = 20 only the 30 µs one has calls later than x, 10 µs of them: 1% of 1,000.
    close(residualLatenessUs([20, 30], 1_000, 99), 20);
    // Three, p95: 50 µs allowed; (30 − x) + (20 − x) + (5 − x) = 50 at x = 5/3.
    close(residualLatenessUs([30, 20, 5], 1_000, 95), 5 / 3);
    // Stalls shorter in all than the allowed share, or none: on time.
    assert.equal(residualLatenessUs([5], 1_000, 99), 0);
    assert.equal(residualLatenessUs([], 1_000, 99), 0);
    // p100 is the longest stall; p0 is 0.
    close(residualLatenessUs([40, 70, 10], 1_000, 100), 70);
    assert.equal(residualLatenessUs([40, 70, 10], 1_000, 0), 0);
    assert.throws(() => residualLatenessUs([1], 0, 99), RangeError);
    assert.throws(() => residualLatenessUs([1], 10, 101), RangeError);
  });

  test('a ceiling run is the generator\'s limit only when its client used at least the client-CPU limit', () => {
    assert.equal(ceilingRunBound({ clientCpuPercent: 70 }, 70), true);
    assert.equal(ceilingRunBound({ clientCpuPercent: 69.9 }, 70), false);
    assert.deepEqual(boundCeilingPerSec([{ callsPerSec: 10, clientCpuPercent: 40 }, { callsPerSec: 40, clientCpuPercent: 95 }, { callsPerSec: 30, clientCpuPercent: 70 }], 70), [40, 30]);
  });

  test('capacity near the ceiling: against the runs the generator limited, by the noise rule; never without one', () => {
    const bound = (...perSec: number[]) => perSec.map((callsPerSec) => ({ callsPerSec, clientCpuPercent: 95 }));
    // Three runs each: min–max intervals [8, 10] and [9, 12] overlap; [8, 10] and [11, 12] do not.
    assert.equal(capacityNearCeiling([8, 9, 10], bound(9, 11, 12), 70), true);
    assert.equal(capacityNearCeiling([8, 9, 10], bound(11, 11.5, 12), 70), false);
    // Measurably above the ceiling (median 20 ≥ 11.5) still means the ceiling may be what it reached.
    assert.equal(capacityNearCeiling([19, 20, 21], bound(11, 11.5, 12), 70), true);
    // One run: within 10% of the ceiling's median or not.
    assert.equal(capacityNearCeiling([90], bound(100), 70), true);
    assert.equal(capacityNearCeiling([89], bound(100, 100, 100), 70), false);
    // Runs whose client stayed under the limit do not count: the responder stopped them, not the generator.
    const mixed = [{ callsPerSec: 10, clientCpuPercent: 40 }, { callsPerSec: 40, clientCpuPercent: 95 }, { callsPerSec: 11, clientCpuPercent: 45 }];
    assert.equal(capacityNearCeiling([9, 10, 11], mixed, 70), false); // 10 against the one bound run, 40
    assert.equal(capacityNearCeiling([37, 38, 39], mixed, 70), true); // 38 ≥ 0.9 × 40
    assert.equal(capacityNearCeiling([9, 10, 11], mixed.map((r) => ({ ...r, clientCpuPercent: 50 })), 70), false);
    assert.throws(() => capacityNearCeiling([], bound(1), 70), RangeError);
  });

  test('services are saturated at ≥ 90% of the CPUs they were pinned to, and never when unpinned', () => {
    const one = { pinned: true, serviceCpus: [1] };
    assert.equal(servicesSaturated(90, one), true);
    assert.equal(servicesSaturated(89.9, one), false);
    assert.equal(servicesSaturated(170, { pinned: true, serviceCpus: [1, 2] }), false); // 85% of two CPUs
    assert.equal(servicesSaturated(180, { pinned: true, serviceCpus: [1, 2] }), true);
    assert.equal(servicesSaturated(99, { pinned: false, serviceCpus: [] }), false);
  });

  test('the lag rule reads clock lag; results written before it fall back to the send delay', () => {
    assert.equal(runClockLagP99Us({ clockLag: { p99Us: 120 }, schedulerLag: { p99Us: 9_000 } }), 120);
    assert.equal(runClockLagP99Us({ schedulerLag: { p99Us: 9_000 } }), 9_000);
    const fig = (median: number) => ({ median, low: median - 1, high: median + 1 });
    assert.deepEqual(levelClockLagP99Us({ clockLagP99Us: fig(120), lagP99Us: fig(9_000) }), fig(120));
    assert.deepEqual(levelClockLagP99Us({ lagP99Us: fig(9_000) }), fig(9_000));
  });

  test('figures: median and the interval rule of cases A–D (min–max for 3 runs)', () => {
    assert.deepEqual(figureOf([3, 1, 2]), { median: 2, low: 1, high: 3 });
    assert.deepEqual(figureOf([5]), { median: 5, low: 5, high: 5 });
  });
});

describe('HDR recording', () => {
  test('exact percentiles of 1 … 100 µs (values below 2048 are exact at 3 significant digits)', () => {
    const r = new LatencyRecorder();
    for (let v = 100; v >= 1; v--) r.record(v);
    const s = r.summary();
    assert.deepEqual([s.count, s.p50Us, s.p90Us, s.p99Us, s.maxUs, s.meanUs, s.p999Us, s.clamped], [100, 50, 90, 99, 100, 50.5, 100, 0]);
  });

  test('clamped above 60 s; 0.2 µs counts as 1 µs, 2.6 µs as 3 µs; empty is zeros', () => {
    const r = new LatencyRecorder();
    r.record(HDR_RANGE.highestUs * 2);
    assert.equal(r.summary().clamped, 1);
    const small = new LatencyRecorder();
    small.record(0.2);
    small.record(2.6);
    assert.deepEqual([small.summary().p50Us, small.summary().maxUs], [1, 3]);
    const e = new LatencyRecorder().summary();
    assert.deepEqual([e.count, e.meanUs, e.p99Us, e.maxUs], [0, 0, 0, 0]);
  });
});

describe('steal time from /proc/stat', () => {
  test('the aggregate cpu line: every column to steal summed; steal is the eighth', () => {
    const stat = 'cpu  100 5 50 800 10 0 5 30 7 0\ncpu0 50 2 25 400 5 0 2 15 3 0\nintr 1 2 3\n';
    assert.deepEqual(parseCpuTicks(stat), { total: 1000, steal: 30 });
    assert.equal(parseCpuTicks('cpu0 1 2 3 4 5 6 7 8\n'), null, 'no aggregate line');
    assert.equal(parseCpuTicks('cpu  1 2 3 4 5 6 7\n'), null, 'no steal column (very old kernels)');
  });

  test('steal between two readings, % of the time in between; none without both or without time', () => {
    assert.equal(stealPercent({ total: 1000, steal: 30 }, { total: 1200, steal: 60 }), 15);
    assert.equal(stealPercent({ total: 1000, steal: 30 }, { total: 1200, steal: 30 }), 0);
    assert.equal(stealPercent(null, { total: 1, steal: 0 }), null);
    assert.equal(stealPercent({ total: 5, steal: 1 }, { total: 5, steal: 1 }), null);
  });
});

describe('the peer check against autocannon (rules.peerStanding: the one predicate of the report and the page)', () => {
  // Rounds of 100 autocannon calls/s against `bench` calls/s: each round's ratio is bench / 100.
  const row = (bench: number[], ratio: number) => ({ ratio, rounds: bench.map((b) => ({ autocannonPerSec: 100, benchPerSec: b })) });
  test('the target is stated: 0.9× autocannon', () => assert.equal(PEER_TARGET_RATIO, 0.9));
  test('rounds whose interval (min–max for 5) holds 1: no measurable difference, even with a median of 0.88 under the target', () => {
    assert.deepEqual(peerRoundRatios(row([83, 88, 100, 84, 105], 0.88)), [0.83, 0.88, 1, 0.84, 1.05]);
    assert.equal(peerStanding(row([83, 88, 100, 84, 105], 0.88)), 'same');
    assert.equal(peerStanding(row([60, 100, 158], 1.32)), 'same');
  });
  test('rounds all below 1: slower under the target, near within it; all above 1: near within 10%, faster beyond', () => {
    assert.equal(peerStanding(row([70, 80, 88], 0.8)), 'slower');
    assert.equal(peerStanding(row([92, 95, 97], 0.95)), 'near');
    assert.equal(peerStanding(row([88, 90, 99], 0.9)), 'near');
    assert.equal(peerStanding(row([102, 105, 108], 1.05)), 'near');
    assert.equal(peerStanding(row([120, 140, 160], 1.4)), 'faster');
  });
  test('one round (results written before rounds): no spread, the band alone decides', () => {
    assert.equal(peerStanding({ ratio: 0.89 }), 'slower');
    assert.equal(peerStanding({ ratio: 0.9 }), 'near');
    assert.equal(peerStanding({ ratio: 1.1 + 1e-9 }), 'faster');
    assert.equal(peerStanding(row([85], 0.85)), 'slower');
  });
});

describe('the capacity against the other levels (rules.capacityTies: paired run by run, the one noise rule)', () => {
  const level = (concurrency: number, perSec: number[], valid = true) => ({ concurrency, valid, perSec });
  test('the last full build: the hop at c = 64 ties c = 16 (ratios 1.51, 1.15, 0.54), not c = 1 (4.86, 4.97, 2.23)', () => {
    const hop = [level(1, [2149, 2436, 4915]), level(16, [6928, 10513, 20129]), level(64, [10443, 12102, 10952])];
    assert.deepEqual(capacityTies(hop, 64), [16]);
    // The chain: c = 64 over c = 1 is 2.31, 1.71, 1.09 run by run, all above 1, though the runs' ranges
    // overlap (1,119–1,458 and 484–1,306): paired, it is measurably above; over c = 16 0.96, 1.03, 0.97: a tie.
    assert.deepEqual(capacityTies([level(1, [484, 853, 1306]), level(16, [1166, 1415, 1460]), level(64, [1119, 1458, 1420])], 64), [16]);
  });
  test('an expert read: the chain at c = 64 (955–1,384) against c = 16 (1,194–1,539 at c = 64, ranges that overlap) is above in every run', () => {
    // Run by run 1,384/1,258, 1,539/1,069, 1,321/1,190: 1.10, 1.44, 1.11, all above 1.
    assert.deepEqual(capacityTies([level(16, [1258, 1069, 1190]), level(64, [1384, 1539, 1321])], 64), []);
    // The same figures in another run order pair differently: 1,384/1,069, 1,539/1,258, 1,321/1,190 = 1.29, 1.22, 1.11; still above.
    assert.deepEqual(capacityTies([level(16, [1069, 1258, 1190]), level(64, [1384, 1539, 1321])], 64), []);
    // One run below: 1,384/1,400 = 0.99 with 1.44 and 1.11: the interval holds 1, a tie.
    assert.deepEqual(capacityTies([level(16, [1400, 1069, 1190]), level(64, [1384, 1539, 1321])], 64), [16]);
  });
  test('measurably above every other valid level: none; an invalid level is left out; the only valid level: none', () => {
    assert.deepEqual(capacityTies([level(1, [100, 110, 120]), level(16, [200, 210, 220]), level(64, [150, 215, 300], false)], 16), []);
    assert.deepEqual(capacityTies([level(1, [100, 110, 120], false), level(16, [200, 210, 220])], 16), []);
  });
  test('one run with another valid level: null (no spread to judge); no such valid level: a RangeError', () => {
    assert.equal(capacityTies([level(1, [100]), level(16, [200])], 16), null);
    assert.deepEqual(capacityTies([level(1, [100], false), level(16, [200])], 16), []);
    assert.throws(() => capacityTies([level(1, [200])], 16), RangeError);
    // A capacity level the rules did not count (results edited by hand): still set against the valid ones.
    assert.deepEqual(capacityTies([level(1, [100, 110], false), level(16, [200, 210], false)], 16), []);
  });
});

describe('the stall probe', () => {
  test('counts each gap over the threshold between clock readings as a stall, and reads the lateness from them', () => {
    // Readings every 1 µs for 1,000 µs, except two gaps: 100 µs after 200 µs and 30 µs after 600 µs.
    const times: number[] = [];
    for (let t = 0; t <= 1_000; t += 1) {
      if (t > 200 && t < 300) continue;
      if (t > 600 && t < 630) continue;
      times.push(t / 1000);
    }
    let i = 0;
    const run = measureStalls({ measureMs: 1, thresholdUs: 10 }, () => times[Math.min(i++, times.length - 1)]!);
    const close = (a: number, b: number) => assert.ok(Math.abs(a - b) < 1e-6, `${a} vs ${b}`);
    assert.equal(run.stalls, 2);
    close(run.measuredMs, 1);
    close(run.maxUs, 100);
    close(run.stalledPercent, 13);
    // 10 µs of calls (1%) may be later than x: (100 − x) + max(0, 30 − x) = 10 at x = 90.
    close(run.lateP99Us, 90);
  });

  test('measures this thread for the time asked', () => {
    const run = measureStalls({ measureMs: 20, thresholdUs: 10 });
    assert.ok(run.measuredMs >= 20 && run.measuredMs < 200, `${run.measuredMs} ms`);
    assert.ok(run.stalledPercent >= 0 && run.stalledPercent <= 100);
    assert.ok(run.lateP99Us <= run.maxUs);
  });
});

test('the trivial responder is busy at 90% of one core or more, whatever the placement (it is one thread)', async () => {
  const { ceilingResponderBusy } = await import('../src/cases/f-load/validity.ts');
  assert.equal(ceilingResponderBusy({ responderCpuPercent: 90 }), true);
  assert.equal(ceilingResponderBusy({ responderCpuPercent: 89.9 }), false);
});
