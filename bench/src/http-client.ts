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
 * POSTs `body` (JSON text) to http://127.0.0.1:port + path.
 * @param agent the agent deciding socket reuse (keep-alive, one socket) or a fresh connection per call.
 * @param headers extra request headers, e.g. an idempotency key.
 * @param timeoutMs socket idle timeout, ms; when it fires the request is destroyed. Omit for none.
 * @returns the reply once its body has been read to the end; settles exactly once.
 * @throws CallTimeoutError on timeout; the socket's error (e.g. ECONNRESET) on any other failure.
 */
export function postJson(
  agent: http.Agent,
  port: number,
  path: string,
  body: string,
  headers?: Readonly<Record<string, string>>,
  timeoutMs?: number,
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
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
