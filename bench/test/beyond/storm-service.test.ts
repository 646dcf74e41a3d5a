// The storm service: one worker, a FIFO queue of Q, 503 beyond it (nothing written); every attempt
// counted in its arrival bucket; a request whose deadline has passed is dropped unserved (504); a
// refusal costs the worker time. A server hook holds the worker so the queue fills deterministically.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, test } from 'node:test';
import { postJson } from '../../src/harness/http-client.ts';
import { delay, stopAll } from '../../src/harness/process.ts';
import { startStormService } from '../../src/cases/i-retry-storm/storm-client.ts';
import { DEADLINE_HEADER } from '../../src/cases/i-retry-storm/storm-protocol.ts';

after(stopAll);

const options = { serviceMs: 2, rejectMs: 0.1, dropMs: 0.1, queueLimit: 2, sliceMs: 1, bucketMs: 100, keepAliveMs: 5_000 };
const noWindow = { startMs: 0, endMs: 0, serviceFactor: 1 };
const clock = () => performance.timeOrigin + performance.now();

/** What a test does with a started storm service whose worker is held on request 0 (`first`). */
interface HeldWorker {
  service: Awaited<ReturnType<typeof startStormService>>;
  agent: http.Agent;
  /** Sends call `i` (with extra headers) to /invoice. */
  send: (i: number, headers?: Record<string, string>) => ReturnType<typeof postJson>;
  /** Request 0's reply, due once the worker is released. */
  first: ReturnType<typeof postJson>;
  /** Resolves once `n` requests wait in the queue. */
  untilWaiting: (n: number) => Promise<void>;
}

/**
 * Starts a storm service, holds its worker and sends request 0, which the worker takes and keeps;
 * runs `body`, then stops the service.
 */
async function withHeldWorker(label: string, body: (held: HeldWorker) => Promise<void>): Promise<void> {
  const service = await startStormService(label, options, 10_000);
  const agent = new http.Agent({ keepAlive: true });
  try {
    await service.start({ runStartEpochMs: clock(), window: noWindow, ttlMs: 60_000, keyRequired: false });
    const send = (i: number, headers?: Record<string, string>) => postJson(agent, service.port, '/invoice', JSON.stringify({ callIndex: i }), headers, 10_000);
    await service.hold();
    const first = send(0);
    for (let i = 0; i < 200 && !(await service.stats()).busy; i++) await delay(10);
    const untilWaiting = async (n: number) => {
      for (let i = 0; i < 200 && (await service.stats()).waiting < n; i++) await delay(10);
    };
    await body({ service, agent, send, first, untilWaiting });
  } finally {
    agent.destroy();
    await service.stop();
  }
}

test('one worker, Q = 2: with the worker held, the fourth request gets 503 and writes nothing; FIFO order', { timeout: 20_000 }, () =>
  withHeldWorker('storm service (capacity test)', async ({ service, agent, send, first, untilWaiting }) => {
    // The worker holds request 0; 1 and 2 wait; 3 finds the queue full.
    const waiting = [send(1), send(2)];
    await untilWaiting(2);
    const refused = await send(3);
    assert.equal(refused.status, 503);
    await service.release();
    const replies = await Promise.all([first, ...waiting]);
    assert.deepEqual(replies.map((r) => r.status), [201, 201, 201]);
    assert.deepEqual(replies.map((r) => JSON.parse(r.body).id), [1, 2, 3], 'served in arrival order');
    const stats = await service.stats();
    assert.deepEqual(stats.invoicesWritten, { keyed: 0, unkeyed: 3 }, 'the refused request wrote nothing');
    assert.deepEqual(stats.worker, { served: 3, rejected: 1, dropped: 0 });
    assert.equal(stats.attemptsPerBucket.reduce((a, b) => a + b, 0), 4, 'every attempt is counted, refused or not');
    assert.equal(Math.max(...stats.queueMaxPerBucket), 2, 'two requests waited');
    assert.deepEqual(stats.invoicesPerCall.sort((a, b) => a[0] - b[0]), [[0, 1], [1, 1], [2, 1]]);
    await postJson(agent, service.port, '/invoice', JSON.stringify({ callIndex: 0 }), { 'previous-attempts': '1' }, 10_000);
    const again = await service.stats();
    assert.equal(again.firstAttemptsPerBucket.reduce((a, b) => a + b, 0), 4, 'a retry is an attempt, not a new call');
    assert.deepEqual(again.duplicates, { keyed: 0, unkeyed: 1 }, 'call 0 written twice without a key');
  }));

test('a queued request whose deadline passed while it waited is dropped with 504, unserved; one without a deadline is served late', { timeout: 20_000 }, () =>
  withHeldWorker('storm service (deadline test)', async ({ service, send, first, untilWaiting }) => {
    const expiring = send(1, { [DEADLINE_HEADER]: String(clock() + 50), 'idempotency-key': 'k1' });
    const patient = send(2);
    await untilWaiting(2);
    await delay(100); // request 1's deadline passes while the worker is held
    await service.release();
    const [r0, r1, r2] = await Promise.all([first, expiring, patient]);
    assert.deepEqual([r0.status, r1.status, r2.status], [201, 504, 201]);
    const stats = await service.stats();
    assert.deepEqual(stats.worker, { served: 2, rejected: 0, dropped: 1 });
    assert.deepEqual(stats.invoicesWritten, { keyed: 0, unkeyed: 2 }, 'the dropped request wrote nothing');
    // Its key was released, so its retry is processed rather than refused as in progress.
    const retry = await send(1, { 'idempotency-key': 'k1' });
    assert.equal(retry.status, 201);
  }));
