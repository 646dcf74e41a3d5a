/**
 * A relay (a forked process): parses each request body and POSTs it to the next service's /check
 * over its own keep-alive agent (one socket unless `maxSockets` says more), then answers with that response.
 */
import http from 'node:http';
import { postJson } from '../http-client.ts';
import { SERVE_ENV } from './access.ts';
import type { RelayServiceOptions } from './protocol.ts';
import { optionsFromArgv, readBody, sendJson, serve } from './http-service.ts';

const options = optionsFromArgv<RelayServiceOptions>('relay-service');
const poolAgent = () => new http.Agent({ keepAlive: true, maxSockets: options.maxSockets ?? 1 });
let agent = poolAgent();
// Serve mode: the next hop may be on another host and needs the shared token.
const token = process.env[SERVE_ENV.token];
const next = options.nextHost === undefined && token === undefined
  ? options.nextPort
  : { host: options.nextHost ?? '127.0.0.1', port: options.nextPort, ...(token === undefined ? {} : { token }) };

serve((req, res) => {
  readBody(req, (text) => {
    // Serve mode: a remote run starts each run of D with a fresh connection to the next hop, as a
    // local run does with fresh relays. (The token gate answers /stats and /info; /reset reaches here.)
    if (token !== undefined && req.url === '/reset') {
      agent.destroy();
      agent = poolAgent();
      return sendJson(res, 200, { ok: true });
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return sendJson(res, 400, { error: 'body is not JSON' });
    }
    postJson(agent, next, '/check', JSON.stringify(body)).then(
      (reply) => {
        res.writeHead(reply.status, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(reply.body),
        });
        res.end(reply.body);
      },
      (error: Error) => sendJson(res, 502, { error: `next service: ${error.message}` }),
    );
  });
}, options.keepAliveMs);
