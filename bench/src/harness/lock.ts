/**
 * Locks between processes, for the bench run and for the site's build-and-publish step: two bench runs
 * at once would share the CPUs and publish contended figures, and two builds at once would publish one
 * another's results. Built on proper-lockfile (a lock directory created atomically with mkdir, its mtime
 * refreshed while held; a lock whose holder died stops being refreshed and is taken over once stale).
 * A second process waits, saying who holds the lock, and proceeds when it is free. Public (the site's
 * build uses it).
 */
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { BENCH_ROOT } from './fingerprint.ts';

/**
 * The bench run's lock: in the git-ignored results folder, or at $HOP_BENCH_LOCK_FILE (the test files
 * give their own bench runs a lock each, so that test runs, whose figures nobody reads, do not queue
 * behind one another; bench/test/support/own-bench-lock.ts).
 */
export const BENCH_LOCK_FILE = process.env.HOP_BENCH_LOCK_FILE || path.join(BENCH_ROOT, 'results', 'bench.lock');

/** A lock not refreshed for this long belongs to a dead process and is taken over, ms. */
export const STALE_LOCK_MS = 30_000;
/** How often a held lock is refreshed, ms (case A's synchronous loops stay far below STALE_LOCK_MS). */
const UPDATE_MS = 5_000;
/** How often a waiting process tries again, ms. */
const RETRY_MS = 1_000;

/** Who holds a lock, as written beside it (`<lock>.owner.json`). */
export interface LockOwner {
  pid: number;
  hostname: string;
  /** What the holder is doing, e.g. "hop-bench: full suite". */
  purpose: string;
  /** When it took the lock, ISO 8601. */
  since: string;
}

/** A held lock. */
export interface HeldLock {
  /** Releases the lock; safe to call twice. */
  release(): Promise<void>;
}

/** Options of `acquireLock`. */
export interface AcquireOptions {
  /** What this process will do while holding it, for the other side's message. */
  purpose: string;
  /** Progress lines (the waiting message, a stale lock taken over). */
  log: (line: string) => void;
  /** Give up after this long, ms; default: wait until the lock is free (Ctrl-C stops). */
  timeoutMs?: number;
  /** Stale threshold, ms (tests shorten it); default STALE_LOCK_MS. */
  staleMs?: number;
}

/** The lock could not be taken within the timeout; the message names the holder and the fix. */
export class LockBusyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LockBusyError';
  }
}

/**
 * Takes the lock at `file` (the lock itself is the directory `<file>.lock`), waiting while another
 * live process holds it.
 * @throws LockBusyError when `timeoutMs` passes first; Error for file-system failures.
 */
export async function acquireLock(file: string, options: AcquireOptions): Promise<HeldLock> {
  mkdirSync(path.dirname(file), { recursive: true });
  const staleMs = options.staleMs ?? STALE_LOCK_MS;
  const started = Date.now();
  let told = false;
  for (;;) {
    const stale = staleOwner(file, staleMs);
    if (stale) options.log(`taking over a stale lock: ${stale} stopped refreshing ${path.basename(file)}.lock over ${Math.round(staleMs / 1000)} s ago`);
    try {
      const release = await lockfile.lock(file, {
        realpath: false,
        stale: staleMs,
        update: Math.min(UPDATE_MS, staleMs / 2),
        retries: 0,
        onCompromised: (error) => options.log(`warning: the lock ${file}.lock was lost (${error.message}); another process may now run at the same time`),
      });
      const owner: LockOwner = { pid: process.pid, hostname: os.hostname(), purpose: options.purpose, since: new Date().toISOString() };
      writeFileSync(ownerFile(file), JSON.stringify(owner) + '\n');
      if (told) options.log(`the lock is free after ${((Date.now() - started) / 1000).toFixed(0)} s; going on`);
      let released = false;
      return {
        release: async () => {
          if (released) return;
          released = true;
          rmSync(ownerFile(file), { force: true });
          try {
            await release();
          } catch (error) {
            // A lock lost while held (its refresh starved on a busy machine) was already reported by
            // onCompromised; releasing it again must not turn a finished run into a failure.
            if ((error as NodeJS.ErrnoException).code !== 'ERELEASED') throw error;
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
      const holder = describeOwner(readOwner(file));
      if (options.timeoutMs !== undefined && Date.now() - started >= options.timeoutMs) {
        throw new LockBusyError(
          `${holder} holds ${file}.lock. Wait for it to finish, or, if no such process is running, ` +
            `the lock is taken over by itself ${Math.round(staleMs / 1000)} s after its holder stopped.`,
        );
      }
      if (!told) {
        options.log(`waiting: ${holder} holds ${path.basename(file)}.lock; this run starts when it finishes (Ctrl-C to stop)`);
        told = true;
      }
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }
}

/** The holder's description when the lock exists but is stale, else null. */
function staleOwner(file: string, staleMs: number): string | null {
  try {
    return statSync(`${file}.lock`).mtimeMs < Date.now() - staleMs ? describeOwner(readOwner(file)) : null;
  } catch {
    return null;
  }
}

function ownerFile(file: string): string {
  return `${file}.owner.json`;
}

/** The holder recorded beside the lock, or null when unknown. */
export function readOwner(file: string): LockOwner | null {
  try {
    return JSON.parse(readFileSync(ownerFile(file), 'utf8')) as LockOwner;
  } catch {
    return null;
  }
}

function describeOwner(owner: LockOwner | null): string {
  if (!owner) return 'another process';
  return `${owner.purpose} (pid ${owner.pid} on ${owner.hostname}, since ${owner.since})`;
}
