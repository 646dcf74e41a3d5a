/**
 * The site's pages: the main article and a deep-dive page for every other MDX file in content/. Each
 * page is built, listed in the sitemap, carries the same head tags (its own canonical URL and titles),
 * is one click from the article and links back to it, and passes the build's page checks. The build's
 * check of links between pages can fail (a dead link to another page's section is refused).
 * Pure unit tests of the page list and of the cross-page link check come first.
 */
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parse, type HTMLElement } from 'node-html-parser';
import { checkBuiltSite, findPageProblems } from '../../src/pipeline/check-html.ts';
import { articlePages, MAIN_ARTICLE_ID, pageSuites } from '../../src/site/article-pages.ts';
import { ARTICLE_PAGES, DEEP_DIVES } from '../support/article-pages.ts';
import { copySite, type SharedSite } from '../support/shared-site.ts';
import { fixturePage } from '../support/pages.ts';
import { tempDir } from '../support/site-build.ts';

describe('the page list', () => {
  test('the main article at the root, then each deep dive at NAME/, in name order', () => {
    assert.deepEqual(articlePages(['b.mdx', 'split-on-evidence.mdx', 'a.mdx']), [
      { id: MAIN_ARTICLE_ID, path: '', file: 'index.html' },
      { id: 'a', path: 'a/', file: 'a/index.html' },
      { id: 'b', path: 'b/', file: 'b/index.html' },
    ]);
    assert.throws(() => articlePages(['a.mdx']), /content\/split-on-evidence\.mdx is missing/);
  });
});

let site: SharedSite;
let work: string;
const pages = new Map<string, HTMLElement>();

before(async () => {
  site = await fixturePage();
  assert.equal(site.code, 0, site.stdout + site.stderr);
  work = tempDir('pages');
  for (const p of ARTICLE_PAGES) pages.set(p.id, parse(readFileSync(path.join(site.dir, p.file), 'utf8')));
});
after(() => rmSync(work, { recursive: true, force: true }));

/** The head of a page as a list of tag shapes: element, its name/property/rel, not its content. */
function headShape(root: HTMLElement): string[] {
  return root.querySelectorAll('head > *').map((el) => {
    const key = el.getAttribute('name') ?? el.getAttribute('property') ?? el.getAttribute('rel') ?? el.getAttribute('charset') ?? '';
    return `${el.tagName.toLowerCase()}:${key}${el.getAttribute('media') ? `:${el.getAttribute('media')}` : ''}`;
  }).filter((s) => !s.startsWith('link:stylesheet') && !s.startsWith('script:') && !s.startsWith('style:'));
}

