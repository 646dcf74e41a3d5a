/**
 * Head and sharing: the table semantics helper, the updates file and Atom feed, the social card and
 * the site URL as pure functions; then the shared variant page, built with HOP_SITE_URL set: the canonical URL,
 * Open Graph and Twitter tags, theme-color, the social PNG, sitemap.xml and the feed in dist/.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parse, type HTMLElement } from 'node-html-parser';
import { parseResultsText } from '@split-on-evidence/hop-bench/schema';
import { checkBuiltSite } from '../../src/pipeline/check-html.ts';
import { resultFacts } from '../../src/facts/facts.ts';
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import { SOCIAL_IMAGE, socialPng, socialSvg } from '../../src/social/social-image.ts';
import { CHAIN_OVER_HOP, headlineCard } from '../../src/facts/headline.ts';
import { chainFacts } from '../../src/facts/chain-facts.ts';
import { measuredLine } from '../../src/prose/measured-line.ts';
import { DEFAULT_SITE_URL, siteUrl } from '../../src/site/site-url.ts';
import { mendTableHtml } from '../../src/tables/table-semantics.ts';
import { THEME_COLORS } from '../../src/site/theme-colors.ts';
import { atomFeed, readUpdates, UPDATES_FILE } from '../../src/feed/updates.ts';
import { bySize, group } from '../support/expected-text.ts';
import { FIXTURE, ROOT, tempDir } from '../support/site-build.ts';
import { VARIANT_SITE_URL, variantPage } from '../support/pages.ts';
import { ARTICLE_PAGES } from '../support/article-pages.ts';

const pngSize = (png: Uint8Array) => {
  const b = Buffer.from(png);
  assert.equal(b.subarray(1, 4).toString('latin1'), 'PNG', 'a PNG file');
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
};

describe('markdown table semantics', () => {
  test('corner becomes a td, headers get scopes, first body cells become row headers, a caption is added', () => {
    const { html, caption } = mendTableHtml('<thead><tr><th></th><th>Mono</th><th>Micro</th></tr></thead><tbody><tr><td>Deploy</td><td>one</td><td>three</td></tr></tbody>');
    assert.equal(caption, 'Mono vs Micro');
    assert.equal(
      html,
      '<caption>Mono vs Micro</caption><thead><tr><td></td><th scope="col">Mono</th><th scope="col">Micro</th></tr></thead><tbody><tr><th scope="row">Deploy</th><td>one</td><td>three</td></tr></tbody>',
    );
  });

  test('a labelled corner stays a header; an existing caption is kept', () => {
    const { html, caption } = mendTableHtml('<caption>Given</caption><thead><tr><th>Aspect</th><th>A</th></tr></thead><tbody><tr><td>x</td><td>1</td></tr></tbody>');
    assert.equal(caption, 'Given');
    assert.match(html, /<th scope="col">Aspect<\/th>/);
    assert.equal((html.match(/<caption>/g) ?? []).length, 1);
  });
});

describe('site URL', () => {
  test('defaults to a reserved example domain, normalises a trailing slash, rejects non-URLs', () => {
    assert.equal(siteUrl({}), DEFAULT_SITE_URL);
    assert.equal(siteUrl({ HOP_SITE_URL: ' https://example.org/docs ' }), 'https://example.org/docs/');
    assert.throws(() => siteUrl({ HOP_SITE_URL: 'not a url' }), /HOP_SITE_URL="not a url" is not a URL\. Fix:/);
    assert.throws(() => siteUrl({ HOP_SITE_URL: 'ftp://example.org/' }), /must be an http\(s\) address/);
  });
});

describe('updates and the Atom feed', () => {
  let dir: string;
  before(() => {
    dir = tempDir('updates');
    mkdirSync(path.join(dir, 'content'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));
  const write = (value: unknown) => writeFileSync(path.join(dir, UPDATES_FILE), JSON.stringify(value));
  const d = (s: string) => new Date(`${s}T00:00:00Z`);

  test('one entry per update, newest first, with the dates as given', () => {
    write([{ date: '2026-11-30', summary: 'First.' }, { date: '2026-12-14', summary: 'Prices <re-read> & Node 24.21.' }]);
    const updates = readUpdates(dir, d('2026-11-30'), d('2026-12-14'));
    const xml = atomFeed({ title: 'T & co', description: 'D', url: 'https://example.org/' }, updates, 'https://example.org/feed.xml');
    const entries = [...xml.matchAll(/<entry>[\s\S]*?<\/entry>/g)].map((m) => m[0]);
    assert.equal(entries.length, 2);
    assert.match(entries[0]!, /<id>https:\/\/example\.org\/#update-2026-12-14<\/id>/);
    assert.match(entries[0]!, /<summary>Prices &lt;re-read&gt; &amp; Node 24\.21\.<\/summary>/);
    assert.match(entries[1]!, /<published>2026-11-30T00:00:00Z<\/published>/);
    assert.match(xml, /<feed xmlns="http:\/\/www\.w3\.org\/2005\/Atom">/);
    assert.match(xml, /<title>T &amp; co<\/title>/);
    assert.match(xml, /^ {2}<updated>2026-12-14T00:00:00Z<\/updated>$/m);
  });

  test('the file must agree with the frontmatter dates and be in order', () => {
    write([{ date: '2026-11-30', summary: 'First.' }]);
    assert.throws(() => readUpdates(dir, d('2026-11-30'), d('2026-12-01')), /content\/updates\.json: the last entry is 2026-11-30 but the article's "updated" is 2026-12-01\. Fix: add an entry for 2026-12-01/);
    assert.throws(() => readUpdates(dir, d('2026-11-29'), d('2026-11-30')), /\[0\]\.date is 2026-11-30 but the article was published 2026-11-29/);
    write([{ date: '2026-12-01', summary: 'b' }, { date: '2026-11-30', summary: 'a' }]);
    assert.throws(() => readUpdates(dir, d('2026-12-01'), d('2026-11-30')), /\[1\]\.date 2026-11-30 is not after 2026-12-01/);
    write([{ date: '30 Nov', summary: 'a' }]);
    assert.throws(() => readUpdates(dir, d('2026-11-30'), d('2026-11-30')), /content\/updates\.json: 0\.date: a date as YYYY-MM-DD/);
  });
});

/** An SVG drawn to raw RGBA pixels with the card's fonts (DejaVu Sans from the dejavu-fonts-ttf package). */
function rendered(svg: string): { pixels: Buffer; width: number; height: number } {
  const dir = path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  const image = new Resvg(svg, { font: { loadSystemFonts: false, fontFiles: [path.join(dir, 'DejaVuSans.ttf'), path.join(dir, 'DejaVuSans-Bold.ttf')], defaultFontFamily: 'DejaVu Sans' } }).render();
  return { pixels: image.pixels, width: image.width, height: image.height };
}

