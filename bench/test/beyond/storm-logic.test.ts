// Case I's pure logic, with values worked out by hand (see each comment).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { backoffCeilingMs, fullJitterDelayMs, longestRetryDelayMs } from '../../src/cases/i-retry-storm/backoff.ts';
import { brownoutWindow, phaseOf } from '../../src/cases/i-retry-storm/brownout.ts';
import { IdempotencyStore } from '../../src/cases/i-retry-storm/idempotency-store.ts';
import { amplification, p99Over, p99PerBucket, QueueTrace, recoveryMs, sumRange } from '../../src/cases/i-retry-storm/series.ts';
import { RetryThrottle } from '../../src/cases/i-retry-storm/token-bucket.ts';

test('retry throttle: exact token arithmetic on a scripted sequence (gRPC A6, maxTokens 10, tokenRatio 0.1)', () => {
  const t = new RetryThrottle({ maxTokens: 10, tokenRatio: 0.1 });
  const steps: ['s' | 'f', number, boolean][] = [
    // [event, tokens after, retry allowed after]  (allowed ⇔ tokens > 5)
    ['f', 9, true],
    ['f', 8, true],
    ['f', 7, true],
    ['f', 6, true],
    ['f', 5, false], // at the threshold: no retries
    ['s', 5.1, true],
    ['f', 4.1, false],
    ...Array.from({ length: 8 }, (_, i) => ['s', [4.2, 4.3, 4.4, 4.5, 4.6, 4.7, 4.8, 4.9][i]!, false] as ['s', number, boolean]),
    ['s', 5, false], // nine successes make exactly 0.9: back to the threshold, still no retries
    ['s', 5.1, true],
  ];
  assert.equal(t.tokens, 10);
  assert.equal(t.retryAllowed(), true);
  steps.forEach(([event, tokens, allowed], i) => {
    if (event === 's') t.onSuccess();
    else t.onFailure();
    assert.equal(t.tokens, tokens, `step ${i}: tokens`);
    assert.equal(t.retryAllowed(), allowed, `step ${i}: retry allowed`);
  });
  for (let i = 0; i < 100; i++) t.onSuccess();
  assert.equal(t.tokens, 10, 'capped at maxTokens');
  for (let i = 0; i < 20; i++) t.onFailure();
  assert.equal(t.tokens, 0, 'floored at 0');
  assert.throws(() => new RetryThrottle({ maxTokens: 10, tokenRatio: 0.0001 }), /at most 3 decimals/);
  assert.throws(() => new RetryThrottle({ maxTokens: 0, tokenRatio: 0.1 }), /maxTokens must be positive/);
});

test('full-jitter backoff: ceilings double from the base up to the cap; delay is floor(r × ceiling)', () => {
  const p = { baseMs: 50, capMs: 1000 };
  assert.deepEqual([1, 2, 3, 4, 5, 6, 7].map((n) => backoffCeilingMs(n, p)), [50, 100, 200, 400, 800, 1000, 1000]);
  assert.equal(fullJitterDelayMs(1, p, 0), 0);
  assert.equal(fullJitterDelayMs(1, p, 0.999), 49);
  assert.equal(fullJitterDelayMs(2, p, 0.5), 50);
  assert.equal(fullJitterDelayMs(7, p, 0.25), 250);
  assert.equal(longestRetryDelayMs(3, p), 100, '3 attempts = 2 retries: ceilings 50 and 100');
  assert.equal(longestRetryDelayMs(1, p), 0);
  assert.throws(() => backoffCeilingMs(0, p), /≥ 1/);
  assert.throws(() => fullJitterDelayMs(1, p, 1), /\[0, 1\)/);
});

test('brownout window: start drawn from the seed, bucket-aligned, same for the same seed', () => {
  const params = { earliestStartMs: 3000, latestStartMs: 3500, durationMs: 2000, serviceFactor: 20, bucketMs: 100 };
  // Six possible starts (3000, 3100, …, 3500); first mulberry32 draws from the hop-bench spec's vectors:
  // seed 7 → 0.0117 → slot 0; 20261019 → 0.8012 → slot 4; 20261020 → 0.2642 → slot 1.
  assert.deepEqual(brownoutWindow(7, params), { startMs: 3000, endMs: 5000, serviceFactor: 20 });
  assert.deepEqual(brownoutWindow(20261019, params), { startMs: 3400, endMs: 5400, serviceFactor: 20 });
  assert.deepEqual(brownoutWindow(20261020, params), { startMs: 3100, endMs: 5100, serviceFactor: 20 });
  assert.throws(() => brownoutWindow(7, { ...params, durationMs: 2050 }), /multiple of bucketMs/);
  const w = brownoutWindow(7, params);
  assert.deepEqual([2999, 3000, 4999, 5000].map((t) => phaseOf(t, w)), ['before', 'during', 'during', 'after']);
});

