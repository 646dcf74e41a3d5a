/**
 * Case G's service (a forked process): POST /check over HTTPS (TLS 1.3 only), the same entitlement
 * check as the plain service. Key and certificate come in through the environment (TLS_ENV), never a
 * file. Reports its port and, over IPC, the TCP connections it accepted and the sessions it resumed.
 */
import https from 'node:https';
import { checkEntitlement, type EntitlementRequest } from '../../harness/entitlement.ts';
import type { StatsRequest } from '../../harness/services/protocol.ts';
import { gate, listenAddress } from '../../harness/services/access.ts';
import { optionsFromArgv, readBody, sendJson } from '../../harness/services/http-service.ts';
import { TLS_ENV } from './tls-credentials.ts';

/** Settings of the TLS service, passed as JSON in argv[2]. */
export interface TlsServiceOptions {
  /** Server keep-alive timeout, ms. */
  keepAliveMs: number;
}

const options = optionsFromArgv<TlsServiceOptions>('tls-entitlement-service');
const key = process.env[TLS_ENV.key];
const cert = process.env[TLS_ENV.cert];
if (!key || !cert) {
  console.error(`tls-entitlement-service: ${TLS_ENV.key} and ${TLS_ENV.cert} must hold the PEM key and certificate`);
  process.exit(2);
}
// Drop the key from the environment once read: nothing this process starts inherits it.
delete process.env[TLS_ENV.key];

const server = https.createServer({ key, cert, minVersion: 'TLSv1.3' });
server.keepAliveTimeout = options.keepAliveMs;
server.on(
  'request',
  gate((req, res) => {
    readBody(req, (text) => {
      if (req.url !== '/check') return sendJson(res, 404, { error: `no route ${req.url}` });
      let body: EntitlementRequest;
      try {
        body = JSON.parse(text) as EntitlementRequest;
      } catch {
        return sendJson(res, 400, { error: 'body is not JSON' });
      }
      sendJson(res, 200, checkEntitlement(body));
    });
  }),
);
let connections = 0;
let resumed = 0;
server.on('connection', () => {
  connections += 1;
});
server.on('secureConnection', (socket) => {
  if (socket.isSessionReused()) resumed += 1;
});
process.on('message', (message: StatsRequest) => {
  if (message?.type === 'stats?') process.send?.({ type: 'stats', connections, resumed });
});
process.on('disconnect', () => process.exit(0));
const { host, port } = listenAddress();
server.listen(port, host, () => {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('server has no TCP address');
  process.send?.({ type: 'ready', port: address.port });
});
