/**
 * Plain sentences on the main article (issue 29), read from the built fixture page: at most 3
 * sentences over 40 words (quotations aside), at most 3 sentences that use a measurement-methods term,
 * and no bench warning (those stay on their case's page, src/components/mdx/BeyondCase.astro). Each
 * deep dive is held to the same limit on long sentences (issue 29: "on any page"); its bench warnings
 * and methods terms belong there. The sentence splitter is this test's own, shown on a small page
 * counted by hand.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parse } from 'node-html-parser';
import { ARTICLE_PAGES, DEEP_DIVES } from '../support/article-pages.ts';
import { fixturePage } from '../support/pages.ts';
import { BEYOND_FIXTURE } from '../support/site-build.ts';

/** At most this many sentences over LONG_WORDS words, and at most this many using a methods term. */
const MAX_SENTENCES = 3;
const LONG_WORDS = 40;
/** The measurement-methods terms issue 29 names. */
const JARGON = /scheduler[- ]lag|stall probe|z-score|overlap rule|coordinated omission|wake-up floor|generator-limited|steal time/i;
/** What is not prose: tables, figures, code, forms, hidden text. */
const NOT_PROSE = 'table, .table-scroll, figure, pre, code, form, script, style, [hidden], [aria-hidden="true"]';

/** The sentences of a page's `main article`, quotations replaced by one word, each with its word count. */
export function sentencesOf(html: string): { text: string; words: number }[] {
  const article = parse(html).querySelector('main article') ?? parse(html).querySelector('main');
  if (!article) throw new Error('the page has no <main>');
  article.querySelectorAll(NOT_PROSE).forEach((el) => el.remove());
  article.querySelectorAll('.quote').forEach((el) => el.set_content('quotation'));
  const blocks = article.querySelectorAll('p, li, h1, h2, h3, h4, dt, dd, summary').filter((b) => !b.querySelector('p, li'));
  return blocks.flatMap((b) =>
    b.textContent
      .replace(/\s+/g, ' ')
      .trim()
      // A sentence ends at . ! ? : or ; before a capital, a quotation mark or a parenthesis.
      .split(/(?<=[.!?:;])\s+(?=[A-Z“"(])/)
      .filter((s) => s.trim() !== '')
      .map((text) => ({ text, words: text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length })),
  );
}

test('sentencesOf: splits at sentence ends, counts words, leaves out tables, code and quoted words', () => {
  const html = `<html><body><main><article><p>One two three. Four five: Six “<span class="quote">a b c d e</span>” seven.</p>
    <ul><li>Eight <code>x y</code> nine</li></ul><table><tr><td>Not counted. At all.</td></tr></table></article></main></body></html>`;
  assert.deepEqual(sentencesOf(html), [
    { text: 'One two three.', words: 3 },
    { text: 'Four five:', words: 2 },
    { text: 'Six “quotation” seven.', words: 3 },
    { text: 'Eight nine', words: 2 },
  ]);
});

/**
 * What is not plain on an article page (empty when nothing): more than MAX_SENTENCES sentences over
 * LONG_WORDS words, more than MAX_SENTENCES with a methods term, a bench warning element in `main`, or
 * the text of one of `warnings` (the bench's own words) in the article.
 */
export function plainProblems(html: string, warnings: readonly string[]): string[] {
  const problems = longSentenceProblems(html);
  const sentences = sentencesOf(html);
  const jargon = sentences.filter((s) => JARGON.test(s.text));
  if (jargon.length > MAX_SENTENCES) problems.push(`${jargon.length} sentences with methods jargon:\n${jargon.map((s) => `  ${s.text}`).join('\n')}`);
  const root = parse(html);
  const shown = root.querySelectorAll('main [data-bench-warning]').length;
  if (shown > 0) problems.push(`${shown} bench warning elements`);
  const text = (root.querySelector('main article') ?? root.querySelector('main'))!.textContent.replace(/\s+/g, ' ');
  for (const w of warnings) if (text.includes(w.replace(/\s+/g, ' ').slice(0, 60))) problems.push(`the bench warning "${w.slice(0, 60)}…"`);
  return problems;
}

/** More than MAX_SENTENCES sentences over LONG_WORDS words on a page, listed (empty when not): the rule for every page. */
export function longSentenceProblems(html: string): string[] {
  const long = sentencesOf(html).filter((s) => s.words > LONG_WORDS);
  return long.length > MAX_SENTENCES ? [`${long.length} sentences over ${LONG_WORDS} words:\n${long.map((s) => `  (${s.words}) ${s.text}`).join('\n')}`] : [];
}

test('plainProblems: passes plain text, and fails on long sentences, jargon and a bench warning', () => {
  const page = (body: string) => `<html><body><main><article>${body}</article></main></body></html>`;
  const long = `<p>${'word '.repeat(40)}and one more.</p>`;
  const jargon = '<p>The scheduler lag was low.</p>';
  assert.deepEqual(plainProblems(page(long.repeat(3) + jargon.repeat(3)), ['a warning the bench wrote']), []);
  assert.match(plainProblems(page(long.repeat(4)), []).join('\n'), /^4 sentences over 40 words/);
  assert.match(plainProblems(page(jargon.repeat(4)), []).join('\n'), /^4 sentences with methods jargon/);
  assert.deepEqual(plainProblems(page('<ul><li data-bench-warning="F"><samp>hop: it woke late</samp></li></ul>'), ['hop: it woke late']), ['1 bench warning elements', 'the bench warning "hop: it woke late…"']);
});

test(`the article: at most ${MAX_SENTENCES} sentences over ${LONG_WORDS} words, at most ${MAX_SENTENCES} with methods jargon, and no bench warning`, async () => {
  const site = await fixturePage();
  assert.equal(site.code, 0, site.stdout + site.stderr);
  for (const p of ARTICLE_PAGES) {
    const sentences = sentencesOf(readFileSync(path.join(site.dir, p.file), 'utf8'));
    console.log(`${p.file}: ${sentences.filter((s) => s.words > LONG_WORDS).length} sentences over ${LONG_WORDS} words, ${sentences.filter((s) => JARGON.test(s.text)).length} with methods jargon`);
  }
  const html = readFileSync(path.join(site.dir, ARTICLE_PAGES[0]!.file), 'utf8');
  assert.ok(sentencesOf(html).length > 100, 'the splitter sees the article');
  // The fixture's warnings, which the page must not show (it has some to show).
  const warnings = (JSON.parse(readFileSync(BEYOND_FIXTURE, 'utf8')).cases as { warnings?: string[] }[]).flatMap((c) => c.warnings ?? []);
  assert.ok(warnings.length > 0, 'the fixture has bench warnings');
  assert.deepEqual(plainProblems(html, warnings), []);
});

test(`every deep dive: at most ${MAX_SENTENCES} sentences over ${LONG_WORDS} words`, async () => {
  const site = await fixturePage();
  assert.equal(site.code, 0, site.stdout + site.stderr);
  assert.ok(DEEP_DIVES.length >= 4, 'the deep dives are found');
  const problems = DEEP_DIVES.flatMap((p) => {
    const html = readFileSync(path.join(site.dir, p.file), 'utf8');
    assert.ok(sentencesOf(html).length > 10, `the splitter sees ${p.file}`);
    return longSentenceProblems(html).map((problem) => `${p.file}: ${problem}`);
  });
  assert.deepEqual(problems, []);
});