test('idempotency store: new, in progress, payload mismatch, replay, expiry at the TTL', () => {
  const store = new IdempotencyStore(1000);
  assert.deepEqual(store.decide('k', 'a', 0), { kind: 'new' });
  const ticket = store.begin('k', 'a', 0);
  assert.deepEqual(store.decide('k', 'a', 10), { kind: 'in-progress' });
  assert.deepEqual(store.decide('k', 'b', 10), { kind: 'payload-mismatch' });
  store.complete('k', ticket, { status: 201, body: '{"id":1}' }, 20);
  assert.deepEqual(store.decide('k', 'a', 30), { kind: 'replay', reply: { status: 201, body: '{"id":1}' } });
  assert.deepEqual(store.decide('k', 'a', 999), { kind: 'replay', reply: { status: 201, body: '{"id":1}' } });
  assert.deepEqual(store.decide('k', 'a', 1000), { kind: 'new' }, 'stored at 0 with TTL 1000: gone at 1000');
  assert.equal(store.size, 0);
});

test('idempotency store: a completion after expiry never fills the newer entry; sweep drops expired keys', () => {
  const store = new IdempotencyStore(100);
  const first = store.begin('k', 'a', 0);
  assert.deepEqual(store.decide('k', 'a', 100), { kind: 'new' });
  store.begin('k', 'a', 100);
  store.complete('k', first, { status: 201, body: 'old' }, 150);
  assert.deepEqual(store.decide('k', 'a', 150), { kind: 'in-progress' });
  store.begin('x', 'a', 120);
  assert.equal(store.sweep(199), 0);
  assert.equal(store.sweep(200), 1, 'k (stored at 100) expires at 200; x (120) not yet');
  assert.equal(store.size, 1);
  assert.throws(() => new IdempotencyStore(0), /ttlMs must be positive/);
});

test('queue trace: longest length per bucket, carried over buckets without events', () => {
  const q = new QueueTrace(100);
  q.note(0, 0);
  q.note(50, 3);
  q.note(120, 1);
  q.note(450, 0);
  assert.deepEqual(q.maxPerBucket(5), [3, 3, 1, 1, 1, 0]);
});

test('p99 per bucket (nearest rank), over a range, sums and amplification', () => {
  const lists = [[5, 1, 3], [], [10]];
  assert.deepEqual(p99PerBucket(lists), [5, null, 10]);
  assert.equal(p99Over(lists, 0, 2), 5);
  assert.equal(p99Over(lists, 1, 2), null);
  // 100 values 1…100: nearest-rank p99 is the 99th.
  assert.equal(p99Over([Array.from({ length: 100 }, (_, i) => 100 - i)], 0, 1), 99);
  assert.equal(sumRange([1, 2, 3, 4], 1, 3), 5);
  assert.equal(sumRange([1, 2, 3, 4], 2, 10), 7);
  assert.equal(amplification(300, 100), 3);
  assert.equal(amplification(0, 0), null);
});

test('time to recover: first bucket after the window with an empty queue and p99 ≤ 2 × pre-window', () => {
  const window = { startMs: 200, endMs: 400, serviceFactor: 20 };
  const base = { window, bucketMs: 100, preWindowP99Ms: 10, factor: 2 };
  // Bucket 4: queue not empty; 5: p99 30 > 20; 6: recovered, ends at 700 → 300 ms after the window.
  assert.equal(recoveryMs({ ...base, queueMax: [0, 0, 5, 5, 2, 0, 0], p99Ms: [10, 10, 500, 500, 300, 30, 15] }), 300);
  assert.equal(recoveryMs({ ...base, queueMax: [0, 0, 5, 5, 0], p99Ms: [10, 10, 500, 500, 20] }), 100, 'p99 exactly 2× counts');
  assert.equal(recoveryMs({ ...base, queueMax: [0, 0, 5, 5, 2, 0], p99Ms: [10, 10, 500, 500, 300, null] }), null, 'never within the run');
  assert.equal(recoveryMs({ ...base, preWindowP99Ms: null, queueMax: [0, 0, 0, 0, 0], p99Ms: [1, 1, 1, 1, 1] }), null);
});
