// Case I's pure logic, with values worked out by hand (see each comment).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { backoffCeilingMs, fullJitterDelayMs, longestRetryDelayMs } from '../../src/cases/i-retry-storm/backoff.ts';
import { brownoutWindow, phaseOf } from '../../src/cases/i-retry-storm/brownout.ts';
import { IdempotencyStore } from '../../src/cases/i-retry-storm/idempotency-store.ts';
import { amplification, countPerBucket, goodputPerPhase, QueueTrace, recoveryMs, sumRange } from '../../src/cases/i-retry-storm/series.ts';
import { StormWorker } from '../../src/cases/i-retry-storm/storm-worker.ts';
import { afterAttempt } from '../../src/cases/i-retry-storm/retry-policy.ts';
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

test('counts per bucket, sums, goodput per phase and amplification', () => {
  assert.deepEqual(countPerBucket([0, 99.9, 100, 250, 399.9, 400, -1], 100, 4), [2, 1, 1, 1], '400 and −1 fall outside four 100 ms buckets');
  assert.equal(sumRange([1, 2, 3, 4], 1, 3), 5);
  assert.equal(sumRange([1, 2, 3, 4], 2, 10), 7);
  // Window [200, 400) ms: before = buckets 0–1 (0.2 s), during = 2–3, after = 4–5.
  const window = { startMs: 200, endMs: 400, serviceFactor: 4 };
  assert.deepEqual(goodputPerPhase([10, 14, 2, 0, 6, 12], window, 100), { before: 120, during: 10, after: 90 });
  assert.equal(amplification(300, 100), 3);
  assert.equal(amplification(0, 0), null);
});

test('time to recover: the first span after the window from which every span meets the target', () => {
  // Window [200, 400); pre-window goodput 10 per bucket; spans of 2 buckets; target 0.8 × 20 = 16.
  const window = { startMs: 200, endMs: 400, serviceFactor: 4 };
  const base = { window, bucketMs: 100, spanBuckets: 2, fraction: 0.8 };
  // Spans from bucket 4: [0,6]=6, [6,10]=16 ✓, [10,10]=20 ✓, [10,9]=19 ✓ → first good span starts at 5, ends at 700: 300 ms.
  assert.equal(recoveryMs({ ...base, successes: [10, 10, 0, 0, 0, 6, 10, 10, 10, 9] }), 300);
  // Good at once: the span [400, 600) meets it → 200 ms, one span's length.
  assert.equal(recoveryMs({ ...base, successes: [10, 10, 0, 0, 8, 8, 10, 10] }), 200);
  // A good span followed by a bad one does not count: only the tail that stays good.
  assert.equal(recoveryMs({ ...base, successes: [10, 10, 0, 0, 10, 10, 0, 10, 10, 10] }), 500, 'the span at bucket 6 (0 + 10) fails; from bucket 7 on all are good');
  assert.equal(recoveryMs({ ...base, successes: [10, 10, 0, 0, 10, 10, 10, 5] }), null, 'the last span (10 + 5) misses the target');
  assert.equal(recoveryMs({ ...base, successes: [10, 10, 0, 0, 0, 0, 0, 15] }), null, 'the last span misses the target: not within the run');
  assert.equal(recoveryMs({ ...base, successes: [0, 0, 0, 0, 10, 10] }), null, 'nothing succeeded before the window');
  assert.equal(recoveryMs({ ...base, successes: [10, 10, 0, 0, 10] }), null, 'no whole span after the window');
});

