/**
 * The one MDX reader (src/claims/mdx-reader.ts): claims, fact references and prose numerals come from
 * the syntax tree, so what is code, an attribute or an expression in MDX is never read as prose or
 * as a claim, and every error names file:line:column. Expected places are counted by hand.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { checkArticle } from '../../src/pipeline/check-article.ts';
import { extractClaims } from '../../src/claims/claims.ts';
import { extractFactReferences } from '../../src/claims/fact-refs.ts';
import { jsxElements, MdxSyntaxError, readMdx } from '../../src/claims/mdx-reader.ts';
import { findTypedNumerals } from '../../src/claims/prose-numerals.ts';

describe('the reader', () => {
  test('an invalid MDX file is an error with file:line:column', () => {
    assert.throws(
      () => readMdx('---\ntitle: x\n---\n\nfine\n\nA <Fig name="B.p50Us" broken\n', 'a.mdx'),
      (e: Error) => e instanceof MdxSyntaxError && /^a\.mdx:7:\d+: not valid MDX/.test(e.message) && e.place.line === 7,
    );
  });

  test('front matter is not prose, and places after it are those of the file', () => {
    const doc = readMdx('---\ntitle: "Run 42"\nupdated: 2026-11-30\n---\n\n<Fig name="B.p50Us" />\n', 'a.mdx');
    const [fig] = jsxElements(doc, ['Fig']);
    assert.deepEqual(fig!.start, { line: 6, column: 1 });
    assert.deepEqual(findTypedNumerals('---\ntitle: "Run 42"\n---\n\nText.\n'), []);
  });
});

describe('claims from the tree', () => {
  test('a <Claim> quoted in a code block is code, not a claim', () => {
    const mdx = ['```mdx', '<Claim name="x">quoted</Claim>', '```', '', 'And `<Claim name="y">inline</Claim>` too.', '', '<Claim name="z">real</Claim>'].join('\n');
    assert.deepEqual(extractClaims(mdx, 'x.mdx').map((c) => [c.text, c.line, c.column]), [['real', 7, 1]]);
  });

  test('a name in single quotes, and text with braces and quotes inside', () => {
    const [claim] = extractClaims(`<Claim name='aAndB'>t {"x"}</Claim>`, 'x.mdx');
    assert.equal(claim!.name, 'aAndB');
    assert.equal(claim!.text, 't {"x"}');
  });
});

describe('fact references from the tree', () => {
  test('names with their line and column; nested in a claim, a list or a table', () => {
    const mdx = [
      '- one <Fig name="A.p50Us" />',
      '',
      '| case | p50 |',
      '| --- | --- |',
      '| B | <Fig name="B.p50Us" digits={0} /> |',
      '',
      '<Claim name="d">three <Relation name="ratio.DoverB.p50" to="D.hops" /></Claim>',
    ].join('\n');
    assert.deepEqual(
      extractFactReferences(mdx).map((r) => [r.component, r.name, r.line, r.column]),
      [
        ['Fig', 'A.p50Us', 1, 7],
        ['Fig', 'B.p50Us', 5, 7],
        ['Relation', 'ratio.DoverB.p50', 7, 23],
        ['Relation', 'D.hops', 7, 23],
      ],
    );
  });

  test('a name given as an expression is reported, not silently skipped', () => {
    const [ref] = extractFactReferences('<Fig name={"B." + "p50Us"} />');
    assert.equal(ref!.expression, '"B." + "p50Us"');
  });
});

describe('prose numerals from the tree', () => {
  test('text in lists, tables, emphasis and link text is prose; attributes, expressions and URLs are not', () => {
    const mdx = [
      '1. First step took 12 ms.',
      '   Then **7** more.',
      '',
      '| a | b |',
      '| --- | --- |',
      '| 57 | x |',
      '',
      'See [post 3](https://example.com/2018/07/post-1), {40 + 2} and <Fig name="x" digits={3} />.',
      '',
      '{/* a note about 99 */}',
    ].join('\n');
    assert.deepEqual(
      findTypedNumerals(mdx).map((n) => [n.line, n.column, n.numeral]),
      [
        [1, 20, '12'],
        [2, 11, '7'],
        [6, 3, '57'],
        [8, 11, '3'],
      ],
    );
  });
});

describe('the build stage', () => {
  test('an MDX syntax error fails with file:line:column; an expression fact name is refused', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'soe-mdx-'));
    try {
      mkdirSync(path.join(root, 'content'));
      writeFileSync(path.join(root, 'content', 'a.mdx'), '---\ntitle: x\n---\n\nText\n\n<Claim when="a > 1">never closed\n');
      assert.throws(() => checkArticle(root, {}, () => {}), /the article cannot be read: content\/a\.mdx:7:1: not valid MDX/);
      writeFileSync(path.join(root, 'content', 'a.mdx'), 'Took <Fig name={name} />.\n');
      assert.throws(() => checkArticle(root, {}, () => {}), /content\/a\.mdx:1:6: <Fig> names its fact with an expression \{name\}/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
