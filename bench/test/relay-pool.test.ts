/**
 * A relay's socket pool (harness/services/relay-service.ts): case F's relays keep as many sockets to
 * the next service as they have callers, so four callers at once reach the next service over four
 * connections; a relay with the default pool (cases D and E, as the reference suite has it) sends them
 * one after another over one. The next service here is a plain server in this process that holds each
 * call 100 ms and counts the connections it accepts.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, test } from 'node:test';
import { startRelayService, stopAll } from '../src/harness/process.ts';

after(() => stopAll());

async function nextService(): Promise<{ port: number; connections: () => number; close: () => void }> {
  let connections = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => setTimeout(() => res.end('{"ok":true}'), 100));
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, connections: () => connections, close: () => server.close() };
}

async function fourAtOnce(relayPort: number): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 4 }, () =>
      new Promise<void>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port: relayPort, path: '/check', method: 'POST', agent, headers: { 'content-type': 'application/json' } }, (res) => {
          res.resume();
          res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`status ${res.statusCode}`))));
        });
        req.on('error', reject);
        req.end('{"user":"u1"}');
      }),
    ),
  );
  agent.destroy();
  return performance.now() - started;
}

test('a pool of 8 sockets: four callers reach the next service over four connections at once', async () => {
  const next = await nextService();
  const relay = await startRelayService('relay (pool test)', { nextPort: next.port, keepAliveMs: 5_000, maxSockets: 8 }, 10_000);
  await fourAtOnce(relay.port);
  assert.equal(next.connections(), 4);
  next.close();
});

test('the default pool of one socket: the same four calls share one connection, one after another', async () => {
  const next = await nextService();
  const relay = await startRelayService('relay (one socket)', { nextPort: next.port, keepAliveMs: 5_000 }, 10_000);
  const ms = await fourAtOnce(relay.port);
  assert.equal(next.connections(), 1);
  // Held 100 ms each, in turn: at least 4 × 100 ms (a lower bound, not a timing threshold).
  assert.ok(ms >= 400, `${ms} ms`);
  next.close();
});
