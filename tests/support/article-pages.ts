/**
 * The site's article pages as this checkout's content/ defines them (src/site/article-pages.ts):
 * the main article first, then every deep dive. Page tests loop over these.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { articlePages, MAIN_ARTICLE_ID, type ArticlePage } from '../../src/site/article-pages.ts';
import { ROOT } from './site-build.ts';

/** Every article page, main first. */
export const ARTICLE_PAGES: readonly ArticlePage[] = articlePages(readdirSync(path.join(ROOT, 'content')).filter((f) => f.endsWith('.mdx')));

/** The deep-dive pages alone. */
export const DEEP_DIVES: readonly ArticlePage[] = ARTICLE_PAGES.filter((p) => p.id !== MAIN_ARTICLE_ID);

/** A page's URL path from the site root, with a leading slash ("/", "/under-load/"). */
export const urlPath = (page: ArticlePage) => `/${page.path}`;
