/** dist/feed.xml: the Atom feed, one entry per published update of the article (content/updates.json). */
import type { APIRoute } from 'astro';
import { getEntry } from 'astro:content';
import { pageData } from '../inputs/page-data.ts';
import { atomFeed, FEED_PATH, readUpdates } from '../feed/updates.ts';

export const GET: APIRoute = async ({ site }) => {
  const entry = await getEntry('article', 'split-on-evidence');
  if (!entry) throw new Error('content/split-on-evidence.mdx is missing from the "article" collection');
  if (!site) throw new Error('astro.config.mjs has no `site`: the feed needs absolute URLs (set HOP_SITE_URL).');
  const { title, description, published, updated } = entry.data;
  const updates = readUpdates(pageData().rootDir, published, updated);
  const body = atomFeed({ title, description, url: site.href }, updates, new URL(FEED_PATH, site).href);
  return new Response(body, { headers: { 'content-type': 'application/atom+xml; charset=utf-8' } });
};