describe('social card', () => {
  const results = parseResultsText(readFileSync(FIXTURE, 'utf8'), FIXTURE);
  const facts = { ...resultFacts(results), ...chainFacts(results) };
  const card = headlineCard(facts, 'A title', 'Measured on a machine, on a date.');

  test('shows this build\'s headline figures, formatted as the page formats them', () => {
    const b = results.cases.find((c) => c.kind === 'latency' && c.id === 'B')!;
    assert.ok(b.kind === 'latency');
    assert.equal(card.figures[0]![1], `${bySize(b.median.p50Us)}\u202fµs`);
    assert.equal(card.figures[2]![1], group(facts['E.retry.duplicates.total']!.toFixed(0)));
    // The chain's multiple is the prose's: each run's mean D call over its mean B call, averaged, to two decimals.
    const mean = (id: string, run: number) => (results.cases.find((c) => c.id === id) as { runs: { run: number; meanUs: number }[] }).runs.find((r) => r.run === run)!.meanUs;
    const perRun = Array.from({ length: results.config.runs }, (_, run) => mean('D', run) / mean('B', run));
    assert.equal(card.figures[1]![1], `${(perRun.reduce((a, b) => a + b, 0) / perRun.length).toFixed(2)}× one hop`);
    const svg = socialSvg(card);
    for (const [label, figure] of card.figures) {
      assert.ok(svg.includes(label) && svg.includes(figure), `${label}: ${figure}`);
    }
  });

  test('the prose writes the chain\'s multiple with the card\'s one rounding', () => {
    const tags = [...readFileSync(path.join(ROOT, 'content', 'split-on-evidence.mdx'), 'utf8').matchAll(/<Ratio name="ratio\.DoverB\.mean"([^>]*)\/>/g)];
    assert.ok(tags.length > 0);
    for (const [, attrs] of tags) assert.match(attrs!, new RegExp(`digits=\\{${CHAIN_OVER_HOP.digits}\\}`));
  });

  test('renders to a 1200 × 630 PNG', () => {
    assert.deepEqual(pngSize(socialPng(socialSvg(card))), { width: SOCIAL_IMAGE.widthPx, height: SOCIAL_IMAGE.heightPx });
  });

  test('clips nothing: with the longest title and footer it accepts, the right margin of the rendered PNG stays empty', () => {
    // A real Intel model string, through the measured line, is the long footer that once clipped ("UT…").
    const footer = measuredLine([{ cases: 'Cases A–E', cpuModel: 'Intel(R) Xeon(R) Platinum 8272CL CPU @ 2.60GHz', cores: 2, nodeVersion: 'v24.20.0', startedAt: '2026-12-04T06:10:00.000Z' }], true);
    const long = headlineCard(facts, 'Split on evidence: what one service boundary costs a startup', `${footer} ${'Wide words, MMMM WWWW, '.repeat(2)}end.`);
    const { pixels, width, height } = rendered(socialSvg(long));
    // The card's background, #fdfdfb; the blue bar spans the top 12 rows.
    for (let y = 12; y < height; y++) {
      for (let x = width - 64; x < width; x++) {
        const i = (y * width + x) * 4;
        assert.deepEqual([pixels[i], pixels[i + 1], pixels[i + 2]], [0xfd, 0xfd, 0xfb], `ink in the right margin at (${x}, ${y})`);
      }
    }
    // The check can fail: the same footer drawn on one line, as the card drew it before, runs into the margin.
    const oneLine = socialSvg(long).replace(/<text x="72" y="\d+" font-size="24"[^>]*>[^<]*<\/text>/g, '') .replace('</svg>', `<text x="72" y="590" font-size="24" fill="#3a3f45">${long.footer}</text></svg>`);
    const inked = rendered(oneLine);
    let ink = false;
    for (let y = 565; y < 600 && !ink; y++) for (let x = width - 64; x < width; x++) if (inked.pixels[(y * width + x) * 4] !== 0xfd) ink = true;
    assert.ok(ink, 'a one-line footer reaches the margin');
    assert.throws(() => socialSvg({ ...long, footer: `${long.footer} ${long.footer} ${long.footer}` }), /needs \d lines and the card has room for 2\. Fix: shorten the measured line/);
  });
});

