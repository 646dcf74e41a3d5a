#!/usr/bin/env node
/**
 * `npm run build`: results → claims → astro build (temporary folder) → checks → publish.
 *   1. ensure-results: for each bench suite, reuse this machine's results or run the suite, and say which and why;
 *   2. check-article: every fact name exists and every claim holds (prints the claims report; each claim
 *      is evaluated once);
 *   3. astro-build: write the page snapshot (facts, views, claim results: src/inputs/page-snapshot.ts) to a
 *      file of this build's own, and build the site from it into <out>.tmp-<pid> (one build at a time per
 *      checkout: the build lock);
 *   4. check-html: on every article page no NaN/undefined/null, no empty figure, no prose defect; all claims
 *      rendered; links between pages hold; quotations word for word; results.json intact;
 *   5. publish: swap the new site into the output folder (default dist/), and its snapshot into the default
 *      snapshot file, where `astro dev` reads it.
 * Exit codes: 0 built, 1 failed (the output folder is untouched), 2 bad usage.
 */
import { accessSync, constants, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { articleFiles, articleTexts, describedUnmeasured } from '../claims/article.ts';
import { articlePages } from '../site/article-pages.ts';
import { machineDifferences } from '../prose/provenance.ts';
import { parseQuotations, QUOTATIONS_FILE } from '../page-text/quotations.ts';
import { loadPageInputs } from '../inputs/page-inputs.ts';
import { snapshotPath, writePageSnapshot } from '../inputs/page-snapshot.ts';
import { makePageSnapshot } from '../inputs/snapshot-maker.ts';
import { BEYOND_SITE, REFERENCE_SITE } from '../inputs/site-suites.ts';
import { checkRemovedItemsInProse } from '../prices/price-history.ts';
import { astroBuild } from './astro-build.ts';
import { checkArticle } from './check-article.ts';
import { checkBuiltSite } from './check-html.ts';
import { ensureResults } from './ensure-results.ts';
import { BuildError } from './errors.ts';
import { parseBuildOptions, USAGE } from './options.ts';
import { publish } from './publish.ts';
import { acquireLock, type HeldLock } from '@split-on-evidence/hop-bench/cli';
import { SUITES } from '@split-on-evidence/hop-bench/suites';
import { suiteResultsPath } from '../inputs/results-source.ts';
import { siteSuite } from '../inputs/site-suites.ts';

/** The build's lock, one per checkout (the Astro cache and the bench results are per checkout too). */
const BUILD_LOCK_FILE = (rootDir: string) => path.join(rootDir, '.cache', 'build.lock');

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
  // The snapshot the pages of this build read: beside the default one, so a failed build leaves that one as it was.
  const defaultSnapshot = snapshotPath(ROOT, process.env).file;
  const buildSnapshot = `${defaultSnapshot.replace(/\.json$/, '')}.build-${process.pid}.json`;
  let lock: HeldLock | undefined;
  const takeLock = async () => {
    lock ??= await acquireLock(BUILD_LOCK_FILE(ROOT), { purpose: 'npm run build', log: (line) => log(`build: ${line}`) });
  };
  try {
    // One build at a time per checkout: a build that may run the bench takes the lock before it decides, so a
    // second build waits, then decides afresh (and reuses the first one's new results instead of running a
    // contended bench beside it). A build whose every results file is named by the environment (and not
    // --fresh) runs no bench: it checks its inputs and claims first and waits only for Astro, so bad input
    // fails at once instead of after another build.
    if (!runsNoBench(options.fresh)) await takeLock();
    assertWritable(ROOT, 'where Astro keeps its build cache (.astro/)');
    assertWritable(path.dirname(options.outDir), 'where the site is built and swapped in', true);
    const { reference: loaded, beyond } = await ensureResults(ROOT, process.env, options, log);
    const mixed = machineDifferences(loaded.results.environment, beyond.results.environment);
    if (mixed.length > 0 && !options.allowMixedMachines) {
      throw new BuildError(
        `the two suites' results come from different machines or runtimes (${mixed.join('; ')}): ` +
          `${path.relative(ROOT, loaded.file) || loaded.file} (cases A–E) and ${path.relative(ROOT, beyond.file) || beyond.file} (cases F–I). ` +
          `Fix: run both suites on this machine (npm run build -- --fresh), or pass --allow-mixed-machines to build a page that says so in every section of beyond figures.`,
      );
    }
    if (mixed.length > 0) log(`build: warning: the two suites come from different machines or runtimes (${mixed.join('; ')}); the page says so (--allow-mixed-machines)`);
    const inputs = loadPageInputs({ rootDir: ROOT, loaded, beyond, warn: (message) => log(`build: warning: ${message}`) });
    const { prices, facts, priceHistory } = inputs;
    checkRemovedItemsInProse(priceHistory, articleTexts(ROOT));
    log(`build: prices from ${path.relative(ROOT, prices.file) || prices.file}, newest snapshot ${prices.asOf} (${priceHistory.snapshots.length} in the file)`);
    const unmeasured = describedUnmeasured(ROOT, beyond.results);
    for (const id of unmeasured) log(`build: beyond case ${id} was not measured here; the page says why`);
    const claims = checkArticle(ROOT, facts, log, inputs.runFacts, unmeasured);
    await takeLock();
    log(`build: building the site from ${path.relative(ROOT, loaded.file) || loaded.file}`);
    // The page renders from these very inputs and claim results: read, composed and evaluated once per build.
    writePageSnapshot(buildSnapshot, makePageSnapshot(inputs, claims));
    await astroBuild(ROOT, tempDir, buildSnapshot);
    const pages = articlePages(articleFiles(ROOT).map((f) => path.basename(f)));
    const quotations = parseQuotations(readFileSync(path.join(ROOT, QUOTATIONS_FILE), 'utf8'));
    checkBuiltSite(tempDir, loaded.text, claims.filter((c) => !c.hidden).length, claims.filter((c) => !c.hidden && c.state === 'fragile').length, beyond.text, pages, quotations);
    publish(tempDir, options.outDir);
    try {
      renameSync(buildSnapshot, defaultSnapshot);
    } catch (error) {
      log(`build: warning: the site is built, but its page snapshot could not replace ${defaultSnapshot} (${(error as Error).message}); \`astro dev\` will remake it`);
    }
    log(`build: done: ${path.relative(ROOT, options.outDir) || options.outDir}/index.html and results.json`);
    return 0;
  } catch (error) {
    const expected = ['BuildError', 'ResultsFileError', 'PriceDataError', 'FactError', 'ArticleError'].includes((error as Error).name) || error instanceof BuildError;
    const message = expected ? (error as Error).message : (error as Error).stack;
    process.stderr.write(`build: FAILED: ${message}\nbuild: ${path.relative(ROOT, options.outDir) || options.outDir} was left as it was.\n`);
    return 1;
  } finally {
    rmSync(tempDir, { recursive: true, force: true });
    rmSync(buildSnapshot, { force: true });
    await lock?.release();
  }
}

/** Whether this build runs no bench: not --fresh, and every suite's results file is named by its environment variable. */
function runsNoBench(fresh: boolean): boolean {
  return !fresh && SUITES.every((suite) => suiteResultsPath(siteSuite(suite.id), ROOT, process.env).explicit);
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
