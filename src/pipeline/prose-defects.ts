/**
 * Small defects of a built page's prose that no figure check sees, each a class a reader found once:
 * - a sentence's full stop (or ? or !) with no space before the next sentence ("run).With");
 * - a section title pasted into a sentence as link text ("the measurable signals in Signals to
 *   extract, and false signals are better ones"): a link whose text is a heading's title must close
 *   its clause (be followed by punctuation or end its block);
 * - a section with nothing in it: a heading followed, before the next heading of its level or above,
 *   by no content at all once notes that only stand in for absent figures ([data-placeholder]) are set aside;
 * - text that runs together across an element boundary ("24 GB RAMCases F–I", "none.Cases"): two
 *   elements side by side in one block with no space between the last character of one and the first of
 *   the next. A stylesheet may set them apart on screen, but screen readers, reader mode, search and
 *   copy-paste read the glued text.
 * Code (pre, code), scripts and styles are not prose and are skipped.
 */
import { parse, type HTMLElement, type Node } from 'node-html-parser';

const PARSE_OPTIONS = { blockTextElements: { script: true, style: true } };
// Block elements: their text never runs on into the next block's.
const BLOCKS = new Set(['P', 'LI', 'DD', 'DT', 'TD', 'TH', 'CAPTION', 'FIGCAPTION', 'SUMMARY', 'H1', 'H2', 'H3', 'H4', 'BLOCKQUOTE', 'LEGEND', 'LABEL', 'OUTPUT', 'DIV', 'SECTION', 'ASIDE', 'NAV', 'HEADER', 'FOOTER', 'MAIN', 'ARTICLE', 'FIGURE', 'TABLE', 'TR', 'UL', 'OL', 'DL', 'FORM', 'FIELDSET', 'DETAILS']);
const SKIP = new Set(['PRE', 'CODE', 'SCRIPT', 'STYLE', 'TEMPLATE', 'SVG', 'CANVAS']);

/** Marks an element's edge in a block's text (a character no page holds), for runTogether. */
const EDGE = '\u0001';
// Elements whose edge is no break in the text: a footnote mark or an index sits against its word by design.
const NO_EDGE = new Set(['SUP', 'SUB', 'WBR']);

/**
 * Each block element's own text, inner blocks first, with EDGE at the edges of the inline elements in
 * it; code left out, inline code standing for one word ("x"), a line break as a space.
 */
function edgedBlocks(root: HTMLElement): string[] {
  const blocks: string[] = [];
  const walk = (node: Node, current: string[]): void => {
    if (node.nodeType === 3) {
      current.push(node.text);
      return;
    }
    if (node.nodeType !== 1) return;
    const el = node as HTMLElement;
    if (SKIP.has(el.tagName) && el.tagName !== 'CODE') return;
    if (BLOCKS.has(el.tagName) || el.tagName === 'BR') {
      const own: string[] = [];
      for (const kid of el.childNodes) walk(kid, own);
      blocks.push(own.join(''));
      // A block's own text stands apart from what surrounds it.
      current.push(' ');
      return;
    }
    const edge = NO_EDGE.has(el.tagName) ? '' : EDGE;
    current.push(edge);
    if (el.tagName === 'CODE') current.push('x');
    else for (const kid of el.childNodes) walk(kid, current);
    current.push(edge);
  };
  walk(root.querySelector('body') ?? root, []);
  return blocks;
}

