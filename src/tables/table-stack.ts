/**
 * Tables readable on a phone: every data cell gets its column's header as `data-label`, and the table
 * the class "stack", so that on a narrow screen (src/styles/article.css, "Stacked tables") each row is
 * laid out as a block of labelled figures instead of a wide row that scrolls sideways. Row headers
 * (th scope="row", rowspans included) head their block, and so does a data cell that is not a figure in a
 * table of figures (a "run 1" beside cells marked "num"). Column labels follow rowspan and colspan;
 * a header of several rows joins its levels ("veth · p50").
 *
 * Applied to the built HTML (stackTablesIntegration, astro.config.mjs), so every table of every page
 * gets it, whichever component wrote it. Wide screens see the tables unchanged.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, type HTMLElement } from 'node-html-parser';

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();
const span = (el: HTMLElement, name: 'rowspan' | 'colspan') => Math.max(1, Number(el.getAttribute(name) ?? '1') || 1);

/** The cells of `rows` laid out on a grid: for each row, each cell with the column it starts in. */
function grid(rows: HTMLElement[]): { cell: HTMLElement; column: number; columns: number }[][] {
  const taken: boolean[][] = rows.map(() => []);
  return rows.map((tr, r) => {
    let column = 0;
    return tr.childNodes
      .filter((n): n is HTMLElement => n.nodeType === 1 && ['TD', 'TH'].includes((n as HTMLElement).tagName))
      .map((cell) => {
        while (taken[r]![column]) column++;
        const columns = span(cell, 'colspan');
        for (let dr = 0; dr < span(cell, 'rowspan') && r + dr < rows.length; dr++) {
          for (let dc = 0; dc < columns; dc++) taken[r + dr]![column + dc] = true;
        }
        const placed = { cell, column, columns };
        column += columns;
        return placed;
      });
  });
}

/** Labels each data cell of one <table> element by its column header; returns whether it did. */
export function stackTable(table: HTMLElement): boolean {
  const headRows = table.querySelectorAll('thead tr');
  if (headRows.length === 0) return false;
  const labels: string[][] = [];
  for (const row of grid(headRows)) {
    for (const { cell, column, columns } of row) {
      for (let c = column; c < column + columns; c++) (labels[c] ??= []).push(clean(cell.textContent));
    }
  }
  const label = (c: number) => [...new Set((labels[c] ?? []).filter(Boolean))].join(' · ');
  // Body rows: rowspans only reach within their own tbody.
  const bodies = table.querySelectorAll('tbody');
  const groups = bodies.length > 0 ? bodies.map((b) => b.querySelectorAll(':scope > tr')) : [table.querySelectorAll('tr').filter((tr) => !tr.closest('thead'))];
  // In a table of figures (cells marked "num"), a data cell that is not a figure ("run 1", "median") names its row.
  const hasNum = table.querySelector('td.num') !== null;
  for (const rows of groups) {
    for (const row of grid(rows)) {
      for (const { cell, column } of row) {
        if (cell.tagName !== 'TD' || cell.hasAttribute('data-label')) continue;
        if (hasNum && !cell.classList.contains('num')) {
          cell.classList.add('stack-head');
          continue;
        }
        const text = label(column);
        if (text) cell.setAttribute('data-label', text);
      }
    }
  }
  table.classList.add('stack');
  return true;
}

const TABLE = /<table\b[\s\S]*?<\/table>/g;

/** The page's HTML with every table stacked (tables are found one by one; the rest is untouched). */
export function stackTablesInHtml(html: string): string {
  return html.replace(TABLE, (source) => {
    const fragment = parse(source, { blockTextElements: { script: true, style: true } });
    const table = fragment.querySelector('table');
    if (!table || table.classList.contains('no-stack') || !stackTable(table)) return source;
    return fragment.toString();
  });
}

/** Every .html file under `dir`, stacked in place. Returns how many files changed. */
export function stackTablesInDir(dir: string): number {
  let changed = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const before = readFileSync(file, 'utf8');
    const after = stackTablesInHtml(before);
    if (after !== before) {
      writeFileSync(file, after);
      changed++;
    }
  }
  return changed;
}

/** The Astro integration that stacks the tables of every built page (astro.config.mjs). */
export function stackTablesIntegration() {
  return {
    name: 'split-on-evidence:stack-tables',
    hooks: {
      'astro:build:done': ({ dir }: { dir: URL }) => {
        stackTablesInDir(fileURLToPath(dir));
      },
    },
  };
}
