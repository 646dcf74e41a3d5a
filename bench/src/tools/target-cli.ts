/**
 * Target mode (case H): `npm run bench -- --target ADDR:PORT --token T --cases B,C,D,E,G` runs the client
 * here against serve-mode services on another host. The target is an entitlement service (B, C, E, G)
 * or the first relay of a chain (D; B, C, E and G then call the entitlement service at the chain's end).
 * Report on stdout, progress on stderr, results in their own file (never the reference results).
 * Exit codes: 0 done, 1 run failed, 2 bad usage, 130/143 interrupted.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { caseG, runG } from '../cases/g-tls/case.ts';
import type { GResult } from '../harness/tls-schema.ts';
import { BENCH_ROOT, collectEnvironment } from '../harness/environment.ts';
import { referenceSuite } from '../suites/reference.ts';
import { formatReferenceReport } from '../suites/reference-report.ts';
import { control, describeMachine, discoverChain, formatHostPort, parseHostPort, remoteService, remoteTlsConnections, type ChainLink } from './remote.ts';
import type { BenchConfig, CaseResult } from '../harness/schema.ts';
import { SERVE_ENV, TOKEN_PATTERN } from '../harness/services/access.ts';
import { killAllNow, stopAll } from '../harness/process.ts';
import { runSuite } from '../harness/runner.ts';
import type { SuiteServices } from '../harness/suite.ts';
import { writeTargetResults, type TargetResults } from '../cases/h-network/target-results.ts';

/** Where target results go without --out. */
export const DEFAULT_TARGET_RESULTS_FILE = path.join(BENCH_ROOT, 'results', 'target.json');

/** Cases target mode can run against remote services. */
export const TARGET_CASES = ['B', 'C', 'D', 'E', 'G'] as const;

export const TARGET_USAGE = `Usage: npm run bench -- --target ADDR:PORT --token TOKEN [--cases B,C,D,E,G] [options]

Runs the client here against services started with \`npm run bench -- serve\` on another host.
The target is an entitlement service, or the first relay of a chain (needed for D).

Options:
  --target ADDR:PORT  the service to call (printed by serve)
  --token TOKEN       the token serve printed (or set ${SERVE_ENV.token})
  --cases LIST        from ${TARGET_CASES.join(',')} (default all)
  --quick             small counts for a smoke test
  --runs N            runs (default 3; quick 1)
  --out PATH          results file (default ${path.relative(process.cwd(), DEFAULT_TARGET_RESULTS_FILE)})
  --json              print the results JSON on stdout instead of the report
`;

class UsageError extends Error {}

