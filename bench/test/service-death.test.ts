// A service that dies between two questions: the next question is refused with the error that names the
// service, not thrown out of the bench as an unhandled 'error' event on the closed IPC channel.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { after, test } from 'node:test';
import { startService, stopAll } from '../src/harness/process.ts';

after(() => stopAll());

test('asking a service that has died rejects, naming it, and leaves the bench running', async () => {
  const script = fileURLToPath(new URL('./fixtures/exits-after-ready.ts', import.meta.url));
  const service = await startService(script, 'short-lived (death test)', {}, 10_000);
  await assert.rejects(service.died, /short-lived \(death test\) exited unexpectedly \(code 3, signal null\)/);
  // The channel is closed now: before the fix, send threw ERR_IPC_CHANNEL_CLOSED as an unhandled 'error'.
  await assert.rejects(service.cpuUsage(), /short-lived \(death test\) exited unexpectedly/);
  await assert.rejects(service.connections(), /exited unexpectedly/);
});