/** The page's prose as blocks of text: each block element's own text, code left out, whitespace collapsed. */
export function proseBlocks(root: HTMLElement): string[] {
  return edgedBlocks(root)
    .map((text) => text.replaceAll(EDGE, '').replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/** A sentence's end with no space after it: "run).With", "done.The". */
const NO_SPACE_AFTER_STOP = /[a-z0-9)\]"”’%][.!?]["“‘(]?[A-Z][a-z]/;

/** Sentences that run on without a space after their full stop, each as "…context…". */
export function missingSpaceAfterStop(blocks: readonly string[]): string[] {
  const found: string[] = [];
  for (const text of blocks) {
    const re = new RegExp(NO_SPACE_AFTER_STOP.source, 'g');
    for (const m of text.matchAll(re)) {
      const before = text.slice(0, m.index + 1);
      // A file or host name ("results.json", "Node.js") is not a sentence end; they have no capital after the dot.
      if (/https?:\/\/\S*$/.test(before)) continue;
      found.push(`…${text.slice(Math.max(0, m.index - 40), m.index + 30)}…`);
    }
  }
  return found;
}

/**
 * A word, figure or sentence end on one side of an element edge, a word or figure on the other, and no
 * space between: "RAM|Cases", "none.|Cases", "12|345". Closing punctuation after an edge (",", ")", "×")
 * and an opening bracket before one are how inline elements sit in a sentence, and pass.
 */
const GLUED = new RegExp(`([\\p{L}\\p{N}.;:!?)\\]%])${EDGE}+([\\p{L}\\p{N}(\\[])`, 'gu');

/**
 * Places where the text of two elements in one block runs together, each as "…left|right…" with "|"
 * at the element edge. Blocks (paragraphs, cells, list items…) separate their text by layout, so only
 * edges inside a block count.
 */
export function runTogether(root: HTMLElement): string[] {
  const show = (text: string) => text.replaceAll(EDGE, '').replace(/\s+/g, ' ');
  return edgedBlocks(root).flatMap((text) =>
    [...text.matchAll(GLUED)].map((m) => {
      const at = m.index + m[1]!.length;
      return `…${show(text.slice(0, at)).slice(-40).trimStart()}|${show(text.slice(at)).slice(0, 40).trimEnd()}…`;
    }),
  );
}

/** The text of every heading (h1–h4) on the page, as a reader sees it. */
function headingTitles(root: HTMLElement): Set<string> {
  return new Set(root.querySelectorAll('h1, h2, h3, h4').map((h) => h.textContent.replace(/\s+/g, ' ').trim()).filter(Boolean));
}

/** The text right after `el` up to the end of its block ("" when the element ends its block). */
function textAfter(el: HTMLElement): string {
  let node: HTMLElement | null = el;
  let after = '';
  while (node && !BLOCKS.has(node.tagName)) {
    const parent = node.parentNode as HTMLElement | null;
    const siblings = parent?.childNodes ?? [];
    for (const sib of siblings.slice(siblings.indexOf(node) + 1)) {
      after += sib.nodeType === 1 && (sib as HTMLElement).tagName === 'CODE' ? 'x' : sib.text;
      if (after.trim().length > 0) return after;
    }
    node = parent;
  }
  return after;
}

/**
 * Links whose text is a section title (of this page or of `otherTitles`) and that run on into the
 * sentence instead of closing their clause. A title may end a sentence, stand before ":" ";" "," ")" or
 * end its block (a list item of links, say).
 */
export function pastedSectionTitles(root: HTMLElement, otherTitles: Iterable<string> = []): string[] {
  const titles = new Set([...headingTitles(root), ...otherTitles]);
  const found: string[] = [];
  for (const a of root.querySelectorAll('main a[href]')) {
    if (a.closest('nav') || a.closest('.heading')) continue;
    const text = a.textContent.replace(/\s+/g, ' ').trim();
    if (!titles.has(text)) continue;
    const after = textAfter(a).trimStart();
    if (after === '' || /^[.:;,)!?]/.test(after)) continue;
    found.push(`the section title "${text}" is pasted into a sentence: "…${text} ${after.slice(0, 30)}…". Fix: end the clause with it, or link a few words of the sentence instead`);
  }
  return found;
}

/** Headings whose section holds nothing: no element but [data-placeholder] notes before the next heading of the same level or above. */
export function emptySections(root: HTMLElement): string[] {
  const found: string[] = [];
  const article = root.querySelector('main') ?? root;
  const headings = article.querySelectorAll('h2, h3, h4');
  // Headings sit alone or inside the heading wrapper (<div class="heading">); the section is what follows that block.
  const blockOf = (h: HTMLElement) => (h.parentNode && (h.parentNode as HTMLElement).classList?.contains('heading') ? (h.parentNode as HTMLElement) : h);
  const level = (el: HTMLElement): number | undefined => {
    const h = /^H[1-6]$/.test(el.tagName) ? el : el.classList?.contains('heading') ? el.querySelector('h1, h2, h3, h4, h5, h6') : null;
    return h ? Number(h.tagName.slice(1)) : undefined;
  };
  for (const h of headings) {
    const own = Number(h.tagName.slice(1));
    let sib = blockOf(h).nextElementSibling;
    let content = false;
    while (sib) {
      const l = level(sib);
      if (l !== undefined) {
        // A subsection is content of this one; a heading of the same level or above ends it.
        if (l > own) content = true;
        break;
      }
      if (!sib.hasAttribute('data-placeholder') && (sib.textContent.trim() !== '' || sib.querySelector('img, canvas, table, svg'))) {
        content = true;
        break;
      }
      sib = sib.nextElementSibling;
    }
    if (!content) found.push(`the section "${h.textContent.trim()}" has nothing in it`);
  }
  return found;
}

/**
 * Every prose defect of one built page, each a message naming the defect and a fix.
 * @param otherTitles headings of the site's other pages (a link to another page's section counts too).
 */
export function proseDefects(html: string | HTMLElement, otherTitles: Iterable<string> = []): string[] {
  const root = parsed(html);
  return [
    ...missingSpaceAfterStop(proseBlocks(root)).map((c) => `a sentence runs on with no space after its full stop: ${c}`),
    ...pastedSectionTitles(root, otherTitles),
    ...emptySections(root),
    ...runTogether(root).map((c) => `text runs together across two elements, with no space at "|": ${c}. Fix: put a space (in Astro, {' '}) between the elements`),
  ];
}

/** The heading titles of a built page (for proseDefects' `otherTitles`). */
export function pageHeadingTitles(html: string | HTMLElement): string[] {
  return [...headingTitles(parsed(html))];
}

/** A page's HTML parsed as these checks read it, or the page already parsed so (blockTextElements script and style), which they do not change. */
function parsed(html: string | HTMLElement): HTMLElement {
  return typeof html === 'string' ? parse(html, PARSE_OPTIONS) : html;
}
