/** The prose rules as facts, so that a claim's condition reads the same number as the words it guards. */
import { RELATION_TOLERANCE } from './rules.ts';

/** The word tolerances as facts: words.nearTolerance (fraction, RELATION_TOLERANCE). */
export function wordFacts(): Record<string, number> {
  return { 'words.nearTolerance': RELATION_TOLERANCE };
}
