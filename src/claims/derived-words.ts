/**
 * The article's derived words, <Word name="chainVsHopSum" />: each names a function of the facts in
 * src/prose/words.ts that picks the word fitting the figures. The build evaluates every use once (so an
 * unknown name or fact fails it with the file:line), the page renders the same result, and the claims
 * report lists the word chosen and the values it read.
 */
import { WORDS } from '../prose/words.ts';
import { FactError, type Facts } from '../facts/facts.ts';
import { jsxElements, type MdxDocument } from './mdx-reader.ts';
import { recordingReader, type DerivedWord } from './named.ts';
import { formatValue } from './claims.ts';

/** The article's derived words by name (src/prose/words.ts). */
export const ARTICLE_WORDS: Readonly<Record<string, DerivedWord>> = WORDS;

/** One <Word> in a source file. */
export interface WordUse {
  /** The derived word's name; "" when the tag gives none (reported as an error). */
  name: string;
  file: string;
  /** 1-based line and column of the tag. */
  line: number;
  column: number;
}

/** A derived word evaluated on the facts. */
export interface WordResult {
  use: WordUse;
  /** The word chosen; undefined when it could not be evaluated. */
  word?: string;
  /** Each fact read and its value, in the order read. */
  values: Record<string, number>;
  /** Why it could not be evaluated (unknown name or fact). */
  error?: string;
}

/** Every <Word> of a parsed document, in source order. */
export function wordUsesOf(doc: MdxDocument): WordUse[] {
  return jsxElements(doc, ['Word']).map((el) => {
    const a = el.attributes.name;
    return { name: a?.kind === 'string' ? a.value : '', file: doc.file, line: el.start.line, column: el.start.column };
  });
}

/**
 * Evaluates each use on `facts`; never throws (errors become results with `error`).
 * @param words the words by name; the article's (src/prose/words.ts) unless given.
 */
export function evaluateWords(uses: readonly WordUse[], facts: Facts, words: Readonly<Record<string, DerivedWord>> = ARTICLE_WORDS): WordResult[] {
  return uses.map((use) => {
    const reader = recordingReader(facts);
    const fn = Object.hasOwn(words, use.name) ? words[use.name] : undefined;
    if (!fn) return { use, values: reader.values, error: `no derived word named "${use.name}" in src/prose/words.ts; write <Word name="…" /> with a name defined there` };
    try {
      return { use, word: fn(reader.read), values: reader.values };
    } catch (error) {
      if (error instanceof FactError || error instanceof RangeError) return { use, values: reader.values, error: error.message };
      throw error;
    }
  });
}

/** One block per use: the word chosen (or ✗ and the error), the name, the values read and the place. */
export function formatWordsList(results: readonly WordResult[]): string {
  const lines: string[] = [];
  for (const r of results) {
    lines.push(r.error ? `  ✗ <Word name="${r.use.name}" />` : `  = "${r.word}"`);
    lines.push(`      word:   ${r.use.name}`);
    const values = Object.entries(r.values).map(([k, v]) => `${k} = ${formatValue(v)}`);
    if (values.length > 0) lines.push(`      values: ${values.join(', ')}`);
    if (r.error) lines.push(`      error:  ${r.error}`);
    lines.push(`      at:     ${r.use.file}:${r.use.line}`);
  }
  return lines.join('\n');
}
