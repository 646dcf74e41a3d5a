/**
 * What every service process shares: listen on 127.0.0.1 port 0, report the port over IPC,
 * count accepted connections, read whole bodies, answer JSON, and exit when the parent goes away.
 */
import http from 'node:http';
import type { ChildMessage, CpuRequest, StatsRequest } from './protocol.ts';
import { gate, listenAddress } from './access.ts';

/** Sends a JSON body with an explicit content length. */
export function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** Collects a request body as UTF-8 text, then calls `done`. */
export function readBody(req: http.IncomingMessage, done: (text: string) => void): void {
  let text = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => {
    text += chunk;
  });
  req.on('end', () => done(text));
}

/** Reads argv[2] as JSON options; exits with code 2 and a message when absent or malformed. */
export function optionsFromArgv<T>(name: string): T {
  try {
    return JSON.parse(process.argv[2] ?? '') as T;
  } catch {
    console.error(`${name}: expected JSON options in argv[2], got ${JSON.stringify(process.argv[2])}`);
    process.exit(2);
  }
}

/**
 * Starts an HTTP server for a service process.
 * @param handler the request handler.
 * @param keepAliveMs server keep-alive timeout, ms.
 */
export function serve(handler: http.RequestListener, keepAliveMs: number): http.Server {
  const server = http.createServer();
  // Serve mode (case H) puts its token gate in front; the local suite gets `handler` itself.
  server.on('request', gate(handler));
  server.keepAliveTimeout = keepAliveMs;
  let connections = 0;
  server.on('connection', () => {
    connections += 1;
  });
  const send = (message: ChildMessage) => process.send?.(message);
  process.on('message', (message: StatsRequest | CpuRequest) => {
    if (message?.type === 'stats?') send({ type: 'stats', connections });
    if (message?.type === 'cpu?') {
      const cpu = process.cpuUsage();
      send({ type: 'cpu', userUs: cpu.user, systemUs: cpu.system });
    }
  });
  // The parent is gone (finished, crashed or killed): never outlive it.
  process.on('disconnect', () => process.exit(0));
  const { host, port } = listenAddress();
  server.listen(port, host, () => {
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('server has no TCP address');
    send({ type: 'ready', port: address.port });
  });
  return server;
}
