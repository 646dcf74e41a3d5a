/**
 * The main article's length (issue 29): at most 4,000 words of text, counting neither tables, figures nor code
 * (src/page-text/word-count.ts), on the built fixture page; the count is printed. The counter is shown
 * leaving out each kind of non-text on a small page whose words are counted by hand.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { articleWordCount, wordsOf } from '../../src/page-text/word-count.ts';
import { ARTICLE_PAGES } from '../support/article-pages.ts';
import { fixturePage } from '../support/pages.ts';

const MAX_ARTICLE_WORDS = 4000;

test('words: numbers, contractions and hyphenated words are one word each', () => {
  assert.deepEqual(wordsOf("Don't split: 1,000 tenants, 99.9% each, per-call cost."), ["Don't", 'split', '1,000', 'tenants', '99.9', 'each', 'per-call', 'cost']);
});

test('tables, figures, code, forms and hidden text are not counted; the header and contents are not the article', () => {
  const html = `<html><body><header><h1>Title words here</h1></header><nav>Contents list</nav><main><article>
    <h2>One two</h2><p>Three four <code>not counted</code> five.</p>
    <div class="table-scroll"><table><caption>No</caption><tr><td>1</td></tr></table><p class="table-note">a note</p></div>
    <figure><figcaption>no words</figcaption><details><summary>table</summary></details></figure>
    <pre>const x = 1;</pre><form hidden>Chain</form><p hidden>gone</p><ul><li>six</li><li>seven</li></ul>
  </article></main></body></html>`;
  assert.equal(articleWordCount(html), 7);
});

test(`the main article has at most ${MAX_ARTICLE_WORDS.toLocaleString('en-US')} words of text`, async () => {
  const site = await fixturePage();
  assert.equal(site.code, 0, site.stdout + site.stderr);
  const counts = ARTICLE_PAGES.map((p) => [p.file, articleWordCount(readFileSync(path.join(site.dir, p.file), 'utf8'))] as const);
  console.log(`words of text per page: ${counts.map(([f, n]) => `${f} ${n}`).join(', ')}`);
  const [, main] = counts[0]!;
  assert.ok(main <= MAX_ARTICLE_WORDS, `the article has ${main} words of text`);
  assert.ok(main > 1000, 'the count sees the article');
});
