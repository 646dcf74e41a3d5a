/**
 * Named predicates and derived words: the article's claims and its words that follow a figure, written
 * as TypeScript functions of the facts (src/prose/claims.ts, src/prose/words.ts) and referred to from the
 * MDX by name only (<Claim name="…">, <Word name="…" />). Every fact a function reads goes through a
 * recording accessor, so the claims report can list the values each one read.
 */
import { requireFact, type Facts } from '../facts/facts.ts';

/** A bound a predicate stated, e.g. "at least half as much again": the figure and the bound, same unit. */
export interface StatedBound {
  kind: 'atLeast' | 'atMost';
  value: number;
  bound: number;
}

/**
 * Reads one fact by name (e.g. "ratio.DoverB.p50"); throws FactError for an unknown name. Its helpers
 * state a bound, so the fit check can see how tight it is (src/claims/fit.ts: a misfit when the figure
 * is more than twice the bound "at least" states, or less than half the bound "at most" states):
 * - `f.atLeast(value, bound)`: value ≥ bound ("at least", "more than");
 * - `f.atMost(value, bound)`: value ≤ bound ("at most", "less than", "under").
 */
export interface FactRead {
  (name: string): number;
  atLeast(value: number, bound: number): boolean;
  atMost(value: number, bound: number): boolean;
}

/** A claim's condition: true when the sentence it guards is true for these facts. */
export type Predicate = (fact: FactRead) => boolean;

/** A word or phrase derived from the facts, e.g. "above" or "no measurable difference". */
export type DerivedWord = (fact: FactRead) => string;

/** A reader of `facts` and what it has handed out so far. */
export interface RecordingReader {
  read: FactRead;
  /** Each fact read and its value, in the order first read. */
  values: Record<string, number>;
  /** Each bound stated through `read.atLeast` / `read.atMost`, in order. */
  bounds: StatedBound[];
}

/** A FactRead over `get`, whose bound helpers push onto `bounds`. */
export function factReader(get: (name: string) => number, bounds: StatedBound[] = []): FactRead {
  const read = ((name: string) => get(name)) as FactRead;
  read.atLeast = (value, bound) => {
    bounds.push({ kind: 'atLeast', value, bound });
    return value >= bound;
  };
  read.atMost = (value, bound) => {
    bounds.push({ kind: 'atMost', value, bound });
    return value <= bound;
  };
  return read;
}

/**
 * A fact reader that records every name it reads and every bound stated.
 * @throws (from `read`) FactError naming an unknown fact and the closest known names.
 */
export function recordingReader(facts: Facts): RecordingReader {
  const values: Record<string, number> = {};
  const bounds: StatedBound[] = [];
  const read = factReader((name) => {
    const value = requireFact(facts, name);
    values[name] = value;
    return value;
  }, bounds);
  return { read, values, bounds };
}

/**
 * The fact names a function reads when every fact is unknown to `facts` but answered with 1 (so a
 * function can be asked which case it belongs to before its facts exist). Errors it throws are ignored.
 */
export function namesReadLeniently(fn: (fact: FactRead) => unknown, facts: Facts): string[] {
  const names: string[] = [];
  try {
    fn(
      factReader((name) => {
        names.push(name);
        return Object.hasOwn(facts, name) ? facts[name]! : 1;
      }),
    );
  } catch {
    // The names read before the error are what we wanted.
  }
  return [...new Set(names)];
}
