#!/usr/bin/env node
/**
 * `npm run bench:peer`: a peer check of case F's load generator. Runs autocannon (the Node
 * ecosystem's standard HTTP load generator) against the same entitlement service at c = 1, 16 and 64
 * for 5 s each, beside case F's closed loop at the same c for the same time, and prints both
 * throughputs and their ratio. Autocannon writes requests with its own lean HTTP client; the bench
 * uses node:http as a service would, so the bench's figure is expected to be lower: a ratio far below
 * one means the bench measures its own client more than the service. Exit codes: 0 done, 1 failed,
 * 2 bad usage, 130/143 interrupted. --quick: 1 s per level, for the tests.
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { requestFor } from '../harness/entitlement.ts';
import { killAllNow, startEntitlementService, stopAll } from '../harness/process.ts';
import { runClosedLevel } from '../cases/f-load/closed-loop.ts';

/** Concurrencies compared. */
export const PEER_CONCURRENCY = [1, 16, 64] as const;

/** One row of the comparison. */
export interface PeerRow {
  concurrency: number;
  /** autocannon's completed requests per second. */
  autocannonPerSec: number;
  /** case F's closed loop, successful calls per second. */
  benchPerSec: number;
  /** benchPerSec / autocannonPerSec. */
  ratio: number;
  /** Failed calls of either tool (connection errors, timeouts, non-2xx). */
  errors: number;
}

/** Formats the table; ends with a newline. */
export function formatPeerTable(rows: readonly PeerRow[], seconds: number): string {
  const int = (n: number) => Math.round(n).toLocaleString('en-US');
  const lines = [
    `Peer check: autocannon and case F's closed loop against one entitlement service, ${seconds} s per level`,
    ['c', 'autocannon calls/s', 'case F calls/s', 'F / autocannon', 'errors'].map((h, i) => (i === 0 ? h.padEnd(4) : h.padStart(20))).join(''),
    ...rows.map((r) => [String(r.concurrency).padEnd(4), int(r.autocannonPerSec).padStart(20), int(r.benchPerSec).padStart(20), `${r.ratio.toFixed(2)}×`.padStart(20), String(r.errors).padStart(20)].join('')),
  ];
  return lines.join('\n') + '\n';
}

async function main(): Promise<number> {
  let quick: boolean;
  try {
    ({ values: { quick } } = parseArgs({ args: process.argv.slice(2), options: { quick: { type: 'boolean', default: false } }, strict: true }));
  } catch (error) {
    process.stderr.write(`bench:peer: ${(error as Error).message}\nUsage: npm run bench:peer -- [--quick]\n`);
    return 2;
  }
  const seconds = quick ? 1 : 5;
  const abort = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      abort.abort();
      void stopAll().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
    });
  }
  process.once('exit', killAllNow);
  const body = JSON.stringify(requestFor(0));
  const log = (line: string) => process.stderr.write(`${line}\n`);
  try {
    const service = await startEntitlementService('entitlement service (peer check)', { seed: 1, delayProbability: 0, delayMs: 0, keepAliveMs: 60_000 }, 15_000);
    const rows: PeerRow[] = [];
    for (const c of PEER_CONCURRENCY) {
      log(`bench:peer: c=${c}: autocannon for ${seconds} s …`);
      const ac = await autocannon({
        url: `http://127.0.0.1:${service.port}/check`,
        connections: c,
        duration: seconds,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      log(`bench:peer: c=${c}: case F's closed loop for ${seconds} s …`);
      const f = await runClosedLevel({ port: service.port, path: '/check', bodies: [body] }, { concurrency: c, warmupMs: 500, measureMs: seconds * 1000, callTimeoutMs: 2000 }, abort.signal);
      const acPerSec = ac.requests.total / ac.duration;
      rows.push({
        concurrency: c,
        autocannonPerSec: acPerSec,
        benchPerSec: f.callsPerSec,
        ratio: acPerSec > 0 ? f.callsPerSec / acPerSec : 0,
        errors: ac.errors + ac.non2xx + Object.values(f.errors).reduce((a, b) => a + b, 0),
      });
    }
    process.stdout.write(formatPeerTable(rows, seconds));
    return 0;
  } catch (error) {
    if (abort.signal.aborted) return 130;
    log(`bench:peer: failed: ${(error as Error).message}`);
    return 1;
  } finally {
    await stopAll();
  }
}

if (import.meta.main) process.exitCode = await main();
