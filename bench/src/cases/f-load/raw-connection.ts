/**
 * One kept-alive HTTP/1.1 connection of the load generator, on a raw `net` socket: it writes a
 * pre-serialised request and frames the response with MessageFramer, one call at a time. No
 * node:http, no per-call promise, closure or timer: the owner keeps per-call state on the connection
 * and hears back through one listener. Timeouts are swept by the owner (see sweepTimeouts).
 */
import net from 'node:net';
import { MessageFramer, serialisePost } from './http-framing.ts';

/**
 * The one buffer every connection reads into: a read is framed before the next one can happen (one
 * thread), and the framer copies the little it keeps across reads.
 */
const READ_BUFFER = Buffer.allocUnsafe(64 * 1024);

/** Where the generator sends: pre-serialised requests, used in turn. */
export interface RawTarget {
  host: string;
  port: number;
  /** Whole requests as bytes (serialisePost). */
  requests: readonly Buffer[];
}

/** A target on 127.0.0.1 that answers POST `path`, with one pre-serialised request per body. */
export function rawTarget(port: number, path: string, bodies: readonly string[], host = '127.0.0.1'): RawTarget {
  return { host, port, requests: bodies.map((b) => serialisePost(`${host}:${port}`, path, b)) };
}

/** Hears what happens to a connection's call. */
export interface ConnectionListener {
  /** The call's response ended; `status` is its HTTP status. The connection is free again. */
  response(conn: RawConnection, status: number): void;
  /**
   * The connection failed ("ECONNRESET", "closed", "timeout", "protocol: …") and is dead; `lostCall`
   * says whether a call was on the wire (a failed call) or it was idle.
   */
  failure(conn: RawConnection, kind: string, lostCall: boolean): void;
}

/** A raw keep-alive connection carrying one call at a time. */
export class RawConnection {
  readonly socket: net.Socket;
  readonly #framer = new MessageFramer(true);
  readonly #listener: ConnectionListener;
  /** A call is on the wire. */
  busy = false;
  /** The connection failed or was closed; it carries no more calls. */
  dead = false;
  /** When the current call was written (performance.now(), ms). */
  sentAt = 0;
  /** When the current call was due (open loop; performance.now(), ms). */
  intendedAt = 0;
  /** The current call's intended send was inside the measured window. */
  measured = false;

  /** Connects; `ready` resolves on connect and rejects on a failure before it. */
  constructor(target: RawTarget, listener: ConnectionListener) {
    this.#listener = listener;
    // `onread` hands each read to the framer straight from one reused buffer, skipping the Readable
    // stream's per-chunk Buffer and 'data' event: about a quarter of the generator's user CPU per call.
    this.socket = net.connect({
      host: target.host,
      port: target.port,
      noDelay: true,
      onread: {
        buffer: READ_BUFFER,
        callback: (n: number, buf: Uint8Array) => {
          this.#read(buf as Buffer, n);
          return true; // false would pause the socket
        },
      },
    });
    this.socket.on('error', (error: NodeJS.ErrnoException) => this.#fail(error.code ?? 'socket error'));
    this.socket.on('close', () => this.#fail('closed'));
  }

  /** Frames one read (`n` bytes at the start of the shared buffer, valid only during this call). */
  #read(buf: Buffer, n: number): void {
    for (const m of this.#framer.push(buf.subarray(0, n))) {
      if (!this.busy) return this.#fail('protocol: response without a request');
      if (!m.ok) return this.#fail(`protocol: ${m.reason}`);
      this.busy = false;
      this.#listener.response(this, m.status);
    }
  }

  /** Resolves when connected. @throws Error when the connection fails first. */
  ready(): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.dead) return reject(new Error('connection failed'));
      this.socket.once('connect', () => resolve());
      this.socket.once('error', reject);
      this.socket.once('close', () => reject(new Error('connection closed before it opened')));
    });
  }

  /** Writes one request; the caller sets sentAt/intendedAt/measured. Only when not busy and not dead. */
  send(request: Buffer): void {
    this.busy = true;
    this.socket.write(request);
  }

  /** Closes the connection; a call on the wire is not reported. */
  close(): void {
    this.dead = true;
    this.busy = false;
    this.socket.destroy();
  }

  /** Fails the call on the wire (if any) with `kind` and closes the connection. */
  fail(kind: string): void {
    this.#fail(kind);
  }

  #fail(kind: string): void {
    if (this.dead) return;
    this.dead = true;
    const hadCall = this.busy;
    this.busy = false;
    this.socket.destroy();
    this.#listener.failure(this, kind, hadCall);
  }
}

/**
 * Fails every busy connection whose call has been on the wire longer than `timeoutMs` (as "timeout").
 * The owner calls it from a coarse interval timer, so no call carries a timer of its own.
 */
export function sweepTimeouts(conns: Iterable<RawConnection>, now: number, timeoutMs: number): void {
  for (const c of conns) if (c.busy && !c.dead && now - c.sentAt > timeoutMs) c.fail('timeout');
}

/** Opens `n` connections and waits until all are connected. @throws Error when one cannot connect. */
export async function openConnections(target: RawTarget, n: number, listener: ConnectionListener): Promise<RawConnection[]> {
  const conns = Array.from({ length: n }, () => new RawConnection(target, listener));
  try {
    await Promise.all(conns.map((c) => c.ready()));
  } catch (error) {
    for (const c of conns) c.close();
    throw new Error(`cannot connect to ${target.host}:${target.port}: ${(error as Error).message}`);
  }
  return conns;
}
