// Case F's measurement: HDR recording, coordinated omission, and a quick run against real services.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { caseF } from '../src/cases/f-load/case.ts';
import { LoadResultSchema } from '../src/cases/f-load/schema.ts';
import { runOpenLevel } from '../src/cases/f-load/open-loop.ts';
import { HDR_RANGE, LatencyRecorder } from '../src/cases/f-load/recorder.ts';
import { stopAll } from '../src/harness/process.ts';

after(() => stopAll());

describe('HDR recording', () => {
  test('exact percentiles of 1 … 100 µs (values below 2048 are exact at 3 significant digits)', () => {
    const r = new LatencyRecorder();
    for (let v = 100; v >= 1; v--) r.record(v);
    const s = r.summary();
    // Nearest-rank on 1..100: the p-th percentile is the value p.
    assert.deepEqual([s.count, s.minUs, s.p50Us, s.p90Us, s.p99Us, s.maxUs, s.meanUs], [100, 1, 50, 90, 99, 100, 50.5]);
    assert.equal(s.p999Us, 100);
    assert.equal(s.clamped, 0);
  });

  test('large values within the stated precision (0.1%), clamped above 60 s', () => {
    const r = new LatencyRecorder();
    r.record(123_456);
    r.record(3_000_001);
    r.record(HDR_RANGE.highestUs * 2);
    const s = r.summary();
    assert.ok(Math.abs(s.minUs - 123_456) <= 123_456 * 1e-3, `min ${s.minUs}`);
    assert.ok(Math.abs(s.p50Us - 3_000_001) <= 3_000_001 * 1e-3, `p50 ${s.p50Us}`);
    assert.ok(Math.abs(s.maxUs - HDR_RANGE.highestUs) <= HDR_RANGE.highestUs * 1e-3, `max ${s.maxUs}`);
    assert.equal(s.clamped, 1);
  });

  test('sub-microsecond and rounding: 0.2 µs counts as 1 µs, 2.6 µs as 3 µs', () => {
    const r = new LatencyRecorder();
    r.record(0.2);
    r.record(2.6);
    assert.deepEqual([r.summary().minUs, r.summary().maxUs], [1, 3]);
  });

  test('log-spaced bins: 10 per decade, counts add up to the samples', () => {
    const r = new LatencyRecorder();
    for (const v of [1, 9, 10, 11, 99, 100, 1000, 1000]) r.record(v);
    const s = r.summary();
    // bin i covers [10^(i/10), 10^((i+1)/10)): 1 → 0, 9 → 9, 10 and 11 → 10, 99 → 19, 100 → 20, 1000 → 30.
    assert.deepEqual(s.bins, [[0, 1], [9, 1], [10, 2], [19, 1], [20, 1], [30, 2]]);
    assert.equal(s.bins.reduce((a, [, n]) => a + n, 0), s.count);
  });

  test('an empty recorder stores zeros, not NaN', () => {
    const s = new LatencyRecorder().summary();
    assert.deepEqual([s.count, s.minUs, s.meanUs, s.p99Us, s.maxUs, s.bins.length], [0, 0, 0, 0, 0, 0]);
  });
});

