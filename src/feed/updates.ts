/**
 * The article's published updates (content/updates.json), one entry per update, oldest first: the
 * Atom feed (dist/feed.xml) has one entry per update. The first entry's date must be the article's
 * `published` date and the last one's its `updated` date (frontmatter), so the feed and the page's
 * dates line cannot disagree.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'astro/zod';

/** Where the feed is served, relative to the site URL. */
export const FEED_PATH = 'feed.xml';
/** The updates file, relative to the project root. */
export const UPDATES_FILE = 'content/updates.json';

/** One published update of the article. */
const Update = z.object({
  /** Day the update was published, YYYY-MM-DD (UTC). */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD'),
  /** One or two plain sentences: what changed. */
  summary: z.string().min(1),
});
/** A published update. */
export type Update = z.output<typeof Update>;

const Updates = z.array(Update).min(1, 'at least the first publication');

/**
 * Reads and checks the updates file against the article's dates.
 * @throws Error naming the file, the field and the fix when the file is missing or invalid, the dates
 *   are not strictly increasing, or the first/last dates differ from `published`/`updated`.
 */
export function readUpdates(rootDir: string, published: Date, updated: Date): Update[] {
  const file = path.join(rootDir, UPDATES_FILE);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${UPDATES_FILE}: cannot read it as JSON (${(error as Error).message}). Fix: a JSON array of { "date": "YYYY-MM-DD", "summary": "…" }.`);
  }
  const parsed = Updates.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${UPDATES_FILE}: ${issue.path.join('.') || '(top level)'}: ${issue.message}. Fix: a JSON array of { "date": "YYYY-MM-DD", "summary": "…" }, oldest first.`);
  }
  const list = parsed.data;
  list.forEach((u, i) => {
    if (i > 0 && u.date <= list[i - 1]!.date) throw new Error(`${UPDATES_FILE}: [${i}].date ${u.date} is not after ${list[i - 1]!.date}. Fix: one entry per update, oldest first.`);
  });
  const day = (d: Date) => d.toISOString().slice(0, 10);
  if (list[0]!.date !== day(published)) {
    throw new Error(`${UPDATES_FILE}: [0].date is ${list[0]!.date} but the article was published ${day(published)}. Fix: the first entry is the first publication.`);
  }
  if (list.at(-1)!.date !== day(updated)) {
    throw new Error(
      `${UPDATES_FILE}: the last entry is ${list.at(-1)!.date} but the article's "updated" is ${day(updated)}. ` +
        `Fix: add an entry for ${day(updated)} saying what changed (or correct "updated" in the frontmatter).`,
    );
  }
  return list;
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** What the feed needs about the article. */
export interface FeedArticle {
  title: string;
  description: string;
  /** Absolute URL of the article. */
  url: string;
}

/** The Atom 1.0 document: one <entry> per update, newest first. */
export function atomFeed(article: FeedArticle, updates: Update[], feedUrl: string): string {
  const stamp = (date: string) => `${date}T00:00:00Z`;
  const entries = [...updates].reverse().map((u, i, all) => {
    const first = i === all.length - 1;
    return [
      '  <entry>',
      `    <title>${xml(first ? article.title : `${article.title} (updated ${u.date})`)}</title>`,
      `    <id>${xml(`${article.url}#update-${u.date}`)}</id>`,
      `    <link rel="alternate" type="text/html" href="${xml(article.url)}"/>`,
      `    <published>${stamp(u.date)}</published>`,
      `    <updated>${stamp(u.date)}</updated>`,
      `    <summary>${xml(u.summary)}</summary>`,
      '  </entry>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <title>${xml(article.title)}</title>`,
    `  <subtitle>${xml(article.description)}</subtitle>`,
    `  <id>${xml(article.url)}</id>`,
    `  <link rel="alternate" type="text/html" href="${xml(article.url)}"/>`,
    `  <link rel="self" type="application/atom+xml" href="${xml(feedUrl)}"/>`,
    `  <updated>${stamp(updates.at(-1)!.date)}</updated>`,
    '  <author><name>Split on Evidence</name></author>',
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
