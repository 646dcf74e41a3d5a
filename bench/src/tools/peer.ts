#!/usr/bin/env node
/**
 * `npm run bench:peer`: the peer check of case F's load generator. Runs autocannon (the Node
 * ecosystem's standard HTTP load generator) and case F's closed loop, one after the other, against the
 * same entitlement service with the same request, at c = 1, 16 and 64, in 9 alternating rounds of 2 s per tool, placed as case F
 * places them (generator on one CPU, service on the others, where taskset allows), and prints both
 * throughputs and their ratio. Case F runs the same comparison (peer-compare.ts) and stores it for the
 * page. Exit codes: 0 done, 1 failed, 2 bad usage, 130/143 interrupted. --quick: 3 rounds of 0.5 s.
 */
import { parseArgs } from 'node:util';
import { requestFor } from '../harness/entitlement.ts';
import { killAllNow, startEntitlementService, stopAll } from '../harness/process.ts';
import { autocannonVersion, comparePeers } from '../cases/f-load/peer-compare.ts';
import { placeProcesses } from '../cases/f-load/placement.ts';
import type { PeerRow } from '../cases/f-load/schema.ts';

/** Concurrencies compared. */
export const PEER_CONCURRENCY = [1, 16, 64] as const;

/** Formats the table; ends with a newline. */
export function formatPeerTable(rows: readonly PeerRow[], seconds: number, rounds: number, placement: string): string {
  const int = (n: number) => Math.round(n).toLocaleString('en-US');
  const lines = [
    `Peer check: autocannon ${autocannonVersion()} and case F's closed loop against one entitlement service, ${rounds} alternating rounds of ${seconds} s per tool; medians of the rounds; ${placement}`,
    ['c', 'autocannon calls/s', 'case F calls/s', 'F / autocannon', 'errors'].map((h, i) => (i === 0 ? h.padEnd(4) : h.padStart(20))).join('') + '  ratio in each round',
    ...rows.map((r) => [String(r.concurrency).padEnd(4), int(r.autocannonPerSec).padStart(20), int(r.benchPerSec).padStart(20), `${r.ratio.toFixed(2)}×`.padStart(20), String(r.errors).padStart(20)].join('') +
      `  ${(r.rounds ?? []).map((x) => (x.autocannonPerSec > 0 ? x.benchPerSec / x.autocannonPerSec : 0).toFixed(2)).join(' ')}`),
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
  // Full: nine 2 s rounds per tool, about 2 minutes in all. One round's ratio swung 0.75–1.59 on the
  // 2-core build machine, and the median of nine paired ratios moves less than that of five.
  const seconds = quick ? 0.5 : 2;
  const rounds = quick ? 3 : 9;
  const abort = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      abort.abort();
      void stopAll().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
    });
  }
  process.once('exit', killAllNow);
  const log = (line: string) => process.stderr.write(`bench:peer:${line}\n`);
  const { placement, restore } = placeProcesses(true);
  const where = placement.pinned ? `generator on CPU ${placement.clientCpus.join(',')}, service on CPU ${placement.serviceCpus.join(',')}` : `not pinned (${placement.reason})`;
  try {
    const service = await startEntitlementService('entitlement service (peer check)', { seed: 1, delayProbability: 0, delayMs: 0, keepAliveMs: 60_000 }, 15_000);
    const rows = await comparePeers(service.port, '/check', JSON.stringify(requestFor(0)), PEER_CONCURRENCY, seconds, rounds, abort.signal, log);
    process.stdout.write(formatPeerTable(rows, seconds, rounds, where));
    return 0;
  } catch (error) {
    if (abort.signal.aborted) return 130;
    log(` failed: ${(error as Error).message}`);
    return 1;
  } finally {
    await stopAll();
    restore();
  }
}

if (import.meta.main) process.exitCode = await main();
