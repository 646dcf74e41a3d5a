// Case I's facts from the labelled quick-run fixture: names, exact config-derived values, and the
// measured figures carried over unchanged.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { beyondSuite } from '@split-on-evidence/hop-bench/suites';
import { beyondFacts } from '../../src/facts/beyond-facts.ts';
import { firstSpanAfterPerSec, retryStormOf } from '../../src/cases/i-retry-storm/facts.ts';
import { BEYOND_FIXTURE } from '../support/site-build.ts';

const file = BEYOND_FIXTURE;
const beyond = beyondSuite.parseResultsText(readFileSync(file, 'utf8'), file);

test('case I facts: setup values follow from the config; measured values are the stored ones', () => {
  const facts = beyondFacts(beyond);
  const storm = retryStormOf(beyond)!;
  assert.equal(facts['beyond.I.measured'], 1);
  assert.equal(facts['I.capacityPerSec'], 200, 'one worker, 5 ms per served request');
  assert.equal(facts['I.brownoutCapacityPerSec'], 50, 'service 4× longer');
  assert.equal(facts['I.offeredLoadPercent'], 65, '130 calls/s of 200');
  assert.equal(facts['I.server.queueWorkMs'], 1_000, '200 waiting × 5 ms');
  assert.equal(facts['I.keyTtlHours'], 24);
  assert.equal(facts['I.afterWindowMs'], storm.config.durationMs - storm.result.window.endMs);
  assert.equal(facts['I.none.amp.overall'], 1);
  const byId = (id: string) => storm.result.runs.find((r) => r.id === id)!;
  assert.equal(facts['I.immediate.goodput.afterPerSec'], byId('immediate').measured.goodputPerSec.after);
  assert.equal(facts['I.immediate.goodput.afterOverBefore'], byId('immediate').measured.goodputPerSec.after / byId('immediate').measured.goodputPerSec.before);
  assert.equal(facts['I.deadline.dropped'], byId('deadline').measured.server.dropped);
  assert.equal(facts['I.immediateShortTtl.duplicates.keyed'], byId('immediate-short-ttl').measured.duplicates.keyed);
  for (const [key, id] of [['none', 'none'], ['immediate', 'immediate'], ['deadline', 'deadline']] as const) {
    const r = byId(id).measured.recoveryMs;
    assert.equal(facts[`I.${key}.recovered`], r === null ? 0 : 1);
    assert.equal(facts[`I.${key}.recoveryMs`], r === null ? undefined : r, `${key}: a recovery time only when it recovered`);
  }
  // Retries that reached the server: attempts beyond one per call, counted here from the stored attempts.
  for (const [key, id] of [['none', 'none'], ['budget', 'budget'], ['immediate', 'immediate']] as const) {
    const r = byId(id);
    assert.equal(facts[`I.${key}.retriesReceived`], Math.max(0, r.measured.attempts.total - r.seeded.calls), key);
  }
  assert.equal(facts['I.none.retriesReceived'], 0, 'no retry sends no retry');
  // Replies to keyed retries that found an earlier attempt: the server's 409s and stored replies, read
  // here from the stored status counts (absent status → 0); attempts as received.
  for (const [key, id] of [['immediate', 'immediate'], ['backoff', 'backoff'], ['budget', 'budget'], ['deadline', 'deadline']] as const) {
    const counts = byId(id).measured.statusCounts;
    assert.equal(facts[`I.${key}.replies.conflict409`], counts['409'] ?? 0, key);
    assert.equal(facts[`I.${key}.replies.replayed`], counts['replayed'] ?? 0, key);
    assert.equal(facts[`I.${key}.attempts`], byId(id).measured.attempts.total, key);
  }
  assert.equal(facts['I.none.replies.conflict409'], 0, 'no retry: no key is ever seen twice');
  // The caller's schedule: the bench's limit (¼ of the 250 ms timeout), the latest start over all runs.
  assert.equal(facts['I.schedule.lateLimitMs'], 62.5);
  const lags = storm.result.runs.map((r) => r.measured.schedulerLagMaxMs);
  assert.equal(facts['I.schedule.lateMaxMs'], Math.max(...lags));
  assert.equal(facts['I.schedule.runsBehind'], lags.filter((l) => l > 62.5).length);
  assert.equal(facts['I.schedule.runs'], 6, 'five policies and the short-TTL run');
  assert.equal(facts['I.runsPerPolicy'], 1, 'the case runs each storm once');
  for (const [name, value] of Object.entries(facts)) {
    assert.ok(/^[F-Z]\./.test(name) || name.startsWith('beyond.'), name);
    assert.ok(Number.isFinite(value), name);
  }
});

test('case I not measured: no I facts, and retryStormOf says so', () => {
  const without = { ...beyond, cases: beyond.cases.filter((c) => c.id !== 'I') };
  assert.equal(retryStormOf(without), undefined);
  assert.deepEqual(Object.keys(beyondFacts(without)).filter((n) => n.startsWith('I.')), []);
});

test('goodput in the first recovery span after the brownout: the successes of its buckets over the time they cover', () => {
  // Buckets of 100 ms; the window ends at 400 ms; a span of 400 ms: 5 + 5 + 3 + 3 = 16 calls in 0.4 s = 40 calls/s.
  const successes = [1, 1, 1, 1, 5, 5, 3, 3, 2, 2];
  assert.equal(firstSpanAfterPerSec(successes, 400, 100, 400), 40);
  // The run ends 200 ms after a window ending at 800 ms: 4 calls in 0.2 s.
  assert.equal(firstSpanAfterPerSec(successes, 800, 100, 400), 20);
  assert.equal(firstSpanAfterPerSec(successes, 1_000, 100, 400), 0, 'nothing left after the window');
});
