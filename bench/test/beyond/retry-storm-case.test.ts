// Case I end to end on a tiny configuration (two policies and the short-TTL run, 1.5 s each), called
// through its BeyondCase contract; its cleanup when interrupted; its configuration's checks.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { caseI } from '../../src/cases/i-retry-storm/case.ts';
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

test('case I, tiny: schema-valid; seeded counts; no retry sends exactly one attempt per call; long-lived keys never write twice', { timeout: 60_000 }, async () => {
  const result = await caseI.run({ quick: true, runs: 1, log: quiet, signal: new AbortController().signal }, tiny);
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