function parse(argv: string[]) {
  if (argv.includes('--help') || argv.includes('-h')) return { help: true as const };
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      target: { type: 'string' },
      token: { type: 'string' },
      cases: { type: 'string' },
      quick: { type: 'boolean', default: false },
      runs: { type: 'string' },
      out: { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return { help: true as const };
  if (values.target === undefined) throw new UsageError('--target needs ADDR:PORT');
  const target = parseHostPort(values.target, '--target');
  const token = values.token ?? process.env[SERVE_ENV.token];
  if (token === undefined || !TOKEN_PATTERN.test(token)) throw new UsageError('--token takes the 32 hex digits that serve printed');
  const caseIds = (values.cases ?? TARGET_CASES.join(',')).split(',').map((s) => s.trim().toUpperCase()).filter(Boolean);
  const unknown = caseIds.filter((id) => !(TARGET_CASES as readonly string[]).includes(id));
  if (caseIds.length === 0 || unknown.length > 0) throw new UsageError(`--cases takes ids from ${TARGET_CASES.join(',')} in target mode, got "${values.cases}"`);
  let runs: number | undefined;
  if (values.runs !== undefined) {
    if (!/^[1-9]\d*$/.test(values.runs) || Number(values.runs) > 100) throw new UsageError(`--runs takes a whole number from 1 to 100, got "${values.runs}"`);
    runs = Number(values.runs);
  }
  return { help: false as const, target, token, caseIds, quick: values.quick, runs, json: values.json, out: path.resolve(values.out ?? DEFAULT_TARGET_RESULTS_FILE) };
}

/** Remote services for runSuite: the chain's entitlement service, and its relays looked up by their next hop. */
function chainServices(chain: readonly ChainLink[]): SuiteServices {
  const entitlementLink = chain[chain.length - 1]!;
  const relays = chain.slice(0, -1);
  const label = (link: ChainLink) => `${link.info.role} at ${formatHostPort(link.endpoint.host, link.endpoint.port)}`;
  return {
    startEntitlement: async () => remoteService(label(entitlementLink), entitlementLink.endpoint),
    // Case D asks for "a relay in front of port P": the remote relay whose next hop is P.
    startRelay: async (_label, options) => {
      const relay = relays.find((r) => r.info.next?.port === options.nextPort);
      if (!relay) {
        throw new Error(
          `case D needs --target to be the first of two relays chained to the entitlement service; ` +
            `found ${relays.length} relay(s) before it. Start relays with \`serve --role relay --next …\``,
        );
      }
      // A remote relay outlives a run: drop its kept-alive connection to the next hop, so this run
      // opens exactly one on each link, as fresh local relays do.
      await control(relay.endpoint, '/reset');
      return remoteService(label(relay), relay.endpoint);
    },
  };
}

/** Runs target mode; resolves with the exit code. */
export async function targetMain(argv: string[]): Promise<number> {
  let options: ReturnType<typeof parse>;
  try {
    options = parse(argv);
  } catch (error) {
    process.stderr.write(`hop-bench: ${(error as Error).message}\n\n${TARGET_USAGE}`);
    return 2;
  }
  if (options.help) {
    process.stdout.write(TARGET_USAGE);
    return 0;
  }
  const abort = new AbortController();
  let interrupted = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      interrupted = true;
      abort.abort();
      process.stderr.write(`\nhop-bench: ${signal}: stopping; the results file is left as it was.\n`);
      void stopAll().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
    });
  }
  process.once('exit', killAllNow);
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const started = performance.now();
  const client = collectEnvironment(new Date(), referenceSuite.sourceSha256());
  const targetText = formatHostPort(options.target.host, options.target.port);
  try {
    const chain = await discoverChain({ ...options.target, token: options.token });
    const entitlement = chain[chain.length - 1]!;
    const setup = [
      `Setup: client ${describeMachine(client)}`,
      ...chain.map((l) => `  → ${l.info.role} at ${formatHostPort(l.endpoint.host, l.endpoint.port)} on ${describeMachine(l.info.environment)}`),
    ];
    for (const line of setup) log(line);

    const referenceIds = options.caseIds.filter((id) => id !== 'G');
    let reference: { config: BenchConfig; cases: CaseResult[] } | null = null;
    let referenceReport = '';
    if (referenceIds.length > 0) {
      const config = referenceSuite.buildConfig({ quick: options.quick, runs: options.runs, caseIds: referenceIds });
      const { cases } = await runSuite(referenceSuite, config, { log, signal: abort.signal, services: chainServices(chain) });
      reference = { config, cases };
      referenceReport = formatReferenceReport(client, config, cases);
    }
    let g: GResult | null = null;
    if (options.caseIds.includes('G')) {
      const tls = entitlement.info.tls;
      if (!tls) throw new Error(`case G: ${targetText}'s entitlement service serves no HTTPS; start it with this version of serve`);
      const gConfig = options.quick ? caseG.config.quick : caseG.config.full;
      const endpoint = { host: entitlement.endpoint.host, port: tls.port, token: options.token };
      const where = formatHostPort(endpoint.host, endpoint.port);
      g = await runG(
        { quick: options.quick, runs: options.runs ?? (options.quick ? 1 : 3), log, signal: abort.signal },
        gConfig,
        where,
        tls.certificateType,
        async () => ({
          label: `TLS entitlement service at ${where}`,
          ...endpoint,
          certPem: tls.certPem,
          certificateType: tls.certificateType,
          connections: () => remoteTlsConnections(endpoint, tls.certPem),
          stop: async () => {},
          died: new Promise<never>(() => {}),
        }),
      );
    }
    const report = [...setup, '', referenceReport.trimEnd(), ...(g ? ['', ...caseG.report(g, caseG.config.full)] : [])].join('\n').replace(/\n{3,}/g, '\n\n') + '\n';
    const results: TargetResults = {
      schemaVersion: 1,
      kind: 'target',
      client,
      target: targetText,
      services: chain.map((l) => ({ role: l.info.role, address: formatHostPort(l.endpoint.host, l.endpoint.port), environment: l.info.environment })),
      reference,
      G: g,
      report,
      durationMs: performance.now() - started,
    };
    writeTargetResults(options.out, results);
    process.stdout.write(options.json ? JSON.stringify(results, null, 2) + '\n' : report);
    log(`hop-bench: target run done in ${(results.durationMs / 1000).toFixed(1)} s; results written to ${path.relative(process.cwd(), options.out) || options.out}`);
    return 0;
  } catch (error) {
    if (interrupted) return 130;
    log(`hop-bench: the target run failed: ${(error as Error).message}\nThe results file was not changed.`);
    return 1;
  } finally {
    await stopAll();
  }
}
