/**
 * The article's derived words: each a named function of the facts that returns the word or sentence
 * that fits them, with a form for every outcome a faithful run can produce. The MDX refers to one by
 * name, <Word name="chainVsHopSum" />; the build evaluates each use once (src/claims/derived-words.ts
 * evaluateWords, from src/claims/article.ts), the page renders the same result, and the claims report
 * lists the word chosen and the values read. The words themselves live by subject, one file each.
 */
import type { DerivedWord } from '../claims/named.ts';
import { CPU_COST_WORDS } from './cpu-cost-words.ts';
import { LOAD_WORDS } from './load-words.ts';
import { NETWORK_WORDS } from './network-words.ts';
import { REFERENCE_WORDS } from './reference-words.ts';
import { RETRY_STORM_WORDS } from './retry-storm-words.ts';
import { TLS_WORDS } from './tls-words.ts';

/** Every derived word by name: cases A–D, F, G, H and I. */
export const WORDS = {
  ...REFERENCE_WORDS,
  ...LOAD_WORDS,
  ...CPU_COST_WORDS,
  ...TLS_WORDS,
  ...NETWORK_WORDS,
  ...RETRY_STORM_WORDS,
} satisfies Record<string, DerivedWord>;
