// Case I end to end on a tiny configuration (two policies and the short-TTL run, 1.5 s each), called
// through its BeyondCase contract; its cleanup when interrupted; its configuration's checks.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { caseI } from '../../src/cases/i-retry-storm/case.ts';
import { collectGarbage, MajorGcLog } from '../../src/harness/heap.ts';
import { stopAll } from '../../src/harness/process.ts';
import type { RetryStormConfig } from '../../src/cases/i-retry-storm/schema.ts';

after(stopAll);

const quiet = () => {};
/** Handles that would outlive a case which failed to clean up. */
const leaky = () => process.getActiveResourcesInfo().filter((r) => ['ProcessWrap', 'TCPSocketWrap', 'TCPServerWrap', 'Timeout', 'PipeWrap'].includes(r));

const full = caseI.config.full;
const tiny: RetryStormConfig = {
  ...full,
  brownout: { ...full.brownout, earliestStartMs: 500, latestStartMs: 500, durationMs: 300 },
  durationMs: 1_500,
  recovery: { windowMs: 500, fraction: 0.8 },
  policies: full.policies.filter((p) => p.id === 'none' || p.id === 'immediate'),
  shortTtlPolicy: 'immediate',
};

/** This process's major (mark-compact) GC pauses, seen by perf_hooks, not by the case: [start, end] in performance.now() ms. */
function watchMajorGcs(): { pauses: [number, number][]; stop(): void } {
  const pauses: [number, number][] = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if ((e as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) pauses.push([e.startTime, e.startTime + e.duration]);
  });
  observer.observe({ entryTypes: ['gc'] });
  return { pauses, stop: () => observer.disconnect() };
}

test('case I, tiny: schema-valid; seeded counts; no retry sends exactly one attempt per call; long-lived keys never write twice; the heap is collected before each run, outside it', { timeout: 60_000 }, async () => {
  // Garbage as a case before I leaves it, so that a major collection is due.
  let garbage: unknown[] | null = Array.from({ length: 300_000 }, (_, i) => ({ i, text: `left by an earlier case ${i}` }));
  assert.equal(garbage.length, 300_000);
  garbage = null;
  const gcs = watchMajorGcs();
  const lines: { atMs: number; line: string }[] = [];
  const startedAtMs = performance.now();
  const result = await caseI.run({ quick: true, runs: 1, log: (line) => lines.push({ atMs: performance.now(), line }), signal: new AbortController().signal }, tiny);
  await new Promise((resolve) => setTimeout(resolve, 20));
  gcs.stop();
  caseI.resultSchema.parse(result);
  assert.deepEqual(result.runs.map((r) => r.id), ['none', 'immediate', 'immediate-short-ttl']);
  // 1.5 s at 130 calls/s = 195 calls; call i is due at (i + ½) ÷ 130 s, so the window [0.5, 0.8) s holds i = 65 … 103.
  for (const r of result.runs) {
    assert.equal(r.seeded.calls, 195);
    assert.equal(r.seeded.keyedCalls, 98);
    assert.deepEqual(r.seeded.callsByPhase, { before: 65, during: 39, after: 91, total: 195 });
    assert.equal(r.measured.succeeded + r.measured.failed, 195, `${r.id}: every call has one outcome`);
    assert.equal(r.measured.series.successes.length, 15, `${r.id}: one bucket per 100 ms of the run`);
    assert.ok(r.measured.series.successes.reduce((a, b) => a + b, 0) <= r.measured.succeeded, `${r.id}: successes in the series are successes`);
    const w = r.measured.server;
    assert.ok(w.served + w.rejected + w.dropped <= r.measured.attempts.total, `${r.id}: the worker handled each attempt at most once (a caller may leave before its body is read)`);
    assert.equal(r.measured.invoicesWritten.keyed + r.measured.invoicesWritten.unkeyed, w.served, `${r.id}: one invoice per served request`);
  }
  const byId = Object.fromEntries(result.runs.map((r) => [r.id, r]));
  assert.equal(byId.none!.measured.attempts.total, 195, 'no retry: exactly one attempt reaches the server per call');
  assert.equal(byId.none!.measured.amplification.overall, 1);
  assert.deepEqual(byId.none!.measured.duplicates, { keyed: 0, unkeyed: 0 });
  assert.equal(byId.none!.measured.invoicesForFailedCalls, byId.none!.measured.servedAfterCallerLeft, 'no retry: each late service is an invoice for a failed call');
  for (const id of ['none', 'immediate']) assert.equal(byId[id]!.measured.duplicates.keyed, 0, `${id}: a 24 h key never writes twice`);
  assert.equal(result.capacityPerSec, 200, '5 ms per served request');
  assert.equal(result.offeredLoad, 0.65);
  assert.deepEqual(result.window, { startMs: 500, endMs: 800, serviceFactor: 4, serviceMs: 20 });
  const report = caseI.report(result, tiny);
  assert.ok(report.some((line) => line.includes('busy-spin 5 ms per served request')), 'the report prints the design parameters');
  // The warm-up is not recorded: no retry counted exactly its 195 attempts above. Each run starts on a
  // collected heap: a major GC (seen by perf_hooks) ends after the previous run ended and before this
  // run's "run starts" line, which comes before its time zero.
  assert.ok(report.some((line) => line.includes('before the runs, unrecorded: 100 warm-up calls; a full garbage collection')), 'the report states the warm-up and the collections');
  let previousEndMs = startedAtMs;
  for (const r of result.runs) {
    const started = lines.find((l) => l.line.startsWith(`  I ${r.id}: caller heap collected in`));
    const ended = lines.find((l) => l.line.startsWith(`  I ${r.id}: goodput`));
    assert.ok(started && ended, `${r.id}: the case logs the run's start and end`);
    assert.ok(
      gcs.pauses.some(([from, to]) => from >= previousEndMs && to <= started.atMs),
      `${r.id}: no major GC between the previous run's end (${previousEndMs.toFixed(0)} ms) and this run's start (${started.atMs.toFixed(0)} ms); pauses: ${JSON.stringify(gcs.pauses.map(([a, b]) => [Math.round(a), Math.round(b)]))}`,
    );
    assert.ok(r.measured.callerGc !== undefined && r.measured.callerGc.beforeRunMs > 0, `${r.id}: the collection's time is stored`);
    previousEndMs = ended.atMs;
  }
});

