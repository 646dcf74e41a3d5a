/// <reference path="./autocannon.d.ts" />
/**
 * The peer check: autocannon (the Node ecosystem's standard HTTP load generator) and this generator's
 * closed loop, one after the other, at the same concurrency, for the same time, against the same
 * service and the same request. Each tool warms up first (autocannon with a short run of its own that is
 * not counted). Used by case F (its figures go on the page) and by `npm run bench:peer`.
 */
import { createRequire } from 'node:module';
import autocannon from 'autocannon';
import { runClosedLevel } from './closed-loop.ts';
import { rawTarget } from './raw-connection.ts';
import type { PeerRow } from './schema.ts';

const WARMUP_S = 0.5;

/** autocannon's installed version. */
export function autocannonVersion(): string {
  return (createRequire(import.meta.url)('autocannon/package.json') as { version: string }).version;
}

/**
 * Runs both tools at each concurrency against `port` (POST `path` with `body`).
 * @throws Error when a tool cannot connect.
 */
export async function comparePeers(
  port: number,
  path: string,
  body: string,
  concurrency: readonly number[],
  seconds: number,
  signal: AbortSignal,
  log: (line: string) => void,
): Promise<PeerRow[]> {
  const rows: PeerRow[] = [];
  const target = rawTarget(port, path, [body]);
  for (const c of concurrency) {
    if (signal.aborted) throw new Error('interrupted');
    const options = { url: `http://127.0.0.1:${port}${path}`, connections: c, method: 'POST', headers: { 'content-type': 'application/json' }, body };
    await autocannon({ ...options, duration: WARMUP_S });
    const ac = await autocannon({ ...options, duration: seconds });
    const f = await runClosedLevel(target, { concurrency: c, warmupMs: WARMUP_S * 1000, minCalls: 1, minMeasureMs: seconds * 1000, maxMeasureMs: seconds * 1000, callTimeoutMs: 2000 }, signal);
    const acPerSec = ac.duration > 0 ? ac.requests.total / ac.duration : 0;
    const row: PeerRow = {
      concurrency: c,
      seconds,
      autocannonPerSec: acPerSec,
      benchPerSec: f.callsPerSec,
      ratio: acPerSec > 0 ? f.callsPerSec / acPerSec : 0,
      errors: ac.errors + ac.non2xx + Object.values(f.errors).reduce((a, b) => a + b, 0),
    };
    log(`  F peer c=${c}: autocannon ${Math.round(acPerSec)} calls/s, this generator ${Math.round(f.callsPerSec)} calls/s (${row.ratio.toFixed(2)}×)`);
    rows.push(row);
  }
  return rows;
}
