/**
 * One JSON POST over HTTPS, body drained, with the TLS socket that carried it: case G's per-call work,
 * the HTTPS counterpart of http-client.ts.
 */
import https from 'node:https';
import type { TLSSocket } from 'node:tls';

/** The reply to an HTTPS POST. */
export interface TlsReply {
  status: number;
  body: string;
  /** tlsSocket.isSessionReused() of the socket that carried it. */
  reused: boolean;
}

/**
 * POSTs `body` (JSON text) to https://host:port + path through `agent` (which holds the trusted certificate).
 * @param token sent as `authorization: Bearer <token>` when given (target mode).
 * @param inspect called with the socket when the response starts, while it is still open (a socket
 *   without keep-alive may be closed by the time the body ends).
 * @throws the socket's error (certificate rejected, ECONNRESET, …).
 */
export function postJsonTls(agent: https.Agent, host: string, port: number, path: string, body: string, token?: string, inspect?: (socket: TLSSocket) => void): Promise<TlsReply> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host,
        port,
        path,
        method: 'POST',
        agent,
        headers: {
          ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        const socket = res.socket as TLSSocket;
        const reused = socket.isSessionReused();
        inspect?.(socket);
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, reused }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
