/**
 * The data behind the page, for Astro components: the page snapshot (src/inputs/page-snapshot.ts), read
 * from its one file. In `npm run build` that is the snapshot the build wrote from the inputs it loaded
 * and the claims it checked ($HOP_PAGE_SNAPSHOT); in `astro dev` and a bare `astro build` it is the
 * default snapshot file, remade through the same loader (snapshot-maker.ts) whenever the freshness rule
 * (snapshotIsCurrent) says it is not current, so a new bench run shows up on reload. Components read
 * only this: no files, no environment variables, no raw results.
 */
import { root } from 'astro:config/server';
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readPageSnapshot, snapshotIsCurrent, snapshotPath, writePageSnapshot, type PageSnapshot, type SnapshotPage } from './page-snapshot.ts';
import { loadPageSnapshot } from './snapshot-maker.ts';

/** The facts, views, claims and provenance components read (the snapshot's page, with `now` as a Date). */
export interface PageData extends Omit<SnapshotPage, 'now'> {
  /** Build time. */
  now: Date;
  /** The site's base path with a final "/" (Astro's `base`, e.g. "/"), for links to the site's own files. */
  basePath: string;
}

let cached: { file: string; mtimeMs: number; snapshot: PageSnapshot; data: PageData; checkedAt: number } | undefined;

/**
 * In `astro dev`, how long a checked snapshot is reused, ms: one render of the page calls pageData() from
 * many components, and the sources should be checked once per render, yet a new bench run or an article
 * edit must show on the next reload.
 */
const DEV_REUSE_MS = 2000;

/**
 * The page's data.
 * @throws SnapshotError when the build's snapshot ($HOP_PAGE_SNAPSHOT) is missing or invalid (the message
 *   names the command that writes it); otherwise as the loader: ResultsFileError, PriceDataError,
 *   FactError, ArticleError.
 */
export function pageData(): PageData {
  return current().data;
}

/** The exact bytes the site publishes as results.json and beyond-results.json (the validated results files' text). */
export function publishedResults(): PageSnapshot['published'] {
  return current().snapshot.published;
}

function current(): NonNullable<typeof cached> {
  const rootDir = fileURLToPath(root);
  const { file, explicit } = snapshotPath(rootDir);
  if (cached && cached.file === file && (import.meta.env.PROD || Date.now() - cached.checkedAt < DEV_REUSE_MS)) return cached;
  let snapshot: PageSnapshot | undefined;
  if (explicit) {
    // The build's own snapshot: made from the inputs it checked, never remade here.
    const mtimeMs = statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? -1;
    snapshot = cached?.file === file && cached.mtimeMs === mtimeMs ? cached.snapshot : readPageSnapshot(file);
  } else {
    try {
      snapshot = readPageSnapshot(file);
    } catch {
      snapshot = undefined;
    }
    if (!snapshot || !snapshotIsCurrent(snapshot, rootDir, process.env)) {
      snapshot = loadPageSnapshot(rootDir);
      writePageSnapshot(file, snapshot);
    }
  }
  const { now, ...page } = snapshot.page;
  cached = {
    file,
    mtimeMs: statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? -1,
    snapshot,
    data: { ...page, now: new Date(now), basePath: import.meta.env.BASE_URL.replace(/\/?$/, '/') },
    checkedAt: Date.now(),
  };
  return cached;
}
