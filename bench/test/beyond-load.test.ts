// Case F's measurement against real sockets: the raw closed loop, coordinated omission and the
// in-flight cap in the open loop, and a quick run of the case against real services.
import assert from 'node:assert/strict';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { caseF } from '../src/cases/f-load/case.ts';
import { runClosedLevel } from '../src/cases/f-load/closed-loop.ts';
import { LoadResultSchema } from '../src/cases/f-load/schema.ts';
import { runOpenLevel } from '../src/cases/f-load/open-loop.ts';
import { rawTarget } from '../src/cases/f-load/raw-connection.ts';
import { stopAll } from '../src/harness/process.ts';

after(() => stopAll());

async function listen(handler: http.RequestListener): Promise<{ server: http.Server; port: number; close(): Promise<void> }> {
  const server = http.createServer(handler);
  server.keepAliveTimeout = 10_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('closed loop on raw sockets', () => {
  test('counts every call the server saw, by status; bodies in turn; c connections', async () => {
    const bodies: string[] = [];
    const sockets = new Set<unknown>();
    let n = 0;
    const s = await listen((req, res) => {
      sockets.add(req.socket);
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        bodies.push(body);
        n += 1;
        res.writeHead(n % 10 === 0 ? 503 : 200, { 'content-length': 2 });
        res.end('{}');
      });
    });
    try {
      const run = await runClosedLevel(rawTarget(s.port, '/x', ['{"a":1}', '{"b":2}']), { concurrency: 3, warmupMs: 0, minCalls: 200, minMeasureMs: 50, maxMeasureMs: 5_000, callTimeoutMs: 2_000 }, new AbortController().signal);
      assert.equal(sockets.size, 3);
      assert.deepEqual(new Set(bodies), new Set(['{"a":1}', '{"b":2}']));
      // Every call sent in the window either succeeded (and was timed) or failed with the server's 503.
      assert.equal(run.latency.count + (run.errors['http 503'] ?? 0), run.sent);
      assert.ok(run.callsInWindow >= 200, `${run.callsInWindow}`);
      // minCalls counts the timed calls: the three sent before the window (warm-up 0) are not among them.
      assert.ok(run.latency.count >= 200, `${run.latency.count} timed calls`);
      assert.ok((run.errors['http 503'] ?? 0) > 0);
    } finally {
      await s.close();
    }
  });
});

