/**
 * Serve mode's gate (case H): a service reachable from another host answers only requests that carry
 * its token, counts the ones that do not, and serves two control routes of its own.
 * - any request without `authorization: Bearer <token>` → 401, counted in `unauthorized`;
 * - POST /stats → { connections, unauthorized }: connections that carried a non-control request, so
 *   the control calls of a remote client never count against a case's socket check;
 * - POST /info → who this service is (role, its next hop, its TLS endpoint) and its host's environment.
 * Without serve mode's environment (HOP_BENCH_TOKEN) nothing changes: the local suite never sees this.
 */
import { timingSafeEqual } from 'node:crypto';
import type http from 'node:http';
import type { Socket } from 'node:net';
import { collectEnvironment } from '../environment.ts';
import { keySourceSha256 } from '../cache-key.ts';

/** Environment variables a serve-mode service reads (set by serve-cli.ts, never by the local suite). */
export const SERVE_ENV = {
  /** "host:port" to listen on; port 0 picks a free port. */
  listen: 'HOP_BENCH_LISTEN',
  /** 32 hex digits (128 bits): the token every request must carry. */
  token: 'HOP_BENCH_TOKEN',
  /** JSON object merged into /info (role, next hop, TLS endpoint). */
  info: 'HOP_BENCH_INFO',
} as const;

/** A token is 128 random bits written as 32 lowercase hex digits. */
export const TOKEN_PATTERN = /^[0-9a-f]{32}$/;

/** Control routes the gate answers itself; they never count as a case's connections. */
export const CONTROL_PATHS: ReadonlySet<string> = new Set(['/stats', '/info', '/reset', '/count']);

/** Where to listen: serve mode's HOP_BENCH_LISTEN, else 127.0.0.1 on a free port. */
export function listenAddress(): { host: string; port: number } {
  const value = process.env[SERVE_ENV.listen];
  if (!value) return { host: '127.0.0.1', port: 0 };
  const at = value.lastIndexOf(':');
  return { host: value.slice(0, at).replace(/^\[|\]$/g, ''), port: Number(value.slice(at + 1)) };
}

/** True when the request carries exactly `Bearer <token>`; compared in constant time. */
export function hasToken(req: http.IncomingMessage, token: string): boolean {
  const got = Buffer.from(req.headers.authorization ?? '');
  const want = Buffer.from(`Bearer ${token}`);
  return got.length === want.length && timingSafeEqual(got, want);
}

/**
 * Wraps a service's handler with the token gate when serve mode's token is set; returns `handler`
 * unchanged otherwise.
 */
export function gate(handler: http.RequestListener): http.RequestListener {
  const token = process.env[SERVE_ENV.token];
  if (token === undefined) return handler;
  if (!TOKEN_PATTERN.test(token)) {
    console.error(`${SERVE_ENV.token} must be 32 hex digits (128 bits), got ${token.length} characters`);
    process.exit(2);
  }
  const extra = JSON.parse(process.env[SERVE_ENV.info] ?? '{}') as Record<string, unknown>;
  let environment: ReturnType<typeof collectEnvironment> | undefined;
  let unauthorized = 0;
  let connections = 0;
  const counted = new WeakSet<Socket>();
  const reply = (res: http.ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  };
  return (req, res) => {
    if (!hasToken(req, token)) {
      unauthorized += 1;
      req.resume();
      return reply(res, 401, { error: 'missing or wrong token: send authorization: Bearer <token printed by serve>' });
    }
    const path = req.url ?? '';
    if (path === '/stats') {
      req.resume();
      return reply(res, 200, { connections, unauthorized });
    }
    if (path === '/info') {
      req.resume();
      // The whole bench source: a service host runs whichever suite its client asks for.
      environment ??= collectEnvironment(new Date(), keySourceSha256([]));
      return reply(res, 200, { ...extra, environment });
    }
    if (!CONTROL_PATHS.has(path) && !counted.has(req.socket)) {
      counted.add(req.socket);
      connections += 1;
    }
    handler(req, res);
  };
}
