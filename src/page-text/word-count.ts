/**
 * Words of an article page's text, as a reader counts its length: the prose of `main article`, not
 * counting tables (with the notes in their box), figures (charts and their data tables), code (listings
 * and inline code), forms (the calculator) or hidden elements. A word is a run of letters or digits,
 * with inner apostrophes, hyphens and separators ("don't", "per-call", "1,000", "99.9" are one word each).
 */
import { parse, type HTMLElement } from 'node-html-parser';

/** What is not text: tables, figures, code, forms, scripts and anything hidden. */
const NOT_TEXT = 'table, .table-scroll, .data-table, figure, pre, code, form, script, style, template, [hidden], [aria-hidden="true"]';

const WORD = /[\p{L}\p{N}]+(?:['’\-.,\u00a0\u202f][\p{L}\p{N}]+)*/gu;

/** The words of a text. */
export function wordsOf(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** The text of the page's article (`main article`, or `main`), tables, figures and code left out. */
export function articleText(html: string): string {
  const root = parse(html, { blockTextElements: { script: true, style: true } });
  const article: HTMLElement | null = root.querySelector('main article') ?? root.querySelector('main');
  if (!article) throw new Error('the page has no <main>: nothing to count');
  article.querySelectorAll(NOT_TEXT).forEach((el) => el.remove());
  // Block ends are word breaks even where the HTML has no space between them.
  return article.innerHTML.replace(/<\/(p|li|h[1-6]|dd|dt|div|section|blockquote|summary)>/g, ' ').replace(/<[^>]+>/g, '').replace(/&[a-z#0-9]+;/gi, ' ');
}

/** How many words of text the article page has (see above). */
export function articleWordCount(html: string): number {
  return wordsOf(articleText(html)).length;
}
