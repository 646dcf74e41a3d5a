/**
 * The quotations the article may use, word for word, from content/quotations.md (kept verbatim as the
 * team's brief gives them): each source's heading names author, title, site and date, and each bullet
 * holds one quotation in double quotes, possibly wrapped over several lines. The section "Not found in
 * a primary source" lists what must not be quoted; it yields nothing.
 *
 * On the page a quotation is “<span class="quote" data-cite="URL">…</span>” (the MDX's <Quote cite>,
 * src/components/mdx/Quote.astro): its marks are text, so they survive where no stylesheet applies.
 * quotationProblems() checks every quotation of a built page against the file: the same words in the
 * same order (letter case, spacing, straight or curly apostrophes and the closing full stop aside). A
 * quotation that is shortened, widened or reworded fails, and so does a <q> (its marks vanish in copied
 * text, reader views and feed readers).
 */
import { parse, type HTMLElement } from 'node-html-parser';
import { wordsOf } from './word-count.ts';

/** The file, relative to the project root. */
export const QUOTATIONS_FILE = 'content/quotations.md';

/** One quotation and its source. */
export interface Quotation {
  /** The source's heading, e.g. 'Martin Fowler, "Monolith First", martinfowler.com, June 2015'. */
  source: string;
  /** The quoted words exactly as the file has them, without the enclosing double quotes. */
  text: string;
}

/**
 * Every quotation of the file's text.
 * @throws Error naming the line when a bullet has no double-quoted text.
 */
export function parseQuotations(markdown: string): Quotation[] {
  const quotations: Quotation[] = [];
  let source: string | undefined;
  let bullet: string | undefined;
  let bulletLine = 0;
  const flush = () => {
    if (bullet === undefined || source === undefined) return;
    const m = /^"([\s\S]*)"\s*$/.exec(bullet.trim());
    if (!m) throw new Error(`${QUOTATIONS_FILE}:${bulletLine}: a quotation must be one double-quoted text. Fix: "…" on the bullet.`);
    quotations.push({ source, text: m[1]!.replace(/\s+/g, ' ') });
    bullet = undefined;
  };
  markdown.split('\n').forEach((line, i) => {
    if (line.startsWith('## ')) {
      flush();
      const heading = line.slice(3).trim();
      source = /^Not found/i.test(heading) ? undefined : heading;
    } else if (line.startsWith('- ')) {
      flush();
      bullet = line.slice(2);
      bulletLine = i + 1;
    } else if (bullet !== undefined && /^\s+\S/.test(line)) {
      bullet += ` ${line.trim()}`;
    } else {
      flush();
    }
  });
  flush();
  return quotations;
}

/** A text's words for comparison: case, apostrophe shape and punctuation aside. */
const comparable = (text: string) => wordsOf(text.replace(/[’‘]/g, "'")).map((w) => w.toLowerCase()).join(' ');

/** The quotation of `quotations` whose words are exactly `text`'s, if any. */
export function matchQuotation(text: string, quotations: readonly Quotation[]): Quotation | undefined {
  const words = comparable(text);
  return quotations.find((q) => comparable(q.text) === words);
}

/**
 * Problems with the quotations of one built page (its HTML, or its parsed tree): every quotation must be
 * one of the file, word for word, with its source's URL, and marked by text (no <q>).
 */
export function quotationProblems(html: string | HTMLElement, quotations: readonly Quotation[]): string[] {
  const problems: string[] = [];
  const main = (typeof html === 'string' ? parse(html) : html).querySelector('main');
  if (!main) return problems;
  for (const q of main.querySelectorAll('q')) {
    problems.push(`the quotation "${q.textContent.replace(/\s+/g, ' ').trim().slice(0, 40)}…" is a <q>, whose marks vanish where no stylesheet draws them (copied text, reader views, feeds). Fix: write <Quote cite="URL">…</Quote>`);
  }
  for (const q of main.querySelectorAll('.quote')) {
    const text = q.textContent.replace(/\s+/g, ' ').trim();
    if (!matchQuotation(text, quotations)) problems.push(`the quotation "${text.slice(0, 80)}" is not word for word any quotation of ${QUOTATIONS_FILE}. Fix: quote the source's own words exactly, or paraphrase without quotation marks`);
    if (!/^https?:\/\//.test(q.getAttribute('data-cite') ?? '')) problems.push(`the quotation "${text.slice(0, 40)}…" has no data-cite="URL" of its source. Fix: <Quote cite="URL">`);
  }
  return problems;
}
