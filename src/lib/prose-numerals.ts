/**
 * Finds numerals typed into an article's prose. A figure in the prose must come from data (a <Fig>,
 * <Ratio>, <Count> … component) unless it is one of a short list of exemptions: dates, section
 * numbers, and a few names that contain digits. Code (fenced blocks, inline code, JSX attributes and
 * expressions, link targets) is not prose and is skipped.
 */

/** A numeral found in prose. */
export interface TypedNumeral {
  /** 1-based line in the MDX file. */
  line: number;
  /** The numeral as written. */
  numeral: string;
  /** The prose around it, for the message. */
  context: string;
}

const MONTH = '(?:January|February|March|April|May|June|July|August|September|October|November|December)';

/**
 * The exemptions, each with why it is not a figure. Applied to prose after code and tags are removed.
 */
export const NUMERAL_EXEMPTIONS: readonly { pattern: RegExp; why: string }[] = [
  { pattern: /\b\d{4}-\d{2}(?:-\d{2})?\b/g, why: 'ISO date (citations, price read dates)' },
  { pattern: new RegExp(String.raw`\b(?:\d{1,2} )?${MONTH} \d{4}\b`, 'g'), why: 'calendar date of a cited source' },
  { pattern: /\b[Ss]ections? \d+(?:\s*(?:,|and|–|-)\s*\d+)*/g, why: 'section number' },
  { pattern: /\bp(?:50|95|99)\b/g, why: 'percentile name' },
  { pattern: /\b(?:S3|EC2)\b/g, why: 'AWS product name' },
  { pattern: /\bG[1-3]\b|\bTLS 1\.[23]\b|\b0-RTT\b|\bP-256\b|\bX25519(?:MLKEM768)?\b/g, why: "names with digits: case G's variants, TLS versions, curves, key-exchange groups" },
];

/** Blanks out a match but keeps its newlines, so line numbers stay right. */
const blank = (s: string) => s.replace(/[^\n]/g, ' ');

const TAG = /<\/?[A-Za-z][\w.]*(?:\s+[A-Za-z_:][\w:.-]*(?:=(?:"[^"]*"|'[^']*'|\{[^}]*\}))?)*\s*\/?>/g;

/** The prose of an MDX text: code, tags, expressions and link targets blanked out, line breaks kept. */
export function proseOf(mdx: string): string {
  return mdx
    .replace(/^---\n[\s\S]*?\n---\n/, blank)
    .replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, blank)
    .replace(/^(?:import|export)\s[^\n]*$/gm, blank)
    // Ordered-list markers are markdown syntax, not figures.
    .replace(/^(\s*)\d+[.)](?=\s)/gm, (m) => blank(m))
    .replace(/`[^`\n]*`/g, blank)
    .replace(TAG, blank)
    .replace(/\{[^{}]*\}/g, blank)
    .replace(/\]\([^)\s]*\)/g, (m) => `]${blank(m.slice(1))}`)
    .replace(/<https?:[^>\s]*>/g, blank);
}

/** Every numeral in the prose of `mdx` that is not exempt. */
export function findTypedNumerals(mdx: string): TypedNumeral[] {
  let prose = proseOf(mdx);
  for (const { pattern } of NUMERAL_EXEMPTIONS) prose = prose.replace(pattern, blank);
  const found: TypedNumeral[] = [];
  const lines = prose.split('\n');
  const original = mdx.split('\n');
  lines.forEach((text, i) => {
    for (const m of text.matchAll(/\d[\d,.]*/g)) {
      const from = Math.max(0, m.index - 40);
      found.push({ line: i + 1, numeral: m[0], context: (original[i] ?? '').slice(from, m.index + 40).trim() });
    }
  });
  return found;
}
