// The storm service's capacity: K in service, Q waiting, 503 at once (nothing written) beyond that;
// every attempt counted in its 100 ms arrival bucket.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, test } from 'node:test';
import { postJson } from '../../src/harness/http-client.ts';
import { delay, stopAll } from '../../src/harness/process.ts';
import { startStormService } from '../../src/cases/i-retry-storm/storm-client.ts';

after(stopAll);

test('K = 1 in service and Q = 2 waiting: the fourth concurrent request gets 503 and writes nothing', { timeout: 20_000 }, async () => {
  const service = await startStormService('storm service (capacity test)', { concurrency: 1, serviceMs: 20, queueLimit: 2, bucketMs: 100, keepAliveMs: 5_000 }, 10_000);
  const agent = new http.Agent({ keepAlive: true });
  try {
    await service.start({ runStartEpochMs: performance.timeOrigin + performance.now(), window: { startMs: 0, endMs: 0, serviceFactor: 1 }, ttlMs: 60_000, keyRequired: false });
    const send = (i: number) => postJson(agent, service.port, '/invoice', JSON.stringify({ callId: `c${i}` }), undefined, 10_000);
    // The hook keeps the first admitted request in service until released, so the others must queue.
    await service.hold();
    const pending = [0, 1, 2, 3].map(send);
    for (let i = 0; i < 200 && (await service.stats()).statusCounts['503'] === undefined; i++) await delay(10);
    await service.release();
    const replies = await Promise.all(pending);
    assert.deepEqual(replies.map((r) => r.status).sort(), [201, 201, 201, 503]);
    const stats = await service.stats();
    assert.deepEqual(stats.invoicesWritten, { keyed: 0, unkeyed: 3 }, 'the refused request wrote nothing');
    assert.equal(stats.attemptsPerBucket.reduce((a, b) => a + b, 0), 4, 'every attempt is counted, refused or not');
    assert.equal(stats.queueMaxPerBucket[0], 2, 'two requests waited in the first bucket');
    assert.equal(stats.firstAttemptsPerBucket.reduce((a, b) => a + b, 0), 4, 'no previous-attempts header: four new calls');
    await postJson(agent, service.port, '/invoice', JSON.stringify({ callId: 'c0' }), { 'previous-attempts': '1' }, 10_000);
    const after = await service.stats();
    assert.equal(after.attemptsPerBucket.reduce((a, b) => a + b, 0), 5);
    assert.equal(after.firstAttemptsPerBucket.reduce((a, b) => a + b, 0), 4, 'a retry is an attempt, not a new call');
  } finally {
    agent.destroy();
    await service.stop();
  }
});
