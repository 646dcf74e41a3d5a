/**
 * PAGE_SUITES (src/site/article-pages.ts) against the MDX: every page has an entry; a page with a
 * <BeyondCase> block draws on the beyond suite; a page that names a fact of the reference suite (any fact
 * outside cases F–I, the cited sources and the model) or a component that reads its results draws on the
 * reference suite; and a page listed for a suite uses it.
 */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { extractFactReferences } from '../../src/claims/fact-refs.ts';
import { articlePages, pageSuites } from '../../src/site/article-pages.ts';
import { ROOT } from '../support/site-build.ts';

/** Components that show the reference suite's figures (through the page's views of its results). */
const READS_REFERENCE = ['TlsChart', 'NetworkModelTable', 'RunHistory', 'HistoryLead', 'LatencyTable', 'SetupLine', 'ReferenceComparison'];
const NOT_REFERENCE = /^([FGHI]\.|source\.|model\.|words\.|beyond\.)/;

test('each page lists exactly the suites its MDX draws on', () => {
  const dir = path.join(ROOT, 'content');
  for (const page of articlePages(readdirSync(dir).filter((f) => f.endsWith('.mdx')))) {
    const mdx = readFileSync(path.join(dir, `${page.id}.mdx`), 'utf8');
    const beyond = mdx.includes('<BeyondCase');
    const reference = extractFactReferences(mdx).some((r) => r.name !== '' && !NOT_REFERENCE.test(r.name)) || READS_REFERENCE.some((c) => mdx.includes(`<${c}`));
    const expected = [...(reference ? ['reference'] : []), ...(beyond ? ['beyond'] : [])];
    assert.deepEqual([...pageSuites(page.id)], expected, `${page.id}.mdx`);
  }
});

test('a page without an entry is refused, naming the file to change', () => {
  assert.throws(() => pageSuites('new-page'), /content\/new-page\.mdx has no entry in PAGE_SUITES \(src\/site\/article-pages\.ts\)/);
});
