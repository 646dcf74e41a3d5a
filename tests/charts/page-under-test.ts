/**
 * THE ONE PLACE that decides which built page the browser and page-weight tests open.
 *
 * - "article": the real site, built by `npm run build`'s script (src/build/build.ts --out-dir
 *   test-artifacts/article-dist, never dist/) with HOP_BENCH_RESULTS set to the fixture results, opened
 *   at ARTICLE_PATH. Used as soon as the article imports the chart components.
 * - "components": a test-only Astro project (tests/charts/fixture-site) whose one page renders every
 *   cost, chart and availability component with the same fixture; used until the article wires them in.
 *
 * Override with PAGE_UNDER_TEST=article | components.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Repository root (tests run from it). */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
/** Results file both pages are built from. */
export const RESULTS_FILE = path.join(REPO_ROOT, 'tests/fixtures/results-2026-11-30-full.json');
/** Price file both pages are built from. */
export const PRICES_FILE = path.join(REPO_ROOT, 'content/prices.json');
/** Where the article lands in the built site. */
export const ARTICLE_PATH = '/';

const COMPONENT_SITE = path.join(REPO_ROOT, 'tests/charts/fixture-site');
const COMPONENT_DIST = path.join(REPO_ROOT, 'test-artifacts/component-page-dist');
const ARTICLE_DIST = path.join(REPO_ROOT, 'test-artifacts/article-dist');

/** A built page ready to serve. */
export interface PageUnderTest {
  kind: 'article' | 'components';
  /** Directory to serve. */
  distDir: string;
  /** Path of the page under the served root, e.g. "/". */
  pagePath: string;
}

/** True when an .mdx/.astro file of the site imports the chart components (the lead wired them in). */
function articleUsesComponents(): boolean {
  const places = [path.join(REPO_ROOT, 'content'), path.join(REPO_ROOT, 'src/pages')];
  const files = places.filter(existsSync).flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.mdx') || f.endsWith('.astro'))
      .map((f) => path.join(dir, f)),
  );
  return files.some((f) => /components\/charts\/LatencyPercentilesChart(\.astro)?['"]/.test(readFileSync(f, 'utf8')));
}

/** Which page the tests use now. */
export function pageKind(): PageUnderTest['kind'] {
  const forced = process.env.PAGE_UNDER_TEST;
  if (forced === 'article' || forced === 'components') return forced;
  if (forced) throw new Error(`PAGE_UNDER_TEST must be "article" or "components", got "${forced}"`);
  return articleUsesComponents() ? 'article' : 'components';
}

/**
 * Builds the component page into `outDir` with optional extra environment (e.g. HOP_PRICES_FILE).
 * Runs inside the fixture site's folder so Astro's scratch files stay there.
 * @returns the build's exit status and combined output.
 */
export function buildComponentPage(outDir: string, env: Record<string, string> = {}): { status: number | null; output: string } {
  const astro = path.join(REPO_ROOT, 'node_modules/astro/bin/astro.mjs');
  const child = spawnSync(process.execPath, [astro, 'build', '--outDir', outDir], {
    cwd: COMPONENT_SITE,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', HOP_REPO_ROOT: REPO_ROOT, HOP_BENCH_RESULTS: RESULTS_FILE, ...env },
    encoding: 'utf8',
  });
  return { status: child.status, output: `${child.stdout}\n${child.stderr}` };
}

/**
 * Builds the page under test from the fixture results and the price file.
 * @throws Error with the build's output when the build fails.
 */
export function buildPageUnderTest(): PageUnderTest {
  const kind = pageKind();
  if (kind === 'article') {
    const env: Record<string, string | undefined> = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', HOP_BENCH_RESULTS: RESULTS_FILE };
    delete env.HOP_BENCH_FRESH; // never start a bench run from a test
    const child = spawnSync(process.execPath, [path.join(REPO_ROOT, 'src/build/build.ts'), '--out-dir', ARTICLE_DIST], {
      cwd: REPO_ROOT,
      env,
      encoding: 'utf8',
    });
    if (child.status !== 0) throw new Error(`the site build failed (${child.status}):\n${child.stdout}\n${child.stderr}`);
    return { kind, distDir: ARTICLE_DIST, pagePath: ARTICLE_PATH };
  }
  const built = buildComponentPage(COMPONENT_DIST);
  if (built.status !== 0) throw new Error(`component page build failed (${built.status}):\n${built.output}`);
  return { kind, distDir: COMPONENT_DIST, pagePath: '/' };
}
