#!/usr/bin/env node
/**
 * `npm run build`: results → claims → astro build (temporary folder) → checks → publish.
 *   1. ensure-results: reuse this machine's results or run the full bench, and say which and why;
 *   2. check-article: every fact name exists and every claim holds (prints the claims report);
 *   3. astro-build: build the site into <out>.tmp-<pid>;
 *   4. check-html: no NaN/undefined/null, no empty figure, all claims rendered, results.json intact;
 *   5. publish: swap the new site into the output folder (default dist/).
 * Exit codes: 0 built, 1 failed (the output folder is untouched), 2 bad usage.
 */
import { accessSync, constants, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { composeFacts, readReferenceText } from '../lib/page-facts.ts';
import { checkRemovedItemsInProse, loadPriceHistory } from '../lib/price-history.ts';
import { pricesPath } from '../lib/prices.ts';
import { resultsPath } from '../lib/results-source.ts';
import { astroBuild } from './astro-build.ts';
import { articleTexts, checkArticle } from './check-article.ts';
import { checkBuiltSite } from './check-html.ts';
import { ensureResults } from './ensure-results.ts';
import { BuildError } from './errors.ts';
import { parseBuildOptions, USAGE } from './options.ts';
import { publish } from './publish.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const log = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<number> {
  let options;
  try {
    options = parseBuildOptions(process.argv.slice(2), process.env, ROOT);
  } catch (error) {
    process.stderr.write(`build: ${(error as Error).message}`);
    return 2;
  }
  if (options.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const tempDir = `${options.outDir}.tmp-${process.pid}`;
  try {
    assertWritable(ROOT, 'where Astro keeps its build cache (.astro/)');
    assertWritable(path.dirname(options.outDir), 'where the site is built and swapped in', true);
    const loaded = await ensureResults(ROOT, resultsPath(ROOT), options, log);
    const now = new Date();
    const priceHistory = loadPriceHistory(pricesPath(ROOT), now, { warn: (message) => log(`build: warning: ${message}`) });
    checkRemovedItemsInProse(priceHistory, articleTexts(ROOT));
    const prices = priceHistory.current;
    log(`build: prices from ${path.relative(ROOT, prices.file) || prices.file}, newest snapshot ${prices.asOf} (${priceHistory.snapshots.length} in the file)`);
    const facts = composeFacts({ results: loaded.results, referenceText: readReferenceText(ROOT), prices, now });
    const claims = checkArticle(ROOT, facts, log);
    log(`build: building the site from ${path.relative(ROOT, loaded.file) || loaded.file}`);
    await astroBuild(ROOT, loaded.file, tempDir);
    checkBuiltSite(tempDir, loaded.text, claims.length);
    publish(tempDir, options.outDir);
    log(`build: done: ${path.relative(ROOT, options.outDir) || options.outDir}/index.html and results.json`);
    return 0;
  } catch (error) {
    const expected = ['BuildError', 'ResultsFileError', 'PriceDataError'].includes((error as Error).name) || error instanceof BuildError;
    const message = expected ? (error as Error).message : (error as Error).stack;
    process.stderr.write(`build: FAILED: ${message}\nbuild: ${path.relative(ROOT, options.outDir) || options.outDir} was left as it was.\n`);
    return 1;
  } finally {
    rmSync(tempDir, { recursive: true, force: true });
  }
}

/** Fails early, with a plain message, when a folder the build writes to is not writable (created first when asked). */
function assertWritable(dir: string, why: string, create = false): void {
  try {
    if (create) mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
  } catch {
    throw new BuildError(`cannot write to ${dir}, ${why}. Fix: make it writable (or, for the output, pass --out-dir DIR).`);
  }
}

process.exitCode = await main();