test('case I caller heap: a forced collection is a major GC that MajorGcLog counts in its span and not outside it', async () => {
  const log = new MajorGcLog();
  try {
    const beforeMs = performance.now();
    const tookMs = collectGarbage();
    const afterMs = performance.now();
    assert.ok(tookMs > 0 && tookMs <= afterMs - beforeMs);
    assert.ok((await log.pausedMs(beforeMs, afterMs)) > 0, 'the forced collection is seen as a major pause');
    assert.equal(await log.pausedMs(afterMs, performance.now()), 0, 'nothing is counted after it');
  } finally {
    log.stop();
  }
});

test('case I: an interrupted run rejects, naming the case, and leaves no process, socket or timer behind', { timeout: 30_000 }, async () => {
  const before = leaky().length;
  const controller = new AbortController();
  const run = caseI.run({ quick: true, runs: 1, log: quiet, signal: controller.signal }, tiny);
  setTimeout(() => controller.abort(), 1_500).unref();
  await assert.rejects(run, /^Error: case I: interrupted/);
  // Destroyed sockets close on the next turns of the event loop.
  for (let i = 0; i < 50 && leaky().length > before; i++) await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(leaky().slice(before), [], 'handles left behind');
});

test('case I config: the full size keeps ≥ 5 s after the latest window at 60–75% load; bad designs are refused, naming the field', () => {
  assert.ok(full.durationMs - (full.brownout.latestStartMs + full.brownout.durationMs) >= 5_000);
  const load = full.arrivalPerSec / (1000 / full.server.serviceMs);
  assert.ok(load >= 0.6 && load <= 0.75, `offered load ${load}`);
  assert.ok(caseI.configSchema.safeParse(full).success);
  assert.ok(caseI.configSchema.safeParse(caseI.config.quick).success);
  const refused = (config: unknown) => {
    const parsed = caseI.configSchema.safeParse(config);
    assert.equal(parsed.success, false);
    return parsed.error!.issues.map((i) => i.path.join('.'));
  };
  // 50 × 5 ms = 250 ms of queued work: no queued request outlives a 250 ms timeout.
  assert.deepEqual(refused({ ...full, server: { ...full.server, queueLimit: 50 } }), ['server.queueLimit']);
  assert.deepEqual(refused({ ...full, arrivalPerSec: 200 }), ['arrivalPerSec']);
  assert.deepEqual(refused({ ...full, shortKeyTtlMs: 250 }), ['shortKeyTtlMs']);
});
