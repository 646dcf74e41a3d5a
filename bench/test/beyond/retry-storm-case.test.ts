// Case I end to end at --quick size, called through its BeyondCase contract, and its cleanup when interrupted.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { caseI } from '../../src/cases/i-retry-storm/case.ts';
import { stopAll } from '../../src/harness/process.ts';

after(stopAll);

const quiet = () => {};
/** Handles that would outlive a case which failed to clean up. */
const leaky = () => process.getActiveResourcesInfo().filter((r) => ['ProcessWrap', 'TCPSocketWrap', 'TCPServerWrap', 'Timeout', 'PipeWrap'].includes(r));

test('case I, quick: schema-valid; no retry amplifies exactly 1.0, immediate retries at most 3.0; keys with a long TTL write no duplicate', { timeout: 30_000 }, async () => {
  const config = caseI.config.quick;
  const result = await caseI.run({ quick: true, runs: 1, log: quiet, signal: new AbortController().signal }, config);
  caseI.resultSchema.parse(result);
  caseI.configSchema.parse(config);
  assert.deepEqual(result.runs.map((r) => r.id), ['none', 'immediate', 'backoff', 'budget', 'backoff-short-ttl']);
  const byId = Object.fromEntries(result.runs.map((r) => [r.id, r]));
  // Seeded: 1.2 s at 100 calls/s, a 300 ms window → 120 calls, 30 of them in the window, 60 keyed.
  for (const r of result.runs) {
    assert.equal(r.seeded.calls, 120);
    assert.equal(r.seeded.callsByPhase.during, 30);
    assert.equal(r.seeded.keyedCalls, 60);
    assert.equal(r.measured.succeeded + r.measured.failed, 120, `${r.id}: every call has one outcome`);
    assert.equal(r.measured.series.attempts.reduce((a, b) => a + b, 0), r.measured.attempts.total, `${r.id}: the series adds up`);
  }
  assert.equal(byId.none!.measured.amplification.overall, 1, 'no retry: exactly one attempt reaches the server per call');
  assert.equal(byId.none!.measured.attempts.total, 120);
  // Each phase's ratio counts the calls whose first attempt arrived in it: without retries, exactly 1.
  assert.equal(byId.none!.measured.amplification.during, 1);
  assert.equal(byId.none!.measured.amplification.after, 1);
  for (const r of result.runs) assert.equal(r.measured.callsArrived.total, 120, `${r.id}: every call's first attempt arrived`);
  assert.ok(byId.immediate!.measured.amplification.overall <= 3, `immediate: ${byId.immediate!.measured.amplification.overall}`);
  assert.ok(byId.immediate!.measured.amplification.overall > 1, 'the brownout makes immediate retries fire');
  for (const id of ['none', 'immediate', 'backoff', 'budget']) assert.equal(byId[id]!.measured.duplicates.keyed, 0, `${id}: a 24 h key never writes twice`);
  assert.equal(result.window.endMs - result.window.startMs, 300);
  assert.equal(result.capacityPerSec, 200, 'K = 4, s = 20 ms');
  const report = caseI.report(result, config);
  assert.ok(report.some((line) => line.includes('seeded')), 'the report labels seeded figures');
});

test('case I: an interrupted run rejects, naming the case, and leaves no process, socket or timer behind', { timeout: 30_000 }, async () => {
  const before = leaky().length;
  const controller = new AbortController();
  const run = caseI.run({ quick: true, runs: 1, log: quiet, signal: controller.signal }, caseI.config.quick);
  setTimeout(() => controller.abort(), 2_000).unref();
  await assert.rejects(run, /^Error: case I: interrupted/);
  // Destroyed sockets close on the next turns of the event loop.
  for (let i = 0; i < 50 && leaky().length > before; i++) await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(leaky().slice(before), [], 'handles left behind');
});

test('case I config: a client timeout at or above the brownout service time is refused, naming the field', () => {
  const bad = caseI.configSchema.safeParse({ ...caseI.config.full, clientTimeoutMs: 400 });
  assert.equal(bad.success, false);
  assert.deepEqual(bad.error!.issues[0]!.path, ['clientTimeoutMs']);
  assert.ok(caseI.configSchema.safeParse(caseI.config.full).success);
});
