/**
 * Named predicates and derived words: the article's claims and its words that follow a figure, written
 * as TypeScript functions of the facts (content/claims.ts, content/words.ts) and referred to from the
 * MDX by name only (<Claim name="…">, <Word name="…" />). Every fact a function reads goes through a
 * recording accessor, so the claims report can list the values each one read.
 */
import { requireFact, type Facts } from '../facts/facts.ts';

/** Reads one fact by name (e.g. "ratio.DoverB.p50"); throws FactError for an unknown name. */
export type FactRead = (name: string) => number;

/** A claim's condition: true when the sentence it guards is true for these facts. */
export type Predicate = (fact: FactRead) => boolean;

/** A word or phrase derived from the facts, e.g. "above" or "no measurable difference". */
export type DerivedWord = (fact: FactRead) => string;

/** A reader of `facts` and the values it has handed out so far, in the order first read. */
export interface RecordingReader {
  read: FactRead;
  /** Each fact read and its value. */
  values: Record<string, number>;
}

/**
 * A fact reader that records every name it reads.
 * @throws (from `read`) FactError naming an unknown fact and the closest known names.
 */
export function recordingReader(facts: Facts): RecordingReader {
  const values: Record<string, number> = {};
  const read: FactRead = (name) => {
    const value = requireFact(facts, name);
    values[name] = value;
    return value;
  };
  return { read, values };
}

/**
 * The fact names a function reads when every fact is unknown to `facts` but answered with 1 (so a
 * function can be asked which case it belongs to before its facts exist). Errors it throws are ignored.
 */
export function namesReadLeniently(fn: (fact: FactRead) => unknown, facts: Facts): string[] {
  const names: string[] = [];
  try {
    fn((name) => {
      names.push(name);
      return Object.hasOwn(facts, name) ? facts[name]! : 1;
    });
  } catch {
    // The names read before the error are what we wanted.
  }
  return [...new Set(names)];
}
