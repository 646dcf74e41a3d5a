/**
 * One JSON POST to a service on 127.0.0.1, response body drained and returned as text.
 * The per-call work of every HTTP case: one request, one response.
 */
import http from 'node:http';

/** The reply to a POST: status code and the whole body as text. */
export interface Reply {
  status: number;
  body: string;
}

/** A service on another host (target mode): its address, port and the token it requires. */
export interface Endpoint {
  host: string;
  port: number;
  /** Sent as `authorization: Bearer <token>` when present. */
  token?: string;
}

/** The endpoint of a service: 127.0.0.1 unless it names a host; its token if it has one. */
export function endpointOf(service: { port: number; host?: string; token?: string }): number | Endpoint {
  return service.host === undefined && service.token === undefined
    ? service.port
    : { host: service.host ?? '127.0.0.1', port: service.port, ...(service.token === undefined ? {} : { token: service.token }) };
}

/** The call got no response within the idle timeout and was destroyed. */
export class CallTimeoutError extends Error {
  /** The idle timeout that fired, ms. */
  readonly timeoutMs: number;
  constructor(timeoutMs: number) {
    super(`no response within ${timeoutMs} ms`);
    this.name = 'CallTimeoutError';
    this.timeoutMs = timeoutMs;
  }
}

/**
 * POSTs `body` (JSON text) to http://127.0.0.1:port + path (or to an endpoint's host and port, with its token).
 * @param agent the agent deciding socket reuse (keep-alive, one socket) or a fresh connection per call.
 * @param headers extra request headers, e.g. an idempotency key.
 * @param timeoutMs socket idle timeout, ms; when it fires the request is destroyed. Omit for none.
 * @returns the reply once its body has been read to the end; settles exactly once.
 * @throws CallTimeoutError on timeout; the socket's error (e.g. ECONNRESET) on any other failure.
 */
export function postJson(
  agent: http.Agent,
  port: number | Endpoint,
  path: string,
  body: string,
  headers?: Readonly<Record<string, string>>,
  timeoutMs?: number,
): Promise<Reply> {
  const host = typeof port === 'number' ? '127.0.0.1' : port.host;
  const auth = typeof port === 'number' || port.token === undefined ? undefined : { authorization: `Bearer ${port.token}` };
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host,
        port: typeof port === 'number' ? port : port.port,
        path,
        method: 'POST',
        agent,
        headers: { ...headers, ...auth, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    // A promise settles once: a late response after destroy() can never turn a timeout into a success.
    req.on('error', reject);
    if (timeoutMs !== undefined) {
      req.setTimeout(timeoutMs, () => req.destroy(new CallTimeoutError(timeoutMs)));
    }
    req.end(body);
  });
}
