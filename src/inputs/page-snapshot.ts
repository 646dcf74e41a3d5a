/**
 * The page snapshot: the one file through which the page gets its data. `npm run build` writes it
 * (facts, typed views, claim results, provenance: everything components show, as JSON) before
 * `astro build`, and every page reads it back through `pageData()` (src/inputs/page-data.ts); `astro dev`
 * and a bare `astro build` read the same file, and remake it through the same loader
 * (src/inputs/snapshot-maker.ts) when it is missing or not current.
 *
 * Where: $HOP_PAGE_SNAPSHOT when set (the build points Astro at its own copy, so a failed build leaves the
 * last good snapshot in place), else DEFAULT_SNAPSHOT_FILE under the project root.
 *
 * One freshness rule (`snapshotIsCurrent`): a snapshot is current while every file it was made from
 * (SnapshotSource: the results files, prices, the reference report, the article, the archive, the matrix,
 * the bench source and the site's own code) has the size and modification time it recorded, and the
 * results files it was made from are the ones the environment names now.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { MatrixLookup } from '@split-on-evidence/hop-bench/suites';
import type { ClaimResult } from '../claims/claims.ts';
import type { Facts } from '../facts/facts.ts';
import type { ReferenceSetup } from '../facts/reference-facts.ts';
import type { PriceHistory } from '../prices/price-history.ts';
import { pricesPath, type Prices } from '../prices/prices.ts';
import type { ListedFile } from './bench-listing.ts';
import { matrixDir } from './node-matrix.ts';
import type { PageViews } from './page-views.ts';
import { archiveDir } from './run-archive.ts';
import { suiteResultsPath } from './results-source.ts';
import { BEYOND_SITE, REFERENCE_SITE } from './site-suites.ts';

/** The environment variable that names the snapshot file (the build sets it for `astro build`). */
export const SNAPSHOT_ENV = 'HOP_PAGE_SNAPSHOT';
/** The snapshot's default place, relative to the project root: the last good build's, and `astro dev`'s. */
export const DEFAULT_SNAPSHOT_FILE = path.join('node_modules', '.cache', 'split-on-evidence', 'page-snapshot.json');
/** The format tag; a snapshot with another is remade (dev) or refused (build). @2: views.provenance.sameMachine. */
export const SNAPSHOT_FORMAT = 'split-on-evidence/page-snapshot@2';
/** The command that writes the snapshot, for messages. */
export const SNAPSHOT_COMMAND = 'npm run build';

/** The page's data as the snapshot stores it (JSON): what components read, `now` as an ISO string. */
export interface SnapshotPage {
  /** Every fact of the page at the medians, merged once (facts/compose.ts). */
  facts: Facts;
  /** Every <Claim> of the article evaluated once (claims/article.ts), in article order. */
  claims: ClaimResult[];
  /** Typed views of the results computed once (src/inputs/page-views.ts): tables, charts, run metadata. */
  views: PageViews;
  /** The newest price snapshot. */
  prices: Prices;
  /** Every price snapshot, for the table of changes. */
  priceHistory: PriceHistory;
  /** The labelled reference run's machine, OS and date. */
  reference: ReferenceSetup;
  /** This machine's newest Node version matrix: found, none or another machine's. */
  matrix: MatrixLookup;
  /** Every bench source file the suites' hashes cover, with its text, sorted by path. */
  benchListing: ListedFile[];
  /** Build time, ISO 8601 UTC: the age of the prices is counted to it. */
  now: string;
  /** Each suite's source hash as the bench source was when the snapshot was made. */
  currentSourceSha256: { reference: string; beyond: string };
  /** Project root on disk (the feed reads content/updates.json from it). */
  rootDir: string;
}

/** One file the snapshot was made from, as it was then. */
export interface SnapshotSource {
  /** Absolute path. */
  file: string;
  /** Size in bytes and modification time in ms; null when the file did not exist. */
  size: number | null;
  mtimeMs: number | null;
}

/** The snapshot file. */
export interface PageSnapshot {
  format: typeof SNAPSHOT_FORMAT;
  /** When it was made, ISO 8601 UTC. */
  madeAt: string;
  /** The results files it was made from (absolute paths): the freshness rule compares them with the environment's. */
  resultsFiles: { reference: string; beyond: string };
  /** The files it was made from (the freshness rule). */
  sources: SnapshotSource[];
  /** What components read. */
  page: SnapshotPage;
  /** The exact bytes the site publishes as results.json and beyond-results.json (the validated files' text). */
  published: { results: string; beyondResults: string };
}

/** The snapshot file is missing or unusable; the message names the file, the field and the fix. */
export class SnapshotError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SnapshotError';
  }
}

/** Where the snapshot is: $HOP_PAGE_SNAPSHOT, else DEFAULT_SNAPSHOT_FILE under `rootDir`; `explicit` when named by the environment. */
export function snapshotPath(rootDir: string, env: NodeJS.ProcessEnv = process.env): { file: string; explicit: boolean } {
  const fromEnv = env[SNAPSHOT_ENV]?.trim();
  return fromEnv ? { file: path.resolve(fromEnv), explicit: true } : { file: path.join(rootDir, DEFAULT_SNAPSHOT_FILE), explicit: false };
}

