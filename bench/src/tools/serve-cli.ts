/**
 * Serve mode (case H): `npm run bench -- serve --role entitlement|relay --listen ADDR:PORT [--next ADDR:PORT]`
 * runs one service role in the foreground until SIGINT or SIGTERM, for a client on another machine
 * (`npm run bench -- --target …`). It prints its address and a random 128-bit token; every request
 * without the token gets 401 and is counted. The entitlement role also serves HTTPS for case G.
 * Exit codes: 130 after SIGINT, 143 after SIGTERM, 1 when a service fails, 2 on bad usage, 0 for --help.
 */
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { caseE } from '../cases/e-failure/case.ts';
import { SUITE_DEFAULTS } from '../harness/case-config.ts';
import { formatHostPort, parseHostPort } from './remote.ts';
import { SERVE_ENV, TOKEN_PATTERN } from '../harness/services/access.ts';
import { startService, stopAll, killAllNow, type Service } from '../harness/process.ts';
import { generateTlsCredentials, TLS_ENV } from '../cases/g-tls/tls-credentials.ts';

const SCRIPTS = {
  entitlement: fileURLToPath(new URL('../harness/services/entitlement-service.ts', import.meta.url)),
  relay: fileURLToPath(new URL('../harness/services/relay-service.ts', import.meta.url)),
  tls: fileURLToPath(new URL('../cases/g-tls/tls-entitlement-service.ts', import.meta.url)),
} as const;

export const SERVE_USAGE = `Usage: npm run bench -- serve --role entitlement|relay [--listen ADDR:PORT] [--next ADDR:PORT]

Runs one hop-bench service in the foreground until Ctrl-C, for a client on another machine:
  npm run bench -- --target ADDR:PORT --token TOKEN --cases B,C,D,E,G

Options:
  --role R           entitlement (the service B, C, E and G call; also serves HTTPS for G)
                     or relay (case D's relay; needs --next)
  --listen ADDR:PORT address to listen on (default 127.0.0.1:0; port 0 picks a free port).
                     Any other address is for a private test network only.
  --next ADDR:PORT   a relay's next hop (an entitlement service or another relay)
  -h, --help         show this help

It prints its address and a random 128-bit token; every request without the token gets 401.
A chain shares one token: start the entitlement service first, then each relay with
HOP_BENCH_TOKEN=<that token> in its environment.
`;

class UsageError extends Error {}

function parse(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      role: { type: 'string' },
      listen: { type: 'string', default: '127.0.0.1:0' },
      next: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return { help: true as const };
  if (values.role !== 'entitlement' && values.role !== 'relay') throw new UsageError(`--role takes entitlement or relay, got "${values.role ?? ''}"`);
  const listen = parseHostPort(values.listen, '--listen', true);
  if (values.role === 'relay' && values.next === undefined) throw new UsageError('--role relay needs --next ADDR:PORT (the service it calls)');
  if (values.role === 'entitlement' && values.next !== undefined) throw new UsageError('--next is for --role relay only');
  const next = values.next === undefined ? undefined : parseHostPort(values.next, '--next');
  const token = process.env[SERVE_ENV.token] ?? randomBytes(16).toString('hex');
  if (!TOKEN_PATTERN.test(token)) throw new UsageError(`${SERVE_ENV.token} must be 32 lowercase hex digits (a token printed by serve)`);
  return { help: false as const, role: values.role, listen, next, token };
}

/** True for 127.0.0.0/8 and ::1: addresses no other machine can reach. */
export function isLoopback(host: string): boolean {
  return (isIP(host) === 4 && host.startsWith('127.')) || host === '::1';
}

/** Runs serve mode; resolves with the exit code. */
export async function serveMain(argv: string[]): Promise<number> {
  let options: ReturnType<typeof parse>;
  try {
    options = parse(argv);
  } catch (error) {
    process.stderr.write(`hop-bench serve: ${(error as Error).message}\n\n${SERVE_USAGE}`);
    return 2;
  }
  if (options.help) {
    process.stdout.write(SERVE_USAGE);
    return 0;
  }
  const { role, listen, next, token } = options;
  if (!isLoopback(listen.host)) {
    process.stderr.write(
      `Warning: listening on ${listen.host}, not loopback. This service is for a private test network: ` +
        'anyone who can reach it and holds the token can call it, and the token travels in clear text. ' +
        'Use an isolated network (or the netns script) and stop it when the run is done.\n',
    );
  }
  process.once('exit', killAllNow);
  let stopping = false;
  const stopped = new Promise<number>((resolve) => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        stopping = true;
        process.stderr.write(`hop-bench serve: ${signal}: stopping.\n`);
        void stopAll().finally(() => resolve(signal === 'SIGINT' ? 130 : 143));
      });
    }
  });
  const env = (info: object) => ({ [SERVE_ENV.listen]: formatHostPort(listen.host, listen.port), [SERVE_ENV.token]: token, [SERVE_ENV.info]: JSON.stringify(info) });
  const timeoutMs = SUITE_DEFAULTS.serviceStartTimeoutMs;
  const keepAliveMs = SUITE_DEFAULTS.serverKeepAliveMs;
  const services: Service[] = [];
  const out = (line: string) => process.stdout.write(`${line}\n`);
  try {
    if (role === 'entitlement') {
      // HTTPS for case G on a free port of the same address, with a certificate made now for that address.
      const credentials = await generateTlsCredentials(listen.host);
      const tls = await startService(SCRIPTS.tls, 'TLS entitlement service', { keepAliveMs }, timeoutMs, {
        ...env({ role: 'entitlement-tls' }),
        [SERVE_ENV.listen]: formatHostPort(listen.host, 0),
        [TLS_ENV.key]: credentials.keyPem,
        [TLS_ENV.cert]: credentials.certPem,
      });
      services.push(tls);
      const failure = caseE.config.full;
      const entitlement = await startService(
        SCRIPTS.entitlement,
        'entitlement service',
        { seed: SUITE_DEFAULTS.serverSeedBase, delayProbability: failure.delayProbability, delayMs: failure.delayMs, keepAliveMs },
        timeoutMs,
        env({ role, tls: { port: tls.port, certPem: credentials.certPem, certificateType: credentials.certificateType } }),
      );
      services.push(entitlement);
      out(`hop-bench serve: entitlement service listening on http://${formatHostPort(listen.host, entitlement.port)}`);
      out(`hop-bench serve: HTTPS for case G on https://${formatHostPort(listen.host, tls.port)} (certificate ${credentials.fingerprint256})`);
    } else {
      const relay = await startService(
        SCRIPTS.relay,
        'relay',
        { nextPort: next!.port, nextHost: next!.host, keepAliveMs },
        timeoutMs,
        env({ role, next }),
      );
      services.push(relay);
      out(`hop-bench serve: relay listening on http://${formatHostPort(listen.host, relay.port)}, next hop ${formatHostPort(next!.host, next!.port)}`);
    }
    out(`hop-bench serve: token ${token}`);
    out('hop-bench serve: running until Ctrl-C (SIGINT) or SIGTERM.');
    // A service that dies on its own is a failure; one that dies of the same Ctrl-C is not.
    const died = Promise.race(services.map((s) => s.died)).catch((error: unknown) => (stopping ? stopped : Promise.reject(error)));
    return await Promise.race([stopped, died]);
  } catch (error) {
    process.stderr.write(`hop-bench serve: ${(error as Error).message}\n`);
    return 1;
  } finally {
    await stopAll();
  }
}
