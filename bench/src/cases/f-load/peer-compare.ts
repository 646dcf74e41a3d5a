/// <reference path="./autocannon.d.ts" />
/**
 * The peer check: autocannon (the Node ecosystem's standard HTTP load generator) and this generator's
 * closed loop at the same concurrency, for the same time, against the same service and the same
 * request. The two take turns in alternating rounds (autocannon first, then this generator first, …),
 * so a machine that speeds up or slows down during the check moves both alike; the ratio is the median
 * of the rounds' ratios, with an interval by the rule of cases A–D. Each tool warms up once per
 * concurrency, not counted. Both tools run in this process, so the heap is collected before every
 * round, outside its time: neither tool's round pays for the garbage the other left. Used by case F (its figures go on the page) and by `npm run bench:peer`.
 */
import { createRequire } from 'node:module';
import autocannon from 'autocannon';
import { collectGarbage } from '../../harness/heap.ts';
import { median } from '../../harness/stats.ts';
import { runClosedLevel } from './closed-loop.ts';
import { rawTarget } from './raw-connection.ts';
import type { PeerRow } from './schema.ts';
import { figureOf } from './validity.ts';

const WARMUP_S = 0.3;

/** autocannon's installed version. */
export function autocannonVersion(): string {
  return (createRequire(import.meta.url)('autocannon/package.json') as { version: string }).version;
}

/** One tool's run: completed calls per second and failed calls. */
interface ToolRun {
  perSec: number;
  errors: number;
}

/**
 * Runs both tools at each concurrency against `port` (POST `path` with `body`), `rounds` alternating
 * rounds of `seconds` each.
 * @throws Error when a tool cannot connect, or "interrupted" when `signal` aborts.
 */
export async function comparePeers(
  port: number,
  path: string,
  body: string,
  concurrency: readonly number[],
  seconds: number,
  rounds: number,
  signal: AbortSignal,
  log: (line: string) => void,
): Promise<PeerRow[]> {
  const rows: PeerRow[] = [];
  const target = rawTarget(port, path, [body]);
  for (const c of concurrency) {
    const options = { url: `http://127.0.0.1:${port}${path}`, connections: c, method: 'POST', headers: { 'content-type': 'application/json' }, body };
    const viaAutocannon = async (durationS: number): Promise<ToolRun> => {
      if (signal.aborted) throw new Error('interrupted');
      collectGarbage();
      const run = autocannon({ ...options, duration: durationS });
      const stop = () => run.stop();
      signal.addEventListener('abort', stop, { once: true });
      let ac: Awaited<typeof run>;
      try {
        ac = await run;
      } finally {
        signal.removeEventListener('abort', stop);
      }
      if (signal.aborted) throw new Error('interrupted');
      return { perSec: ac.duration > 0 ? ac.requests.total / ac.duration : 0, errors: ac.errors + ac.non2xx };
    };
    const viaGenerator = async (durationS: number): Promise<ToolRun> => {
      if (signal.aborted) throw new Error('interrupted');
      collectGarbage();
      const ms = durationS * 1000;
      const f = await runClosedLevel(target, { concurrency: c, warmupMs: 0, minCalls: 1, minMeasureMs: ms, maxMeasureMs: ms, callTimeoutMs: 2000 }, signal);
      return { perSec: f.callsPerSec, errors: Object.values(f.errors).reduce((a, b) => a + b, 0) };
    };
    await viaAutocannon(WARMUP_S);
    await viaGenerator(WARMUP_S);
    const pairs: { ac: ToolRun; f: ToolRun }[] = [];
    for (let round = 0; round < rounds; round++) {
      if (round % 2 === 0) {
        const ac = await viaAutocannon(seconds);
        pairs.push({ ac, f: await viaGenerator(seconds) });
      } else {
        const f = await viaGenerator(seconds);
        pairs.push({ ac: await viaAutocannon(seconds), f });
      }
    }
    const ratios = pairs.map((p) => (p.ac.perSec > 0 ? p.f.perSec / p.ac.perSec : 0));
    const ratio = figureOf(ratios);
    const row: PeerRow = {
      concurrency: c,
      seconds,
      autocannonPerSec: median(pairs.map((p) => p.ac.perSec)),
      benchPerSec: median(pairs.map((p) => p.f.perSec)),
      ratio: ratio.median,
      rounds: pairs.map((p) => ({ autocannonPerSec: p.ac.perSec, benchPerSec: p.f.perSec })),
      ratioLow: ratio.low,
      ratioHigh: ratio.high,
      errors: pairs.reduce((n, p) => n + p.ac.errors + p.f.errors, 0),
    };
    log(`  F peer c=${c}: autocannon ${Math.round(row.autocannonPerSec)} calls/s, this generator ${Math.round(row.benchPerSec)} calls/s (${row.ratio.toFixed(2)}×, rounds ${ratios.map((r) => r.toFixed(2)).join(' ')})`);
    rows.push(row);
  }
  return rows;
}