describe('coordinated omission', () => {
  // The server runs in the test's own process and stalls it once, synchronously, for 200 ms: the
  // scheduler is held back too (as by a GC pause or a saturated client), so the calls due during the
  // stall go out late. Timed from their intended send they carry the stall; from their actual send
  // they look fast. Only the call being served when the stall began is slow both ways.
  const STALL_MS = 200;
  let server: http.Server;
  let port = 0;
  before(async () => {
    let requests = 0;
    server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        requests += 1;
        if (requests === 200) {
          const until = performance.now() + STALL_MS;
          while (performance.now() < until) {
            // stall
          }
        }
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': 2 });
        res.end('{}');
      });
    });
    server.keepAliveTimeout = 10_000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test('corrected p99 shows a 200 ms stall at 100 calls/s; uncorrected p99 does not', async () => {
    const run = await runOpenLevel(
      { port, path: '/', bodies: ['{}'] },
      { ratePerSec: 100, arrival: 'uniform', seed: 1, warmupMs: 250, measureMs: 4000, inFlightCap: 512, connections: 16, callTimeoutMs: 5000 },
      new AbortController().signal,
    );
    const stallUs = STALL_MS * 1000;
    assert.equal(run.dropped, 0);
    assert.deepEqual(run.errors, {});
    // About 20 of the 400 calls were due during the stall (5%, well over 1%); the one or two calls being
    // served when it began are under 1%.
    assert.equal(run.due, 400);
    assert.ok(run.fromIntended.p99Us >= stallUs / 2, `corrected p99 ${run.fromIntended.p99Us} µs should reflect the ${STALL_MS} ms stall`);
    assert.ok(run.fromActual.p99Us < stallUs / 2, `uncorrected p99 ${run.fromActual.p99Us} µs should not`);
    assert.ok(run.schedulerLag.p99Us >= stallUs / 2, `scheduler lag p99 ${run.schedulerLag.p99Us} µs`);
    // The stalled call itself is the uncorrected maximum.
    assert.ok(run.fromActual.maxUs >= stallUs * 0.9, `uncorrected max ${run.fromActual.maxUs} µs`);
    assert.equal(run.fromIntended.count, run.fromActual.count);
  });

  test('an in-flight cap drops calls and counts them, never delays them', async () => {
    // Cap 1 against a server that answers after 30 ms, at 200 calls/s: most due calls find the cap reached.
    const slow = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => setTimeout(() => res.end('{}'), 30));
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    try {
      const run = await runOpenLevel(
        { port: (slow.address() as AddressInfo).port, path: '/', bodies: ['{}'] },
        { ratePerSec: 200, arrival: 'uniform', seed: 1, warmupMs: 0, measureMs: 500, inFlightCap: 1, connections: 1, callTimeoutMs: 5000 },
        new AbortController().signal,
      );
      assert.equal(run.maxInFlight, 1);
      assert.ok(run.dropped > run.due / 2, `dropped ${run.dropped} of ${run.due}`);
      assert.equal(run.fromIntended.count + run.dropped, run.due);
    } finally {
      slow.closeAllConnections();
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  });
});

describe('case F, quick', () => {
  test('runs both targets at every level, closes its services, and the figures hang together', async () => {
    const lines: string[] = [];
    const config = caseF.config.quick;
    const result = await caseF.run({ quick: true, runs: 1, log: (l) => lines.push(l), signal: new AbortController().signal }, config);
    const parsed = LoadResultSchema.parse(result);
    assert.deepEqual(parsed.targets.map((t) => [t.id, t.hops]), [['hop', 1], ['chain', 3]]);
    for (const t of parsed.targets) {
      assert.deepEqual(t.closed.map((l) => l.concurrency), config.concurrency);
      assert.deepEqual(t.open.map((l) => l.fraction), config.openFractions);
      assert.equal(t.capacityPerSec, t.closed.at(-1)!.callsPerSec);
      for (const l of t.closed) {
        assert.equal(l.latency.bins.reduce((a, [, n]) => a + n, 0), l.latency.count);
        assert.ok(l.latency.count > 0 && l.latency.p50Us <= l.latency.p99Us && l.latency.p99Us <= l.latency.maxUs);
        // Little's law, from independently counted throughput and latency: about c calls in flight.
        assert.ok(l.littleL > 0.4 * l.concurrency && l.littleL < 1.6 * l.concurrency, `c=${l.concurrency}: L=${l.littleL}`);
        assert.equal(l.probe.services.length, t.hops);
      }
      for (const l of t.open) {
        assert.equal(l.targetPerSec, l.fraction * t.capacityPerSec);
        assert.ok(l.dropped <= l.due);
        assert.equal(l.fromIntended.count, l.fromActual.count);
        // Timed from the intended send, a call can only look slower than from its actual send.
        assert.ok(l.fromIntended.p99Us >= l.fromActual.p99Us * 0.999, `${l.fromIntended.p99Us} vs ${l.fromActual.p99Us}`);
      }
    }
    const report = caseF.report(parsed, config).join('\n');
    assert.match(report, /closed loop/);
    assert.match(report, /open loop at fractions of/);
  });
});
