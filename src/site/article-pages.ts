/**
 * The site's article pages: the main article (content/split-on-evidence.mdx, at the site's root) and a
 * deep-dive page for every other MDX file in content/ (content/NAME.mdx at NAME/). The route, the
 * table of contents, the build's HTML checks and the page tests all take the list from here.
 */

/** The main article's id in the "article" collection (its file name without .mdx). */
export const MAIN_ARTICLE_ID = 'split-on-evidence';

/** One article page. */
export interface ArticlePage {
  /** Collection id, the MDX file's name without .mdx (e.g. "under-load"). */
  id: string;
  /** Path of the page relative to the site root, "" for the main article, else "ID/". */
  path: string;
  /** The built file relative to the output folder ("index.html", "ID/index.html"). */
  file: string;
}

/** The page of collection id `id`. */
export function articlePage(id: string): ArticlePage {
  const path = id === MAIN_ARTICLE_ID ? '' : `${id}/`;
  return { id, path, file: `${path}index.html` };
}

/**
 * The pages of these MDX file names (e.g. ["split-on-evidence.mdx", "under-load.mdx"]), the main
 * article first, then the deep dives in name order.
 * @throws Error when the main article is not among them.
 */
export function articlePages(mdxFileNames: readonly string[]): ArticlePage[] {
  const ids = mdxFileNames.map((f) => f.replace(/\.mdx$/, ''));
  if (!ids.includes(MAIN_ARTICLE_ID)) throw new Error(`content/${MAIN_ARTICLE_ID}.mdx is missing: the site's main article is that file.`);
  return [articlePage(MAIN_ARTICLE_ID), ...ids.filter((id) => id !== MAIN_ARTICLE_ID).sort().map(articlePage)];
}

/**
 * Which suites' runs each page's figures come from, by page id: the page's header gives each of these
 * runs its own machine, date, runs and mode (ArticlePage). The reference suite (cases A–E) feeds the
 * main article, the TLS page's plain-HTTP rows and ratios, and the run history; the beyond suite (cases
 * F–I) every <BeyondCase> block. tests/site/page-suites.test.ts checks each page's MDX against it.
 */
export const PAGE_SUITES: Readonly<Record<string, readonly ('reference' | 'beyond')[]>> = {
  [MAIN_ARTICLE_ID]: ['reference', 'beyond'],
  'tls-and-the-network': ['reference', 'beyond'],
  'under-load': ['beyond'],
  'retry-storms': ['beyond'],
  'node-versions-and-run-history': ['reference'],
};

/**
 * The suites page `id` draws its figures from (PAGE_SUITES).
 * @throws Error naming the page and this file when it has no entry (a new page must say where its figures come from).
 */
export function pageSuites(id: string): readonly ('reference' | 'beyond')[] {
  const suites = PAGE_SUITES[id];
  if (!suites) throw new Error(`content/${id}.mdx has no entry in PAGE_SUITES (src/site/article-pages.ts): add the suites its figures come from.`);
  return suites;
}