test('responses split mid-header across reads, on interleaved connections, frame whole: every connection reads into one shared buffer', async () => {
  // A raw server that writes each response in three pieces, the first ending inside the header, with
  // a pause between them, so that other connections' reads land in the shared buffer in between.
  let served = 0;
  const server = net.createServer({ noDelay: true }, (socket) => {
    socket.on('data', () => {
      served += 1;
      const status = served % 7 === 0 ? 503 : 200;
      const body = '{"n":' + served + '}';
      const text = `HTTP/1.1 ${status} X\r\nContent-Length: ${body.length}\r\nX-Pad: ${'p'.repeat(served % 50)}\r\n\r\n${body}`;
      const cut1 = 12 + (served % 9);
      const cut2 = text.length - 3;
      socket.write(text.slice(0, cut1));
      setTimeout(() => {
        socket.write(text.slice(cut1, cut2));
        setTimeout(() => socket.write(text.slice(cut2)), 1);
      }, 1);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const port = (server.address() as AddressInfo).port;
    const run = await runClosedLevel(rawTarget(port, '/x', ['{}']), { concurrency: 4, warmupMs: 0, minCalls: 150, minMeasureMs: 50, maxMeasureMs: 10_000, callTimeoutMs: 5_000 }, new AbortController().signal);
    const protocolErrors = Object.keys(run.errors).filter((k) => k.startsWith('protocol'));
    assert.deepEqual(protocolErrors, [], JSON.stringify(run.errors));
    assert.ok(run.latency.count >= 150, `${run.latency.count} timed calls`);
    // Every 7th response the server wrote was a 503, and each reached the client as one.
    assert.ok((run.errors['http 503'] ?? 0) >= Math.floor(run.sent / 7) - 4, JSON.stringify({ sent: run.sent, errors: run.errors }));
    assert.equal(run.latency.count + (run.errors['http 503'] ?? 0), run.sent);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

/**
 * One open-loop level, evenly spaced, over one connection from the window's start, against a server that
 * answers every request after `delayMs`; `check` reads the run, and the server is closed whatever happens.
 */
async function againstSlowServer(
  delayMs: number,
  level: { ratePerSec: number; measureMs: number; inFlightCap: number },
  check: (run: Awaited<ReturnType<typeof runOpenLevel>>) => void,
): Promise<void> {
  const slow = await listen((req, res) => {
    req.resume();
    req.on('end', () => setTimeout(() => {
      res.writeHead(200, { 'content-length': 2 });
      res.end('{}');
    }, delayMs));
  });
  try {
    const run = await runOpenLevel(
      rawTarget(slow.port, '/', ['{}']),
      { ...level, arrival: 'uniform', seed: 1, granularityMs: 1, clockSpinMs: 0.05, warmupMs: 0, connections: 1, callTimeoutMs: 5000 },
      new AbortController().signal,
    );
    check(run);
  } finally {
    await slow.close();
  }
}

describe('coordinated omission', () => {
  // The server runs in the test's own process and stalls it once, synchronously, for 200 ms: the
  // scheduler's handler is held back too (as by a GC pause or a saturated client), so the calls due
  // during the stall go out late. Timed from their intended send they carry the stall; from their
  // actual send they look fast.
  const STALL_MS = 200;
  let s: Awaited<ReturnType<typeof listen>>;
  before(async () => {
    let requests = 0;
    s = await listen((req, res) => {
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
  });
  after(() => s.close());

  test('corrected p99 shows a 200 ms stall at 100 calls/s; uncorrected p99 does not', async () => {
    const run = await runOpenLevel(
      rawTarget(s.port, '/', ['{}']),
      { ratePerSec: 100, arrival: 'uniform', seed: 1, granularityMs: 1, clockSpinMs: 0.05, warmupMs: 250, measureMs: 4000, inFlightCap: 512, connections: 16, callTimeoutMs: 5000 },
      new AbortController().signal,
    );
    const stallUs = STALL_MS * 1000;
    assert.equal(run.dropped, 0);
    assert.deepEqual(run.errors, {});
    // Evenly spaced: 400 calls due in 4 s; about 20 of them during the stall (5%, over 1%).
    assert.equal(run.due, 400);
    assert.ok(run.fromIntended.p99Us >= stallUs / 2, `corrected p99 ${run.fromIntended.p99Us} µs should reflect the ${STALL_MS} ms stall`);
    assert.ok(run.fromActual.p99Us < stallUs / 2, `uncorrected p99 ${run.fromActual.p99Us} µs should not`);
    assert.ok(run.schedulerLag.p99Us >= stallUs / 2, `scheduler lag p99 ${run.schedulerLag.p99Us} µs`);
    // The stall held the scheduler's own handler back too, so it is clock lag, not only a wait to send.
    assert.ok(run.clockLag.p99Us >= stallUs / 2, `clock lag p99 ${run.clockLag.p99Us} µs`);
    assert.equal(run.fromIntended.count, run.fromActual.count);
  });

  test('a wait for a free connection is send delay, not clock lag: the lag rule does not blame the generator for a slow service', async () => {
    // One connection, a server that answers after 100 ms, 20 calls/s for 1 s: calls queue in the client
    // for the connection (the n-th waits about n × 50 ms), while the scheduler wakes on time.
    await againstSlowServer(100, { ratePerSec: 20, measureMs: 1000, inFlightCap: 512 }, (run) => {
      // Evenly spaced from the window's start: due at 50, 100, …, 950 ms.
      assert.equal(run.due, 19);
      assert.equal(run.dropped, 0);
      assert.ok(run.schedulerLag.p99Us > 500_000, `send delay p99 ${run.schedulerLag.p99Us} µs: the queue for the one connection`);
      assert.ok(run.clockLag.p99Us < 100_000, `clock lag p99 ${run.clockLag.p99Us} µs: no more than the machine's wake-up lateness`);
      assert.equal(run.clockLag.count, run.due);
    });
  });

  test('an in-flight cap drops calls and counts them, never delays them', async () => {
    // Cap 1 against a server that answers after 30 ms, at 200 calls/s: most due calls find the cap reached.
    await againstSlowServer(30, { ratePerSec: 200, measureMs: 500, inFlightCap: 1 }, (run) => {
      assert.equal(run.maxInFlight, 1);
      assert.ok(run.dropped > run.due / 2, `dropped ${run.dropped} of ${run.due}`);
      assert.equal(run.fromIntended.count + run.dropped, run.due);
    });
  });
});

describe('case F, quick', () => {
  test('runs both targets at every level, closes its services, and the figures hang together', async () => {
    const lines: string[] = [];
    const config = { ...caseF.config.quick, peerSeconds: 0.2 };
    const result = await caseF.run({ quick: true, runs: 1, log: (l) => lines.push(l), signal: new AbortController().signal }, config);
    const parsed = LoadResultSchema.parse(result);
    assert.deepEqual(parsed.targets.map((t) => [t.id, t.hops]), [['hop', 1], ['chain', 3]]);
    assert.deepEqual(parsed.peer.map((r) => r.concurrency), config.peerConcurrency);
    for (const r of parsed.peer) {
      // Alternating rounds: the ratio is the median of the rounds' own ratios, the throughputs the medians of the rounds.
      assert.equal(r.rounds!.length, config.peerRounds);
      const ratios = r.rounds!.map((x) => x.benchPerSec / x.autocannonPerSec).sort((a, b) => a - b);
      assert.equal(r.ratio, ratios[1]);
      assert.deepEqual([r.ratioLow, r.ratioHigh], [ratios[0], ratios[2]]);
      assert.equal(r.benchPerSec, r.rounds!.map((x) => x.benchPerSec).sort((a, b) => a - b)[1]);
    }
    // The wake-up floor: one window of Poisson wake-ups at the configured rate (count within ±5 sd).
    const floor = parsed.wakeFloor!;
    const expected = (config.wakeFloor!.ratePerSec * config.wakeFloor!.measureMs) / 1000;
    assert.ok(Math.abs(floor.runs[0]!.count - expected) < 5 * Math.sqrt(expected), `${floor.runs[0]!.count} wake-ups, about ${expected} expected`);
    assert.ok(floor.runs[0]!.p50Us <= floor.runs[0]!.p99Us && floor.runs[0]!.p99Us <= floor.runs[0]!.maxUs);
    assert.equal(floor.lagP99Us.median, floor.runs[0]!.p99Us);
    // The stall probe: one spin of the configured length per run, its lateness no more than its longest stall.
    const stalls = parsed.stallFloor!;
    assert.equal(stalls.runs.length, 1);
    assert.ok(stalls.runs[0]!.measuredMs >= config.stallProbe!.measureMs && stalls.runs[0]!.measuredMs < config.stallProbe!.measureMs + 100, `${stalls.runs[0]!.measuredMs} ms`);
    assert.ok(stalls.runs[0]!.lateP99Us <= stalls.runs[0]!.maxUs && stalls.runs[0]!.stalledPercent <= 100);
    assert.ok(parsed.ceiling.perSec.median > 0);
    for (const t of parsed.targets) {
      assert.deepEqual(t.closed.map((l) => l.concurrency), config.concurrency);
      assert.deepEqual(t.open.map((l) => l.fraction), config.openFractions);
      assert.equal(t.unloadedP50Us, t.closed[0]!.p50Us.median);
      assert.equal(t.validOpenLevels, t.open.filter((l) => l.validity.valid).length);
      for (const l of t.closed) {
        const run = l.runs[0]!;
        assert.ok(run.latency.count > 0 && run.latency.p50Us <= run.latency.p99Us && run.latency.p99Us <= run.latency.maxUs);
        // Little's law, from independently counted throughput and latency: about c calls in flight.
        assert.ok(l.littleL > 0.4 * l.concurrency && l.littleL < 1.6 * l.concurrency, `c=${l.concurrency}: L=${l.littleL}`);
        assert.equal(run.probe.services.length, t.hops);
        // The chain's relays keep a pool at least as large as the level's callers; the hop has no relay.
        if (t.id === 'chain') assert.ok(l.relaySockets! >= l.concurrency && l.relaySockets! >= 2, `c=${l.concurrency}: ${l.relaySockets} sockets`);
        else assert.equal(l.relaySockets, null);
      }
      for (const l of t.open) {
        assert.equal(l.targetPerSec, l.fraction * t.capacity.perSec);
        assert.equal(l.generatorLimited, l.targetPerSec > config.generatorLimitFraction * Math.min(...parsed.ceiling.runs.map((r) => r.callsPerSec)));
        const run = l.runs[0]!;
        assert.ok(run.dropped <= run.due);
        assert.equal(run.fromIntended.count, run.fromActual.count);
        // Timed from the intended send, a call can only look slower than from its actual send.
        assert.ok(run.fromIntended.p99Us >= run.fromActual.p99Us * 0.999, `${run.fromIntended.p99Us} vs ${run.fromActual.p99Us}`);
      }
    }
    const report = caseF.report(parsed, config).join('\n');
    assert.match(report, /generator ceiling \(closed loop, c=64, trivial responder\)/);
    assert.match(report, /peer check, autocannon .* 3 alternating rounds of 0\.2 s each \(medians; target 0\.90× or more; slower or faster only when the rounds. ratios leave 1 out of their interval\):/);
    assert.match(report, /wake-up floor \(the clock alone, no calls, 500 wake-ups\/s, before each run's open levels\): lag p50 [\d,]+ µs, p99 /);
    assert.match(report, /stall probe \(a thread that never sleeps, on the generator's core, [\d,]+ ms before each run's open levels; a gap over 10 µs between clock readings is a stall\): stalled [\d.]+% of the time, longest [\d,]+ µs; a never-sleeping scheduler's lateness p99 /);
    assert.match(report, /placement: /);
  });
});
