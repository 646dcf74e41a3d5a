/**
 * The trivial responder (a forked process): a raw `net` server that answers every HTTP/1.1 request
 * with one fixed, pre-serialised 200 response, doing no other work. Against it the load generator's
 * throughput is the generator's own ceiling. It reports its CPU time over IPC like the bench's services.
 */
import net from 'node:net';
import { MessageFramer } from './http-framing.ts';

const RESPONSE = Buffer.from('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\n{}', 'latin1');

const server = net.createServer({ noDelay: true }, (socket) => {
  const framer = new MessageFramer(false);
  socket.on('data', (chunk: Buffer) => {
    for (const m of framer.push(chunk)) {
      if (!m.ok) return socket.destroy();
      socket.write(RESPONSE);
    }
  });
  socket.on('error', () => socket.destroy());
});
process.on('message', (message: { type?: string }) => {
  if (message?.type === 'cpu?') {
    const cpu = process.cpuUsage();
    process.send?.({ type: 'cpu', userUs: cpu.user, systemUs: cpu.system });
  }
  if (message?.type === 'stats?') process.send?.({ type: 'stats', connections: 0 });
});
process.on('disconnect', () => process.exit(0));
server.listen(0, '127.0.0.1', () => {
  const address = server.address() as net.AddressInfo;
  process.send?.({ type: 'ready', port: address.port });
});
