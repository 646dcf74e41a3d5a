/**
 * Table semantics for the article's markdown tables, which GFM writes without captions or row
 * headers. Given the inner HTML of a <table> (thead, tbody), returns it with:
 * - scope="col" on every header cell; an empty first header cell (the corner) becomes a <td>,
 *   since an empty <th> names nothing;
 * - the first cell of each body row as <th scope="row">;
 * - a <caption> when there is none: the column headers, "A vs B" (or `fallback` when the table has
 *   no column headers with text).
 * Pure string in, string out; used by TableScroll.astro at build time.
 */
import { parse, type HTMLElement } from 'node-html-parser';

/** The mended inner HTML and the caption text it carries. */
export interface MendedTable {
  html: string;
  caption: string;
}

const rename = (el: HTMLElement, tag: 'td' | 'th') => {
  el.tagName = tag.toUpperCase();
  (el as unknown as { rawTagName: string }).rawTagName = tag;
};

/** Mends a markdown table's inner HTML (see the module comment). */
export function mendTableHtml(inner: string, fallback = 'Table'): MendedTable {
  const root = parse(inner);
  const headers: string[] = [];
  for (const row of root.querySelectorAll('thead tr')) {
    row.querySelectorAll('th, td').forEach((cell, i) => {
      const text = cell.textContent.trim();
      if (i === 0 && text === '') {
        rename(cell, 'td');
        cell.removeAttribute('scope');
        return;
      }
      rename(cell, 'th');
      cell.setAttribute('scope', 'col');
      if (i > 0 || text !== '') headers.push(text);
    });
  }
  for (const row of root.querySelectorAll('tbody tr')) {
    const first = row.querySelector('td, th');
    if (!first) continue;
    rename(first, 'th');
    first.setAttribute('scope', 'row');
  }
  const existing = root.querySelector('caption');
  if (existing) return { html: root.toString(), caption: existing.textContent.trim() };
  const named = headers.filter(Boolean);
  const caption = named.length > 0 ? named.join(' vs ') : fallback;
  const escaped = caption.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return { html: `<caption>${escaped}</caption>${root.toString()}`, caption };
}
