#!/usr/bin/env node
/**
 * `npm run bench:netns`: case H on one machine. Two network namespaces joined by a veth pair, the
 * services in one, the client in the other, cases B, C, D and G across the pair; everything created is
 * removed on success, error, SIGINT and SIGTERM, and a killed run's leftovers at the next start.
 * Exit codes: 0 done, 1 run failed, 2 bad usage, 3 this machine cannot run it (not Linux, not root,
 * no iproute2), 130/143 interrupted.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BENCH_ROOT } from '../harness/environment.ts';
import { EXIT_NOT_AVAILABLE, netnsAvailability, runAcrossNamespaces } from '../cases/h-network/netns.ts';

/** Where the netns run's results go without --out. */
export const DEFAULT_NETNS_RESULTS_FILE = path.join(BENCH_ROOT, 'results', 'netns.json');

const USAGE = `Usage: npm run bench:netns -- [--quick] [--runs N] [--delay-ms MS] [--out PATH]

Linux, root and iproute2. Creates two network namespaces (hb12-<pid>-srv, hb12-<pid>-cli) joined by a
veth pair (10.12.0.1 ↔ 10.12.0.2, addresses that exist only inside them), runs the services in one and
the client in the other (cases B, C, D and G), and removes them again.

Options:
  --quick          small counts for a smoke test
  --runs N         runs (default 3; quick 1)
  --delay-ms MS    one-way delay per veth end where the kernel has sch_netem (default 0.5; 0 for none)
  --out PATH       results file (default ${path.relative(process.cwd(), DEFAULT_NETNS_RESULTS_FILE)})
`;

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: process.argv.slice(2),
      strict: true,
      allowPositionals: false,
      options: {
        quick: { type: 'boolean', default: false },
        runs: { type: 'string' },
        'delay-ms': { type: 'string', default: '0.5' },
        out: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
    if (!/^\d+(\.\d+)?$/.test(values['delay-ms']) || Number(values['delay-ms']) > 1000) throw new Error(`--delay-ms takes milliseconds from 0 to 1000, got "${values['delay-ms']}"`);
    if (values.runs !== undefined && (!/^[1-9]\d*$/.test(values.runs) || Number(values.runs) > 100)) throw new Error(`--runs takes a whole number from 1 to 100, got "${values.runs}"`);
  } catch (error) {
    process.stderr.write(`hop-bench netns: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const availability = await netnsAvailability();
  if (!availability.ok) {
    process.stderr.write(`hop-bench netns: not run: ${availability.reason}.\n`);
    return EXIT_NOT_AVAILABLE;
  }
  const abort = new AbortController();
  let signalCode = 0;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      signalCode = signal === 'SIGINT' ? 130 : 143;
      process.stderr.write(`\nhop-bench netns: ${signal}: removing the namespaces; the results file is left as it was.\n`);
      abort.abort();
    });
  }
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const out = path.resolve(values.out ?? DEFAULT_NETNS_RESULTS_FILE);
  try {
    const results = await runAcrossNamespaces({
      quick: values.quick,
      ...(values.runs ? { runs: Number(values.runs) } : {}),
      delayMs: Number(values['delay-ms']),
      out,
      log,
      signal: abort.signal,
    });
    process.stdout.write(`Network: ${results.network.kind}; ${results.network.note}\n${results.report}`);
    log(`hop-bench netns: results written to ${path.relative(process.cwd(), out) || out}`);
    return 0;
  } catch (error) {
    if (signalCode !== 0) return signalCode;
    log(`hop-bench netns: the run failed: ${(error as Error).message}\nThe results file was not changed.`);
    return 1;
  }
}

process.exitCode = await main();
