// The storm service's Idempotency-Key semantics (IETF draft-ietf-httpapi-idempotency-key-header-07):
// 422 for a reused key with another payload, 409 while the first request is in progress (held by a
// server hook), 400 for a missing key where required, a replay within the TTL and a new write after it.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, test } from 'node:test';
import { postJson } from '../../src/harness/http-client.ts';
import { delay, stopAll } from '../../src/harness/process.ts';
import { startStormService, type StormService } from '../../src/cases/i-retry-storm/storm-client.ts';

let service: StormService;
const agent = new http.Agent({ keepAlive: true });
const body = (callId: string, amountCents = 4900) => JSON.stringify({ callIndex: Number(callId.slice(1)), tenantId: 't-1', amountCents });
const post = (payload: string, key?: string) => postJson(agent, service.port, '/invoice', payload, key ? { 'idempotency-key': key } : undefined, 5_000);
const begin = (ttlMs: number, keyRequired = false) =>
  service.start({ runStartEpochMs: performance.timeOrigin + performance.now(), window: { startMs: 0, endMs: 0, serviceFactor: 1 }, ttlMs, keyRequired });

before(async () => {
  service = await startStormService('storm service (idempotency test)', { serviceMs: 5, rejectMs: 0.1, dropMs: 0.1, queueLimit: 4, sliceMs: 1, bucketMs: 100, keepAliveMs: 5_000 }, 10_000);
});
after(async () => {
  agent.destroy();
  await stopAll();
});

test('same key, different payload: 422, and nothing more is written', async () => {
  await begin(60_000);
  const first = await post(body('c1'), 'key-422');
  assert.equal(first.status, 201);
  const second = await post(body('c1', 9_900), 'key-422');
  assert.equal(second.status, 422);
  const stats = await service.stats();
  assert.deepEqual(stats.invoicesWritten, { keyed: 1, unkeyed: 0 });
  assert.equal(stats.statusCounts['422'], 1);
});

test('a retry while the first request is held in service gets 409; after it completes, the stored reply', async () => {
  await begin(60_000);
  await service.hold();
  const first = post(body('c2'), 'key-409');
  // The first request is admitted and held; wait until the server has counted it.
  for (let i = 0; i < 100 && !(await service.stats()).busy; i++) await delay(10);
  assert.equal((await service.stats()).busy, true, 'the first request is held in service');
  const during = await post(body('c2'), 'key-409');
  assert.equal(during.status, 409, 'in progress: 409 Conflict');
  await service.release();
  const firstReply = await first;
  assert.equal(firstReply.status, 201);
  const replay = await post(body('c2'), 'key-409');
  assert.equal(replay.status, 201, 'completed: the stored status and body');
  assert.equal((await service.stats()).statusCounts.replayed, 1, 'served from the key store, not written again');
  assert.equal(replay.body, firstReply.body, 'the same invoice id as the first reply');
  const stats = await service.stats();
  assert.deepEqual(stats.invoicesWritten, { keyed: 1, unkeyed: 0 });
  assert.deepEqual(stats.duplicates, { keyed: 0, unkeyed: 0 });
});

test('no duplicate within the TTL: the retry is a replay', async () => {
  await begin(60_000);
  const first = await post(body('c3'), 'key-ttl-long');
  const retry = await post(body('c3'), 'key-ttl-long');
  assert.deepEqual([first.status, retry.status], [201, 201]);
  assert.equal((await service.stats()).statusCounts.replayed, 1);
  assert.equal(retry.body, first.body);
  assert.deepEqual((await service.stats()).duplicates, { keyed: 0, unkeyed: 0 });
});

test('a retry after the key expired writes a duplicate despite the key', async () => {
  await begin(100);
  const first = await post(body('c4'), 'key-ttl-short');
  await delay(150);
  const late = await post(body('c4'), 'key-ttl-short');
  assert.deepEqual([first.status, late.status], [201, 201], 'the late retry is processed as new');
  assert.notEqual(late.body, first.body, 'a second invoice id');
  const stats = await service.stats();
  assert.deepEqual(stats.invoicesWritten, { keyed: 2, unkeyed: 0 });
  assert.deepEqual(stats.duplicates, { keyed: 1, unkeyed: 0 });
});

test('a missing key where one is required: 400, nothing written', async () => {
  await begin(60_000, true);
  const reply = await post(body('c5'));
  assert.equal(reply.status, 400);
  assert.deepEqual((await service.stats()).invoicesWritten, { keyed: 0, unkeyed: 0 });
});

test('without a key, every admitted attempt writes: a retry is a duplicate', async () => {
  await begin(60_000);
  await post(body('c6'));
  await post(body('c6'));
  const stats = await service.stats();
  assert.deepEqual(stats.invoicesWritten, { keyed: 0, unkeyed: 2 });
  assert.deepEqual(stats.duplicates, { keyed: 0, unkeyed: 1 });
});
