/**
 * Quotations: content/quotations.md holds the sources' exact words; every quotation on every built page
 * must be one of them word for word, with the source's URL in data-cite, and its quotation marks must be
 * text (“…”), not a <q> whose marks a stylesheet draws, so they survive in copied text and feed readers. The page's quotations are compared
 * here with the file's text by a rule of this test's own (only spacing, curly apostrophes and a final
 * full stop may differ), and the build's check is shown refusing a widened paraphrase in quotation marks.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { parse } from 'node-html-parser';
import { parseQuotations, quotationProblems, QUOTATIONS_FILE } from '../../src/page-text/quotations.ts';
import { ARTICLE_PAGES } from '../support/article-pages.ts';
import { fixturePage } from '../support/pages.ts';
import { ROOT } from '../support/site-build.ts';

const fileText = readFileSync(path.join(ROOT, QUOTATIONS_FILE), 'utf8');
/** The file's quotations read by this test: every double-quoted text on a bullet (and its wrapped lines) before the "Not found" section. */
const expected = fileText
  .split(/^## Not found/m)[0]!
  .split(/^- /m)
  .slice(1)
  .map((b) => /"([\s\S]*)"/.exec(b.split(/\n\s*\n|\n#/)[0]!)?.[1]?.replace(/\s+/g, ' '))
  .filter((q): q is string => q !== undefined);
const plain = (s: string) => s.replace(/\s+/g, ' ').replace(/’/g, "'").trim().replace(/\.$/, '');

describe('the quotations file', () => {
  test('every quotation of each source is read, and nothing of the section that must not be quoted', () => {
    const read = parseQuotations(fileText);
    assert.deepEqual(read.map((q) => q.text), expected);
    assert.equal(read.filter((q) => q.source.startsWith('Martin Fowler')).length, 3);
    assert.equal(read.filter((q) => q.source.startsWith('Alexandra Noonan')).length, 6);
    assert.equal(read.filter((q) => q.source.startsWith('Kirsten Westeinde')).length, 2);
    assert.ok(!read.some((q) => /team of 60|whole suite of problems/.test(q.text)));
  });
});

describe('quotations on the built pages', () => {
  const found: { page: string; text: string; cite: string; before: string; after: string }[] = [];
  const qElements: string[] = [];
  before(async () => {
    const site = await fixturePage();
    assert.equal(site.code, 0, site.stdout + site.stderr);
    for (const p of ARTICLE_PAGES) {
      const main = parse(readFileSync(path.join(site.dir, p.file), 'utf8')).querySelector('main')!;
      qElements.push(...main.querySelectorAll('q').map((q) => `${p.file}: ${q.textContent}`));
      for (const q of main.querySelectorAll('.quote')) {
        // The characters the page's text has around the quoted words, as a feed reader or a copy would see them.
        const siblings = q.parentNode.childNodes;
        const k = siblings.indexOf(q);
        found.push({ page: p.file, text: q.textContent, cite: q.getAttribute('data-cite') ?? '', before: siblings[k - 1]?.textContent.slice(-1) ?? '', after: siblings[k + 1]?.textContent.slice(0, 1) ?? '' });
      }
    }
  });

  test('the quotation marks are text around the quoted words, and no <q> relies on a stylesheet for them', () => {
    assert.deepEqual(qElements, []);
    for (const q of found) assert.deepEqual([q.before, q.after], ['“', '”'], `${q.page}: "${q.text.slice(0, 40)}…"`);
  });

  test('each is word for word a quotation of the file, with its source in cite', () => {
    assert.ok(found.length >= 5, `${found.length} quotations`);
    for (const q of found) {
      assert.ok(expected.map(plain).includes(plain(q.text)), `${q.page}: "${q.text}" is not in ${QUOTATIONS_FILE}`);
      assert.match(q.cite, /^https:\/\/(martinfowler\.com|segment\.com|shopify\.engineering)\//, q.text);
    }
  });

  test('Fowler ("Monolith First", "Microservice Premium"), Noonan (Segment) and Westeinde (Shopify) are quoted where the article rests on them', () => {
    const cites = new Set(found.map((q) => q.cite));
    for (const url of ['https://martinfowler.com/bliki/MonolithFirst.html', 'https://martinfowler.com/bliki/MicroservicePremium.html', 'https://segment.com/blog/goodbye-microservices/', 'https://shopify.engineering/deconstructing-monolith-designing-software-maximizes-developer-productivity']) {
      assert.ok(cites.has(url), url);
    }
    assert.equal(found.filter((q) => q.cite.endsWith('MonolithFirst.html')).length, 2, 'both of Monolith First');
  });
});

describe('the build check', () => {
  const quotations = parseQuotations(fileText);
  const page = (q: string) => `<html><body><main><p>Fowler wrote ${q}.</p></main></body></html>`;
  const quote = (cite: string, text: string) => `“<span class="quote"${cite ? ` data-cite="${cite}"` : ''}>${text}</span>”`;
  test('refuses a widened paraphrase in quotation marks, a shortened quotation and a quotation without its source', () => {
    const widened = quotationProblems(page(quote('https://martinfowler.com/bliki/MonolithFirst.html', 'most systems built as microservices from scratch ran into serious trouble')), quotations);
    assert.match(widened.join('\n'), /"most systems built as microservices from scratch ran into serious trouble" is not word for word any quotation/);
    const shortened = quotationProblems(page(quote('https://martinfowler.com/bliki/MonolithFirst.html', 'Almost all the successful microservice stories have started with a monolith')), quotations);
    assert.equal(shortened.length, 1);
    assert.match(quotationProblems(page(quote('', 'our operational overhead increased linearly with each added destination')), quotations).join('\n'), /has no data-cite="URL"/);
  });

  test('refuses a <q>, even of exact words: its marks vanish without the stylesheet', () => {
    const q = page('<q cite="https://segment.com/blog/goodbye-microservices/">our operational overhead increased linearly with each added destination</q>');
    assert.match(quotationProblems(q, quotations).join('\n'), /is a <q>, whose marks vanish where no stylesheet draws them .*Fix: write <Quote cite="URL">/);
  });

  test('accepts the exact words, whatever the apostrophes and spacing', () => {
    const exact = page(quote('https://martinfowler.com/bliki/MicroservicePremium.html', 'don’t even consider microservices unless you have a system that’s too\n complex to manage as a monolith.'));
    assert.deepEqual(quotationProblems(exact, quotations), []);
  });
});
