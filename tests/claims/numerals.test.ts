/**
 * No numeral is typed into the article's prose: every figure comes from data through a component,
 * except the explicit exemptions (dates, section numbers, percentile names, two product names).
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { articleFiles } from '../../src/claims/article.ts';
import { checkArticle } from '../../src/pipeline/check-article.ts';
import { findTypedNumerals, NUMERAL_EXEMPTIONS } from '../../src/claims/prose-numerals.ts';
import { ROOT } from '../support/site-build.ts';

describe('the scanner', () => {
  test('finds numerals typed into prose, with their line and column', () => {
    const found = findTypedNumerals('---\ntitle: x\n---\n\nA hop took 230 µs.\n\n- about 2.2× slower\n| 57 | duplicates |');
    assert.deepEqual(found.map((f) => [f.line, f.column, f.numeral]), [[5, 12, '230'], [7, 9, '2.2'], [8, 3, '57']]);
    assert.equal(found[0]!.context, 'A hop took 230 µs.');
  });

  test('skips code, tags, attributes, expressions and link targets', () => {
    const mdx = [
      '```ts',
      'const timeoutMs = 500;',
      '```',
      'Use `npm run bench -- --runs 3` here.',
      'It took <Fig name="B.p50Us" digits={0} /> and <Claim name="more">more</Claim>.',
      'See [the post](https://example.com/2018/07/post-1) and {2 + 2}.',
      '',
      "import X from './x-2.astro';",
    ].join('\n');
    assert.deepEqual(findTypedNumerals(mdx), []);
  });

  test('exempts dates, section numbers, list markers, percentile and product names only', () => {
    const mdx = [
      'Fowler, June 2015; read 2026-10-19; run on 19 October 2026.',
      'See section 9 and sections 3 and 4.',
      '1. first',
      '2. second',
      'The p50, p95 and p99; S3 and EC2.',
      'G1, G2 and G3 over TLS 1.3 with P-256 and X25519MLKEM768, without 0-RTT.',
    ].join('\n');
    assert.deepEqual(findTypedNumerals(mdx), []);
    assert.deepEqual(findTypedNumerals('In 2015 he wrote it.').map((f) => f.numeral), ['2015'], 'a bare year is not exempt');
    assert.deepEqual(findTypedNumerals('The p90 is new.').map((f) => f.numeral), ['90']);
    assert.deepEqual(findTypedNumerals('G4 and TLS 1.4').map((f) => f.numeral), ['4', '1.4'], 'only the names that exist');
    assert.ok(NUMERAL_EXEMPTIONS.length <= 6, 'the exemption list stays short');
  });
});

test('the article has no numerals in its prose that are not bound to data or exempt', () => {
  const files = articleFiles(ROOT);
  assert.ok(files.length >= 1);
  const found = files.flatMap((file) =>
    findTypedNumerals(readFileSync(file, 'utf8')).map((f) => `${path.relative(ROOT, file)}:${f.line}: "${f.numeral}" in "${f.context}"`),
  );
  assert.deepEqual(found, [], `typed numerals; bind them to a fact (<Fig>, <Count>, <Ratio>) or reword:\n${found.join('\n')}`);
});

describe('the build stage', () => {
  const rootWith = (mdx: string) => {
    const root = mkdtempSync(path.join(tmpdir(), 'soe-article-'));
    mkdirSync(path.join(root, 'content'));
    writeFileSync(path.join(root, 'content', 'a.mdx'), mdx);
    return root;
  };

  test('fails on a number typed into the prose, naming the file, line and number', () => {
    const root = rootWith('---\ntitle: x\n---\n\nA hop took 42 µs.\n');
    try {
      assert.throws(() => checkArticle(root, { 'B.p50Us': 230 }, () => {}), /numbers typed into its prose:\n {2}content\/a\.mdx:5:12: "42" in "A hop took 42 µs\."/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  test('a claim naming no predicate is reported as not evaluable, not as a false claim', () => {
    const root = rootWith('---\ntitle: x\n---\n\n<Claim name="noSuchPredicate">slow</Claim>\n');
    try {
      assert.throws(() => checkArticle(root, { 'B.p50Us': 230 }, () => {}), (error: Error) => {
        assert.match(error.message, /cannot be evaluated/);
        assert.doesNotMatch(error.message, /is false for these results/);
        return true;
      });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
