/**
 * Server-side idempotency keys as the IETF draft "The Idempotency-Key HTTP Header Field"
 * (draft-ietf-httpapi-idempotency-key-header-07, J. Jena and S. Dalal, 15 October 2025) describes
 * them: a first request with a key is processed and its result stored; a retry after it completed
 * gets the stored result; a retry while it is still in progress gets 409; the same key with a
 * different payload gets 422; a missing key where one is required gets 400. The draft sets no expiry;
 * this store forgets a key `ttlMs` after it was first stored (Stripe prunes keys once they are at
 * least 24 hours old). Pure: the caller passes the clock.
 */

/** A stored reply: what a replay returns. */
export interface StoredReply {
  /** HTTP status of the first completed request. */
  readonly status: number;
  /** Its body, as sent. */
  readonly body: string;
}

/** What to do with a request that carries a key. */
export type KeyDecision =
  /** Unknown (or expired) key: process it; call begin() once it is admitted. */
  | { readonly kind: 'new' }
  /** The first request with this key is still in progress: answer 409. */
  | { readonly kind: 'in-progress' }
  /** The key was used with another payload: answer 422. */
  | { readonly kind: 'payload-mismatch' }
  /** Completed before: answer with the stored reply, write nothing. */
  | { readonly kind: 'replay'; readonly reply: StoredReply };

interface Entry {
  /** Which begin() made it, so a late completion never fills a newer entry for the same key. */
  generation: number;
  fingerprint: string;
  storedAtMs: number;
  reply: StoredReply | undefined;
}

/** HTTP statuses the draft names (section "Error Scenarios"). */
export const IDEMPOTENCY_STATUS = {
  /** The key is missing on an endpoint that requires one. */
  missingKey: 400,
  /** A request with the same key is still being processed. */
  inProgress: 409,
  /** The key was reused with a different payload. */
  payloadMismatch: 422,
} as const;

/** Keys → first request's fingerprint, time stored and reply once complete. */
export class IdempotencyStore {
  readonly #ttlMs: number;
  readonly #entries = new Map<string, Entry>();
  #generation = 0;

  /** @param ttlMs how long a key is kept after it was first stored, ms (> 0). @throws RangeError otherwise. */
  constructor(ttlMs: number) {
    if (!(ttlMs > 0)) throw new RangeError(`ttlMs must be positive, got ${ttlMs}`);
    this.#ttlMs = ttlMs;
  }

  /** Keys currently held (expired ones are dropped when looked up or swept). */
  get size(): number {
    return this.#entries.size;
  }

  /**
   * Decides what a request with `key` and payload `fingerprint` gets at `nowMs`. A key stored at
   * time t is expired from t + ttlMs on (inclusive), and then counts as unknown.
   */
  decide(key: string, fingerprint: string, nowMs: number): KeyDecision {
    const entry = this.#live(key, nowMs);
    if (entry === undefined) return { kind: 'new' };
    if (entry.fingerprint !== fingerprint) return { kind: 'payload-mismatch' };
    if (entry.reply === undefined) return { kind: 'in-progress' };
    return { kind: 'replay', reply: entry.reply };
  }

  /**
   * Stores `key` as in progress from `nowMs`. Call when the request is admitted (its write happens).
   * @returns a ticket for complete().
   */
  begin(key: string, fingerprint: string, nowMs: number): number {
    this.#generation += 1;
    this.#entries.set(key, { generation: this.#generation, fingerprint, storedAtMs: nowMs, reply: undefined });
    return this.#generation;
  }

  /**
   * Stores the reply of the request that began `key` with `ticket`. If the key expired meanwhile (or
   * a newer request took it over after expiry), nothing is stored.
   */
  complete(key: string, ticket: number, reply: StoredReply, nowMs: number): void {
    const entry = this.#live(key, nowMs);
    if (entry !== undefined && entry.generation === ticket) entry.reply = reply;
  }

  /**
   * Forgets `key` if the request that began it with `ticket` still owns it: that request was dropped
   * unserved (its deadline passed), so a retry may proceed instead of getting 409 until the TTL ends.
   */
  release(key: string, ticket: number): void {
    if (this.#entries.get(key)?.generation === ticket) this.#entries.delete(key);
  }

  /** Drops every expired key at `nowMs`; returns how many were dropped. */
  sweep(nowMs: number): number {
    let dropped = 0;
    for (const [key, entry] of this.#entries) {
      if (nowMs >= entry.storedAtMs + this.#ttlMs) {
        this.#entries.delete(key);
        dropped += 1;
      }
    }
    return dropped;
  }

  #live(key: string, nowMs: number): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry !== undefined && nowMs >= entry.storedAtMs + this.#ttlMs) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }
}