// The envelope and the shape of what every component reads first; the views are typed by PageViews and
// written by this code only, so their round trip is checked on writing (assertJsonSafe), not field by field.
const record = z.record(z.string(), z.unknown());
const snapshotSchema = z.object({
  format: z.literal(SNAPSHOT_FORMAT),
  madeAt: z.string(),
  resultsFiles: z.object({ reference: z.string(), beyond: z.string() }),
  sources: z.array(z.object({ file: z.string(), size: z.number().nullable(), mtimeMs: z.number().nullable() })),
  page: z.object({
    facts: z.record(z.string(), z.number()),
    claims: z.array(record),
    views: record,
    prices: record,
    priceHistory: record,
    reference: record,
    matrix: record,
    benchListing: z.array(record),
    now: z.string(),
    currentSourceSha256: z.object({ reference: z.string(), beyond: z.string() }),
    rootDir: z.string(),
  }),
  published: z.object({ results: z.string(), beyondResults: z.string() }),
});

/**
 * Reads and validates a snapshot file.
 * @throws SnapshotError when it is missing ("written by npm run build"), not JSON, or not of this format
 *   (the message names the file and the first bad field).
 */
export function readPageSnapshot(file: string): PageSnapshot {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new SnapshotError(`the page snapshot ${file} does not exist. Fix: run \`${SNAPSHOT_COMMAND}\` (it writes the snapshot), or start \`astro dev\` without ${SNAPSHOT_ENV} so it makes one.`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new SnapshotError(`the page snapshot ${file} is not JSON (${(error as Error).message}). Fix: delete it and run \`${SNAPSHOT_COMMAND}\`.`);
  }
  const parsed = snapshotSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new SnapshotError(`the page snapshot ${file} is not a ${SNAPSHOT_FORMAT} snapshot: field "${issue.path.join('.') || '(root)'}": ${issue.message}. Fix: delete it and run \`${SNAPSHOT_COMMAND}\`.`);
  }
  return json as PageSnapshot;
}

/**
 * Writes `snapshot` to `file` atomically (a temporary file beside it, then a rename), creating the folder.
 * @throws SnapshotError naming the field when a value would not survive JSON (undefined in an array, a
 *   non-finite number, a Date, a Map, a function), since the page would then read something else.
 */
export function writePageSnapshot(file: string, snapshot: PageSnapshot): void {
  assertJsonSafe(snapshot, 'snapshot');
  mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(snapshot));
  renameSync(temp, file);
}

/** Throws SnapshotError at the first value under `value` that JSON would drop or change, naming its path. */
function assertJsonSafe(value: unknown, at: string): void {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new SnapshotError(`cannot write the page snapshot: ${at} is ${value}, which JSON cannot hold. Fix: the view that makes it must give a finite number or null.`);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      if (v === undefined) throw new SnapshotError(`cannot write the page snapshot: ${at}[${i}] is undefined. Fix: give null instead.`);
      assertJsonSafe(v, `${at}[${i}]`);
    });
    return;
  }
  if (typeof value === 'object' && (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null)) {
    for (const [k, v] of Object.entries(value)) if (v !== undefined) assertJsonSafe(v, `${at}.${k}`);
    return;
  }
  const kind = typeof value === 'object' ? (value as object).constructor?.name ?? 'object' : typeof value;
  throw new SnapshotError(`cannot write the page snapshot: ${at} is a ${kind}, which JSON does not keep. Fix: store it as plain data (an ISO string for a date, an array for a map).`);
}

/** Folders whose files the site's code and content are made of: a change in them can change what the page shows. */
const CODE_FOLDERS = ['src', 'content'] as const;

/**
 * The files a snapshot made now from `rootDir` and `env` depends on, as they are now: both results
 * files, the price file, the reference report, the archive and matrix folders, the bench source listed
 * on the page, and the site's code and content (CODE_FOLDERS).
 */
export function snapshotSources(rootDir: string, env: NodeJS.ProcessEnv): SnapshotSource[] {
  const files = [
    suiteResultsPath(REFERENCE_SITE, rootDir, env).file,
    suiteResultsPath(BEYOND_SITE, rootDir, env).file,
    pricesPath(rootDir, env),
    ...walk(path.join(rootDir, 'bench', 'reference')),
    ...walk(archiveDir(rootDir, env)),
    ...walk(matrixDir(rootDir, env)),
    ...walk(path.join(rootDir, 'bench', 'src')),
    path.join(rootDir, 'bench', 'package.json'),
    ...CODE_FOLDERS.flatMap((folder) => walk(path.join(rootDir, folder))),
  ];
  return [...new Set(files)].map(statSource);
}

/**
 * The one freshness rule: whether `snapshot` still shows what a snapshot made now from `rootDir` and
 * `env` would show (see the module comment).
 */
export function snapshotIsCurrent(snapshot: PageSnapshot, rootDir: string, env: NodeJS.ProcessEnv): boolean {
  if (snapshot.resultsFiles.reference !== suiteResultsPath(REFERENCE_SITE, rootDir, env).file) return false;
  if (snapshot.resultsFiles.beyond !== suiteResultsPath(BEYOND_SITE, rootDir, env).file) return false;
  const now = new Map(snapshotSources(rootDir, env).map((s) => [s.file, s]));
  if (now.size !== snapshot.sources.length) return false;
  return snapshot.sources.every((s) => {
    const n = now.get(s.file);
    return n !== undefined && n.size === s.size && n.mtimeMs === s.mtimeMs;
  });
}

function statSource(file: string): SnapshotSource {
  try {
    const s = statSync(file);
    return { file, size: s.isDirectory() ? 0 : s.size, mtimeMs: s.mtimeMs };
  } catch {
    return { file, size: null, mtimeMs: null };
  }
}

/** A folder and every file under it (the folder itself too, so an added or removed file shows); just the path when missing. */
function walk(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir, { recursive: true, encoding: 'utf8' });
  } catch {
    return [dir];
  }
  return [dir, ...entries.sort().map((e) => path.join(dir, e))];
}