describe('every article page', () => {
  test('has the same head tags as the article, with its own canonical URL, title and description', () => {
    const main = pages.get(MAIN_ARTICLE_ID)!;
    const shape = headShape(main);
    assert.ok(shape.length > 15, shape.join(', '));
    const canonicals = new Set<string>();
    for (const p of ARTICLE_PAGES) {
      const root = pages.get(p.id)!;
      assert.deepEqual(headShape(root), shape, p.file);
      const canonical = root.querySelector('link[rel="canonical"]')!.getAttribute('href')!;
      assert.ok(canonical.endsWith(`/${p.path}`), `${p.file}: canonical ${canonical}`);
      canonicals.add(canonical);
      const title = root.querySelector('title')!.textContent;
      assert.equal(root.querySelector('meta[property="og:title"]')!.getAttribute('content'), title);
      assert.equal(root.querySelector('meta[property="og:url"]')!.getAttribute('content'), canonical);
      assert.equal(root.querySelector('h1')!.textContent.trim(), title);
    }
    assert.equal(canonicals.size, ARTICLE_PAGES.length, 'each page its own canonical URL');
  });

  test("each page dates, and sets up, the run of every suite its figures come from, and only those", () => {
    const beyond = JSON.parse(readFileSync(path.join(site.dir, 'beyond-results.json'), 'utf8'));
    const results = JSON.parse(readFileSync(path.join(site.dir, 'results.json'), 'utf8'));
    for (const p of ARTICLE_PAGES) {
      const suites = pageSuites(p.id);
      const root = pages.get(p.id)!;
      const dates = root.querySelector('.dates:not(.back-link)')!;
      const beyondDate = dates.querySelector('[data-date="beyond-run"]')?.getAttribute('datetime');
      assert.equal(beyondDate, suites.includes('beyond') ? beyond.environment.startedAt.slice(0, 10) : undefined, p.file);
      assert.equal(Boolean(dates.querySelector('[data-date="run"]')), suites.includes('reference'), p.file);
      // Each suite's own machine and date, from its own file: never the other suite's.
      for (const [id, env] of [['reference', results.environment], ['beyond', beyond.environment]] as const) {
        const line = root.querySelector(`#about-figures [data-setup="${id}"]`);
        assert.equal(Boolean(line), suites.includes(id), `${p.file}: setup line of ${id}`);
        if (!line) continue;
        assert.equal(line.querySelector('time')!.getAttribute('datetime'), env.startedAt, p.file);
        assert.ok(line.textContent.includes(env.osRelease), `${p.file}: ${id}'s own kernel`);
      }
    }
  });

  test('is listed in the sitemap', () => {
    const urls = [...readFileSync(path.join(site.dir, 'sitemap-0.xml'), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    for (const p of ARTICLE_PAGES) assert.ok(urls.includes(`/${p.path}`), `${p.path} in ${urls.join(' ')}`);
  });

  test('passes the page checks (figures, empty cells, anchors, prose defects)', () => {
    for (const p of ARTICLE_PAGES) assert.deepEqual(findPageProblems(readFileSync(path.join(site.dir, p.file), 'utf8')), [], p.file);
  });

  test('under each title one plain line says where and when the figures were measured, and links to the collapsed details below the article', () => {
    const results = JSON.parse(readFileSync(path.join(site.dir, 'results.json'), 'utf8'));
    const beyond = JSON.parse(readFileSync(path.join(site.dir, 'beyond-results.json'), 'utf8'));
    for (const p of ARTICLE_PAGES) {
      const root = pages.get(p.id)!;
      const line = root.querySelector('header [data-measured-line]');
      assert.ok(line, `${p.file}: the measured line`);
      const text = line.textContent.replace(/\s+/g, ' ').trim();
      // The fixtures ran on one kind of machine: "AMD EPYC", 2 cores, Node v24.20.0 (tests/fixtures/README.md).
      assert.match(text, /^Measured on a 2-core AMD EPYC with Node v24\.20\.0, on .+\. Dates, machines and runs\.$/, p.file);
      for (const [id, env] of [['reference', results.environment], ['beyond', beyond.environment]] as const) {
        const day = new Date(env.startedAt).getUTCDate();
        if (pageSuites(p.id).includes(id)) assert.ok(text.includes(`${day} `), `${p.file}: ${id}'s day ${day}`);
      }
      assert.equal(line.querySelector('a')!.getAttribute('href'), '#about-figures');
      const details = root.querySelector('details#about-figures')!;
      assert.ok(details && !details.hasAttribute('open'), `${p.file}: the details are collapsed`);
      assert.ok(details.querySelector('.provenance, [data-setup]'), `${p.file}: the details hold the provenance`);
      // Nothing of the instrument before the article: no CPU model string, source hash or warning in the header.
      const header = root.querySelector('header.page-header')!.textContent;
      assert.ok(!header.includes(results.environment.osRelease) && !/[0-9a-f]{12}/.test(header), `${p.file}: header ${header}`);
    }
  });

  test('a deep dive is one click from the article, and links back to it', () => {
    const main = pages.get(MAIN_ARTICLE_ID)!;
    const hrefs = main.querySelectorAll('a[href]').map((a) => new URL(a.getAttribute('href')!, 'http://site.invalid/').pathname);
    for (const p of DEEP_DIVES) {
      assert.ok(hrefs.includes(`/${p.path}`), `the article links to ${p.path}`);
      const back = pages.get(p.id)!.querySelector('a[data-article-link]')!;
      assert.equal(new URL(back.getAttribute('href')!, `http://site.invalid/${p.path}`).pathname, '/', `${p.file} links back`);
    }
  });
});

describe('links between pages', () => {
  test('the build check refuses a link to a missing page or to a missing section of another page', () => {
    const copy = copySite(site, path.join(work, 'copy'));
    const resultsText = readFileSync(path.join(copy, 'results.json'), 'utf8');
    const beyondText = readFileSync(path.join(copy, 'beyond-results.json'), 'utf8');
    let claims = 0;
    let fragile = 0;
    for (const p of ARTICLE_PAGES) {
      claims += pages.get(p.id)!.querySelectorAll('[data-claim]').length;
      fragile += pages.get(p.id)!.querySelectorAll('[data-fragile-runs]').length;
    }
    checkBuiltSite(copy, resultsText, claims, fragile, beyondText, ARTICLE_PAGES);
    const index = path.join(copy, 'index.html');
    const html = readFileSync(index, 'utf8');
    writeFileSync(index, html.replace('</main>', '<p><a href="gone/">a page</a> and <a href="source/#src-nowhere">a file</a>.</p></main>'));
    assert.throws(() => checkBuiltSite(copy, resultsText, claims, fragile, beyondText, ARTICLE_PAGES), (error: Error) => {
      assert.match(error.message, /link to gone\/ has no target: the build produced no gone\/index\.html/);
      assert.match(error.message, /link to source\/#src-nowhere has no target on the source page/);
      return true;
    });
  });
});