describe('the built head, sitemap and feed', () => {
  // The shared variant page is built with HOP_SITE_URL set to this (tests/support/pages.ts).
  const SITE = VARIANT_SITE_URL;
  let work: string;
  /** The built site (shared: read only). */
  let site: string;
  let page: HTMLElement;
  let sourcePage: HTMLElement;
  const meta = (root: HTMLElement, key: string) => root.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content');

  before(async () => {
    work = tempDir('head');
    const run = await variantPage();
    assert.equal(run.code, 0, run.stdout + run.stderr);
    site = run.dir;
    page = parse(readFileSync(path.join(site, 'index.html'), 'utf8'));
    sourcePage = parse(readFileSync(path.join(site, 'source', 'index.html'), 'utf8'));
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  test('canonical URLs come from HOP_SITE_URL', () => {
    assert.equal(page.querySelector('link[rel="canonical"]')?.getAttribute('href'), SITE);
    assert.equal(sourcePage.querySelector('link[rel="canonical"]')?.getAttribute('href'), `${SITE}source/`);
  });

  test('Open Graph and Twitter card tags point at the built social image', () => {
    const title = page.querySelector('title')!.textContent;
    assert.equal(meta(page, 'og:title'), title);
    assert.equal(meta(page, 'og:url'), SITE);
    assert.equal(meta(page, 'og:type'), 'article');
    assert.equal(meta(page, 'og:image'), `${SITE}social.png`);
    assert.equal(meta(page, 'twitter:card'), 'summary_large_image');
    assert.equal(meta(page, 'twitter:image'), `${SITE}social.png`);
    assert.equal(meta(page, 'og:description'), meta(page, 'description'));
    assert.ok(meta(page, 'og:image:alt'));
    assert.deepEqual(pngSize(readFileSync(path.join(site, 'social.png'))), { width: 1200, height: 630 });
  });

  test('theme-color for both schemes', () => {
    const colours = page.querySelectorAll('meta[name="theme-color"]').map((m) => [m.getAttribute('media'), m.getAttribute('content')]);
    assert.deepEqual(colours, [
      ['(prefers-color-scheme: light)', THEME_COLORS.light],
      ['(prefers-color-scheme: dark)', THEME_COLORS.dark],
    ]);
  });

  test('sitemap.xml lists every page (the article, each deep dive, the source); the feed has one entry per update', () => {
    const index = readFileSync(path.join(site, 'sitemap-index.xml'), 'utf8');
    assert.match(index, new RegExp(`<loc>${SITE}sitemap-0\\.xml</loc>`));
    const urls = [...readFileSync(path.join(site, 'sitemap-0.xml'), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    assert.deepEqual([...urls].sort(), [...ARTICLE_PAGES.map((p) => `${SITE}${p.path}`), `${SITE}source/`].sort());
    const feed = readFileSync(path.join(site, 'feed.xml'), 'utf8');
    const updates = JSON.parse(readFileSync(path.join(ROOT, UPDATES_FILE), 'utf8')) as unknown[];
    assert.equal((feed.match(/<entry>/g) ?? []).length, updates.length);
    assert.match(feed, new RegExp(`<link rel="self" type="application/atom\\+xml" href="${SITE}feed\\.xml"/>`));
    assert.equal(page.querySelector('link[rel="alternate"][type="application/atom+xml"]')?.getAttribute('href'), `${SITE}feed.xml`);
  });

  test('the build check refuses a site without its feed or with a dead link to the source page', () => {
    const copy = path.join(work, 'copy');
    cpSync(site, copy, { recursive: true });
    const resultsText = readFileSync(path.join(copy, 'results.json'), 'utf8');
    const built = parse(readFileSync(path.join(copy, 'index.html'), 'utf8'));
    const claims = built.querySelectorAll('[data-claim]').length;
    const fragile = built.querySelectorAll('[data-fragile-runs]').length;
    checkBuiltSite(copy, resultsText, claims, fragile);
    rmSync(path.join(copy, 'feed.xml'));
    const index = path.join(copy, 'index.html');
    writeFileSync(index, readFileSync(index, 'utf8').replace('source/#src-src-cli-ts"', 'source/#src-gone"'));
    assert.throws(() => checkBuiltSite(copy, resultsText, claims, fragile), (error: Error) => {
      assert.match(error.message, /the build produced no feed\.xml/);
      assert.match(error.message, /link to source\/#src-gone has no target on the source page/);
      return true;
    });
  });
});
