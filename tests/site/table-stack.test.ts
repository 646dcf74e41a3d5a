/**
 * Stacked tables (src/tables/table-stack.ts): every data cell is labelled with its column's header,
 * through rowspans, colspans and headers of several rows, so a phone can show each row as a block of
 * labelled figures; a non-figure cell in a table of figures heads its row; the rest of the page is
 * left byte for byte as it was.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parse } from 'node-html-parser';
import { stackTablesInHtml } from '../../src/tables/table-stack.ts';

const labels = (html: string) => parse(stackTablesInHtml(html)).querySelectorAll('tbody td').map((td) => td.getAttribute('data-label') ?? `[${td.classList.contains('stack-head') ? 'head' : ''}]`);

test('a rowspanned row header and a run column: each figure gets its column, the run cell heads its row', () => {
  const html = `<table class="figures"><thead><tr><th>Case</th><th>Run</th><th class="num">p50</th><th class="num">p99</th></tr></thead>
    <tbody><tr><th scope="row" rowspan="2">A</th><td>median</td><td class="num">1</td><td class="num">2</td></tr>
    <tr><td>run 1</td><td class="num">3</td><td class="num">4</td></tr></tbody>
    <tbody><tr><th scope="row" rowspan="2">B</th><td>median</td><td class="num">5</td><td class="num">6</td></tr>
    <tr><td>run 1</td><td class="num">7</td><td class="num">8</td></tr></tbody></table>`;
  assert.deepEqual(labels(html), ['[head]', 'p50', 'p99', '[head]', 'p50', 'p99', '[head]', 'p50', 'p99', '[head]', 'p50', 'p99']);
  assert.ok(parse(stackTablesInHtml(html)).querySelector('table')!.classList.contains('stack'));
});

test('a header of two rows with a colspan joins its levels; an empty corner gives no label', () => {
  const html = `<table><thead><tr><td></td><th colspan="2">loopback</th><th colspan="2">veth</th></tr>
    <tr><td></td><th>p50</th><th>p99</th><th>p50</th><th>p99</th></tr></thead>
    <tbody><tr><th scope="row">B</th><td>1</td><td>2</td><td>3</td><td>4</td></tr></tbody></table>`;
  assert.deepEqual(labels(html), ['loopback · p50', 'loopback · p99', 'veth · p50', 'veth · p99']);
});

test('outside its tables the page is untouched; a table without a header row, or marked no-stack, too', () => {
  const rest = '<p>Before <code>&lt;table&gt;</code></p><script type="application/json">{"a":"<b>"}</script>';
  const plain = '<table><tr><td>1</td></tr></table>';
  const opted = '<table class="no-stack"><thead><tr><th>x</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>';
  assert.equal(stackTablesInHtml(rest + plain + opted + rest), rest + plain + opted + rest);
});
