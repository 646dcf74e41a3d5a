/**
 * The built article the browser and page-weight tests open: the real site, built by `npm run build`'s
 * script (never into dist/) from the labelled fixture results and the project's price file: the
 * shared fixture page of tests/support/pages.ts.
 */
import path from 'node:path';
import { fixturePage } from '../support/pages.ts';
import { FIXTURE, ROOT } from '../support/site-build.ts';

/** Repository root (tests run from it). */
export const REPO_ROOT = ROOT;
/** Results file the page is built from. */
export const RESULTS_FILE = FIXTURE;
/** Price file the page is built from. */
export const PRICES_FILE = path.join(REPO_ROOT, 'content/prices.json');
/** Where the article lands in the built site. */
export const ARTICLE_PATH = '/';

/** A built page ready to serve. */
export interface PageUnderTest {
  /** Directory to serve (shared: never write into it). */
  distDir: string;
  /** Path of the page under the served root, e.g. "/". */
  pagePath: string;
}

/**
 * Builds the article from the fixture results and the price file.
 * @throws Error with the build's output when the build fails.
 */
export async function buildPageUnderTest(): Promise<PageUnderTest> {
  const run = await fixturePage();
  if (run.code !== 0) throw new Error(`the site build failed (${run.code}):\n${run.stdout}\n${run.stderr}`);
  return { distDir: run.dir, pagePath: ARTICLE_PATH };
}
