/**
 * The load generator's HTTP/1.1, kept minimal as autocannon's is: requests serialised once into
 * Buffers, and a framer that reads only what it needs to find where each message ends (the start
 * line's status code and Content-Length). No chunked encoding: a message without Content-Length is an
 * error, which the services of this bench never send. Used by the client (responses) and by the
 * trivial responder (requests).
 */

const CRLFCRLF = Buffer.from('\r\n\r\n', 'latin1');
/** Longest header block accepted, bytes; beyond it the peer is not speaking HTTP we understand. */
export const MAX_HEADER_BYTES = 16 * 1024;

/**
 * One POST request as bytes, headers and body together, ready to write as is.
 * @param host the Host header's value, e.g. "127.0.0.1:41234".
 * @param path e.g. "/check".
 * @param body JSON text.
 */
export function serialisePost(host: string, path: string, body: string): Buffer {
  const bytes = Buffer.from(body, 'utf8');
  const head = `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${bytes.length}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), bytes]);
}

/** One framed message: its status code (0 for a request) and whether it was complete and well formed. */
export type Framed = { ok: true; status: number } | { ok: false; reason: string };

const CONTENT_LENGTH = /\r\ncontent-length:[ \t]*(\d+)[ \t]*\r/i;

/**
 * Splits a byte stream into HTTP/1.1 messages by Content-Length, across any chunk boundaries.
 * `push` returns one entry per message that ended in the chunk, in order; after an error entry the
 * stream cannot be resynchronised and the connection should be closed.
 */
export class MessageFramer {
  /** Header bytes seen so far of the current message (only when its header spans chunks). */
  #head: Buffer | undefined;
  /** Body bytes still to skip of the current message, or -1 while reading its header. */
  #bodyLeft = -1;
  #status = 0;
  readonly #responses: boolean;

  /** @param responses true to frame responses (status from "HTTP/1.1 200 …"), false for requests. */
  constructor(responses: boolean) {
    this.#responses = responses;
  }

  /** Feeds one chunk; returns the messages it completed. */
  push(chunk: Buffer): Framed[] {
    const out: Framed[] = [];
    let at = 0;
    while (at < chunk.length) {
      if (this.#bodyLeft >= 0) {
        const take = Math.min(this.#bodyLeft, chunk.length - at);
        this.#bodyLeft -= take;
        at += take;
        if (this.#bodyLeft === 0) {
          this.#bodyLeft = -1;
          out.push({ ok: true, status: this.#status });
        }
        continue;
      }
      // Reading a header: find its end in (carried bytes + this chunk).
      let buf = chunk;
      let base = at;
      if (this.#head) {
        buf = Buffer.concat([this.#head, chunk.subarray(at)]);
        base = 0;
      }
      const end = buf.indexOf(CRLFCRLF, base);
      if (end < 0) {
        const head = buf.subarray(base);
        if (head.length > MAX_HEADER_BYTES) {
          out.push({ ok: false, reason: 'header too long' });
          return out;
        }
        this.#head = Buffer.from(head);
        return out;
      }
      const headerText = buf.toString('latin1', base, end + 2);
      const consumedOfChunk = this.#head ? end + 4 - this.#head.length : end + 4 - at;
      this.#head = undefined;
      at += consumedOfChunk;
      let status = 0;
      if (this.#responses) {
        status = parseStatus(headerText);
        if (status === 0) {
          out.push({ ok: false, reason: 'bad status line' });
          return out;
        }
      }
      const length = CONTENT_LENGTH.exec(headerText);
      if (!length) {
        // A request without a body may omit it; a response may not (we do not read to close).
        if (this.#responses) {
          out.push({ ok: false, reason: 'no content-length' });
          return out;
        }
        out.push({ ok: true, status });
        continue;
      }
      this.#status = status;
      this.#bodyLeft = Number(length[1]);
      if (this.#bodyLeft === 0) {
        this.#bodyLeft = -1;
        out.push({ ok: true, status });
      }
    }
    return out;
  }
}

/** The status code of "HTTP/1.x NNN …", or 0 when the line is not one. */
function parseStatus(head: string): number {
  if (!head.startsWith('HTTP/1.')) return 0;
  const code = Number(head.slice(9, 12));
  return head.charCodeAt(12) === 32 || head.charCodeAt(12) === 13 ? (Number.isInteger(code) && code >= 100 && code <= 999 ? code : 0) : 0;
}