test('worker: FIFO, refuses beyond the queue limit, drops a head that cannot meet its deadline', () => {
  const w = new StormWorker<string>({ queueLimit: 2, dropMs: 0.1 });
  assert.equal(w.offer('a'), 'queued');
  assert.equal(w.offer('b', 100), 'queued');
  assert.equal(w.offer('c'), 'full');
  assert.equal(w.waiting, 2);
  assert.deepEqual(w.next(0, 5), { kind: 'serve', item: 'a', costMs: 5 });
  // b's deadline is 100: at 95 with 5 ms of service it ends exactly at 100 → served; at 96 it would not.
  const x = new StormWorker<string>({ queueLimit: 2, dropMs: 0.1 });
  x.offer('b', 100);
  x.offer('d', 100);
  assert.deepEqual(x.next(95, 5), { kind: 'serve', item: 'b', costMs: 5 });
  assert.deepEqual(x.next(96, 5), { kind: 'drop', item: 'd', costMs: 0.1 });
  assert.deepEqual(x.next(96, 5), { kind: 'idle' });
  assert.deepEqual(w.next(200, 5), { kind: 'drop', item: 'b', costMs: 0.1 });
  assert.throws(() => new StormWorker({ queueLimit: 0, dropMs: 0 }), /queueLimit/);
});

test('retry policies: no retry, immediate, full-jitter backoff, and the budget refusing once tokens reach half', () => {
  const never = () => {
    throw new Error('no draw expected');
  };
  const none = { maxAttempts: 1, backoff: null };
  assert.deepEqual(afterAttempt(none, 1, false, undefined, never), { retry: false, reason: 'attempts' });
  const immediate = { maxAttempts: 3, backoff: null };
  assert.deepEqual(afterAttempt(immediate, 1, false, undefined, never), { retry: true, delayMs: 0 });
  assert.deepEqual(afterAttempt(immediate, 2, false, undefined, never), { retry: true, delayMs: 0 });
  assert.deepEqual(afterAttempt(immediate, 3, false, undefined, never), { retry: false, reason: 'attempts' });
  assert.deepEqual(afterAttempt(immediate, 1, true, undefined, never), { retry: false, reason: 'success' });
  // Backoff base 100, cap 1000: retry 1 ceiling 100, retry 2 ceiling 200; draws 0.5 and 0.25 → 50 and 50.
  const backoff = { maxAttempts: 3, backoff: { baseMs: 100, capMs: 1_000 } };
  const draws = [0.5, 0.25];
  const draw = () => draws.shift()!;
  assert.deepEqual(afterAttempt(backoff, 1, false, undefined, draw), { retry: true, delayMs: 50 });
  assert.deepEqual(afterAttempt(backoff, 2, false, undefined, draw), { retry: true, delayMs: 50 });
  // Budget (10 tokens, 0.1): four failures leave 6 (retry allowed), the fifth leaves 5 (refused).
  const throttle = new RetryThrottle({ maxTokens: 10, tokenRatio: 0.1 });
  for (let i = 0; i < 4; i++) assert.deepEqual(afterAttempt(immediate, 1, false, throttle, never), { retry: true, delayMs: 0 });
  assert.deepEqual(afterAttempt(immediate, 1, false, throttle, never), { retry: false, reason: 'budget' });
  assert.equal(throttle.tokens, 5);
  assert.deepEqual(afterAttempt(immediate, 1, true, throttle, never), { retry: false, reason: 'success' });
  assert.equal(throttle.tokens, 5.1, 'a success adds tokenRatio');
  assert.deepEqual(afterAttempt(immediate, 3, false, throttle, never), { retry: false, reason: 'attempts' }, 'the last attempt: attempts, not budget');
  assert.equal(throttle.tokens, 4.1, 'a failure costs a token even on the last attempt');
});

test('idempotency store: release frees a dropped request\'s key, but not a newer owner\'s', () => {
  const store = new IdempotencyStore(1_000);
  const t1 = store.begin('k', 'a', 0);
  store.release('k', t1);
  assert.deepEqual(store.decide('k', 'a', 1), { kind: 'new' });
  store.begin('k', 'a', 2);
  store.release('k', t1);
  assert.deepEqual(store.decide('k', 'a', 3), { kind: 'in-progress' }, 'an old ticket does not release the new entry');
});
