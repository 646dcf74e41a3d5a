/**
 * Finds numerals typed into an article's prose. A figure in the prose must come from data (a <Fig>,
 * <Ratio>, <Count> … component) unless it is one of a short list of exemptions: dates, section
 * numbers, and a few names that contain digits. Prose is the text nodes of the MDX syntax tree
 * (src/claims/mdx-reader.ts): code, inline code, JSX attributes and expressions, ESM, link targets and
 * list markers are other nodes and never scanned.
 */
import { placeAt, proseTexts, readMdx, type MdxDocument } from './mdx-reader.ts';

/** A numeral found in prose. */
export interface TypedNumeral {
  /** 1-based line in the MDX file. */
  line: number;
  /** 1-based column in the MDX file. */
  column: number;
  /** The numeral as written. */
  numeral: string;
  /** The prose around it, for the message. */
  context: string;
}

const MONTH = '(?:January|February|March|April|May|June|July|August|September|October|November|December)';

/**
 * The exemptions, each with why it is not a figure. Applied to each text node of the prose.
 */
export const NUMERAL_EXEMPTIONS: readonly { pattern: RegExp; why: string }[] = [
  { pattern: /\b\d{4}-\d{2}(?:-\d{2})?\b/g, why: 'ISO date (citations, price read dates)' },
  { pattern: new RegExp(String.raw`\b(?:\d{1,2} )?${MONTH} \d{4}\b`, 'g'), why: 'calendar date of a cited source' },
  { pattern: /\b[Ss]ections? \d+(?:\s*(?:,|and|–|-)\s*\d+)*/g, why: 'section number' },
  { pattern: /\bp(?:50|95|99)\b/g, why: 'percentile name' },
  { pattern: /\b(?:S3|EC2)\b/g, why: 'AWS product name' },
  { pattern: /\bG[1-3]\b|\bTLS 1\.[23]\b|\b0-RTT\b|\bP-256\b|\bX25519(?:MLKEM768)?\b/g, why: "names with digits: case G's variants, TLS versions, curves, key-exchange groups" },
];

/** Blanks out a match but keeps its length, so positions within the text stay right. */
const blank = (s: string) => s.replace(/[^\n]/g, ' ');

/** Every numeral in the prose of a parsed document that is not exempt, with its line and column. */
export function typedNumeralsOf(doc: MdxDocument): TypedNumeral[] {
  const found: TypedNumeral[] = [];
  const lines = doc.source.split('\n');
  for (const text of proseTexts(doc)) {
    let prose = text.value;
    for (const { pattern } of NUMERAL_EXEMPTIONS) prose = prose.replace(pattern, blank);
    let searchFrom = 0;
    for (const m of prose.matchAll(/\d[\d,.]*/g)) {
      // Place the numeral in the source (escapes or a list's indentation can make the two differ).
      const inSource = text.source.indexOf(m[0], searchFrom);
      const offset = text.offset + (inSource >= 0 ? inSource : 0);
      if (inSource >= 0) searchFrom = inSource + m[0].length;
      const { line, column } = placeAt(doc.source, offset);
      const lineText = lines[line - 1] ?? '';
      const from = Math.max(0, column - 1 - 40);
      found.push({ line, column, numeral: m[0], context: lineText.slice(from, column - 1 + 40).trim() });
    }
  }
  return found;
}

/**
 * Every numeral in the prose of `mdx` that is not exempt.
 * @throws MdxSyntaxError when the text is not valid MDX.
 */
export function findTypedNumerals(mdx: string, file = 'article.mdx'): TypedNumeral[] {
  return typedNumeralsOf(readMdx(mdx, file));
}
