/**
 * The build's checks over one outcome (tests/outcomes/arbitraries.ts), without `astro build`: its
 * results files are read and validated by the site's loader (the bench's schemas and the page's own
 * needs), the facts composed, the article checked as `npm run build` checks it (checkArticle: facts
 * exist, claims hold, words evaluate, no misfit), every article page rendered (renderer.ts) and the
 * pages checked as the build checks the built site (articlePageProblems: no NaN or empty figure, no
 * prose defect or text run together, every claim rendered, quotations word for word).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findMatrix, type MatrixLookup } from '@split-on-evidence/hop-bench/suites';
import { articleFiles, describedUnmeasured, readArticle, type ArticleDoc } from '../../src/claims/article.ts';
import { composeViews } from '../../src/facts/run-views.ts';
import type { PageData } from '../../src/inputs/page-data.ts';
import { loadPageInputs, type PageInputs } from '../../src/inputs/page-inputs.ts';
import { readPageSnapshot, writePageSnapshot } from '../../src/inputs/page-snapshot.ts';
import { loadSuiteResults } from '../../src/inputs/results-source.ts';
import { makePageSnapshot } from '../../src/inputs/snapshot-maker.ts';
import { BEYOND_SITE, REFERENCE_SITE } from '../../src/inputs/site-suites.ts';
import { checkArticle } from '../../src/pipeline/check-article.ts';
import { articlePageProblems } from '../../src/pipeline/check-html.ts';
import { articlePages, type ArticlePage } from '../../src/site/article-pages.ts';
import { parseQuotations, QUOTATIONS_FILE, type Quotation } from '../../src/page-text/quotations.ts';
import { oldestReadOn } from '../../src/prices/prices.ts';
import { BEYOND_FIXTURE, FIXTURE, ROOT } from '../support/site-build.ts';
import { MATRIX_FIXTURE } from '../support/pages.ts';
import type { Outcome } from './arbitraries.ts';
import type { OutcomeRenderer } from './renderer.ts';

/** What every outcome shares: the inputs that do not vary, the parsed article, the pages, the quotations. */
export interface OutcomeContext {
  renderer: OutcomeRenderer;
  /** The page inputs of the fixtures; an outcome replaces its results, facts, time and matrix. */
  base: PageInputs;
  pages: readonly ArticlePage[];
  quotations: readonly Quotation[];
  /** The oldest day the prices were read (YYYY-MM-DD), for the build times. */
  pricesReadOn: string;
  /** The parsed article by the beyond cases it leaves out (parsed once each). */
  articles: Map<string, ArticleDoc[]>;
  /** Where the outcomes' results files are written (the loader reads files). */
  dir: string;
  close(): Promise<void>;
}

/** Loads what the outcomes share, around a started renderer; `close` closes the renderer too. */
export function outcomeContext(renderer: OutcomeRenderer): OutcomeContext {
  const loaded = loadSuiteResults(REFERENCE_SITE, FIXTURE);
  const beyond = loadSuiteResults(BEYOND_SITE, BEYOND_FIXTURE);
  const base = loadPageInputs({ rootDir: ROOT, loaded, beyond, env: { HOP_BENCH_ARCHIVE: path.join(ROOT, 'tests', 'fixtures', 'no-archive'), HOP_BENCH_MATRIX: MATRIX_FIXTURE }, warn: () => {} });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'soe-outcomes-'));
  return {
    renderer,
    base,
    pages: articlePages(articleFiles(ROOT).map((f) => path.basename(f))),
    quotations: parseQuotations(readFileSync(path.join(ROOT, QUOTATIONS_FILE), 'utf8')),
    pricesReadOn: oldestReadOn(base.prices),
    articles: new Map(),
    dir,
    async close() {
      rmSync(dir, { recursive: true, force: true });
      await renderer.close();
    },
  };
}

/** The matrix fixture's own machine, as its summary records it. */
function matrixMachine(): { hostname: string; cpuModel: string; cores: number; platform: string; arch: string } {
  const summary = readdirSync(MATRIX_FIXTURE).find((f) => f.endsWith('.matrix.json'))!;
  return JSON.parse(readFileSync(path.join(MATRIX_FIXTURE, summary), 'utf8')).machine;
}

/** The matrix the page finds in an outcome. */
function matrixOf(kind: Outcome['matrix']): MatrixLookup {
  if (kind === 'none') return { status: 'none', dir: path.join(ROOT, 'bench', 'results', 'matrix') };
  const machine = matrixMachine();
  return findMatrix(MATRIX_FIXTURE, kind === 'found' ? machine : { ...machine, hostname: `${machine.hostname}-elsewhere`, cpuModel: `${machine.cpuModel} (elsewhere)` });
}

/**
 * Every problem the build would report for `outcome`, its results files' validity aside.
 * @throws ResultsFileError when a results file fails the bench's schemas or the page's needs (the
 *   generator's fault, not the page's: the test reports it as such).
 */
export async function outcomeProblems(context: OutcomeContext, outcome: Outcome, label = 'outcome'): Promise<string[]> {
  const referenceFile = path.join(context.dir, `${label}-results.json`);
  const beyondFile = path.join(context.dir, `${label}-beyond-results.json`);
  writeFileSync(referenceFile, JSON.stringify(outcome.reference));
  writeFileSync(beyondFile, JSON.stringify(outcome.beyond));
  const loaded = loadSuiteResults(REFERENCE_SITE, referenceFile);
  const beyond = loadSuiteResults(BEYOND_SITE, beyondFile);
  const now = new Date(outcome.now);
  const { base } = context;
  const { facts, runFacts } = composeViews({ results: loaded.results, referenceText: base.referenceText, prices: base.prices, now, beyond: beyond.results });
  const unmeasured = describedUnmeasured(ROOT, beyond.results);
  const key = [...unmeasured].sort().join(',');
  if (!context.articles.has(key)) context.articles.set(key, readArticle(ROOT, unmeasured));
  let claims;
  try {
    claims = checkArticle(ROOT, facts, () => {}, runFacts, unmeasured, () => context.articles.get(key)!);
  } catch (error) {
    return [`the article check failed: ${(error as Error).message}`];
  }
  const inputs: PageInputs = { ...base, loaded, beyond, facts, runFacts, now, matrix: matrixOf(outcome.matrix) };
  // Through the snapshot file as the build hands it to Astro: made, written, read back and validated.
  const snapshotFile = path.join(context.dir, `${label}-snapshot.json`);
  writePageSnapshot(snapshotFile, makePageSnapshot(inputs, claims, {}));
  const { now: snapshotNow, ...page } = readPageSnapshot(snapshotFile).page;
  const data: PageData = { ...page, now: new Date(snapshotNow), basePath: '/' };
  const html = new Map<string, string>();
  for (const page of context.pages) {
    try {
      html.set(page.file, await context.renderer.render(page, data));
    } catch (error) {
      return [`${page.file}: rendering failed: ${(error as Error).stack ?? error}`];
    }
  }
  const shown = claims.filter((c) => !c.hidden);
  return articlePageProblems(html, context.pages, shown.length, shown.filter((c) => c.state === 'fragile').length, context.quotations);
}
