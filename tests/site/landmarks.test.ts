/**
 * Landmarks the build checks on every page (src/pipeline/check-html.ts nestedAsides): an <aside> must
 * be a top-level landmark. The page's collapsed "Dates, machines and runs" is one <aside>; the provenance
 * panel inside it was a second, nested one. Shown failing on that shape and passing on the fixed one.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parse } from 'node-html-parser';
import { nestedAsides } from '../../src/pipeline/check-html.ts';

const tree = (body: string) => parse(`<html><body>${body}</body></html>`);

test('an <aside> inside an <aside>, a <main> or a <nav> is found, named by its label or class; side by side they are not', () => {
  const nested = nestedAsides(tree('<main>text</main><aside aria-label="Dates, machines and runs"><details><aside class="provenance-panel">rows</aside></details></aside>'));
  assert.deepEqual(nested, ['an <aside "provenance-panel"> is inside a <aside>: a complementary landmark must be top-level. Fix: make the inner one a <section> or <div>, or move it out']);
  assert.equal(nestedAsides(tree('<main><p>x</p><aside aria-label="note">y</aside></main>')).length, 1);
  assert.equal(nestedAsides(tree('<nav><aside>z</aside></nav>')).length, 1);
  assert.deepEqual(nestedAsides(tree('<main>text</main><aside aria-label="Dates, machines and runs"><section class="provenance-panel">rows</section></aside>')), []);
  assert.deepEqual(nestedAsides(tree('<aside>one</aside><div><aside>two</aside></div>')), []);
});
