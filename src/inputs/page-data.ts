/**
 * The data behind the page, for Astro components: the page inputs (src/inputs/page-inputs.ts) as the
 * components read them, with the article's claim results. In `npm run build` these are the inputs the
 * build already loaded and the claims it already evaluated; otherwise (`astro build` alone, `astro dev`)
 * they are loaded and evaluated here through the same pipeline, and in `astro dev` again on each request
 * so a new bench run shows up on reload. Components read only this: no files, no environment variables.
 */
import { root } from 'astro:config/server';
import { fileURLToPath } from 'node:url';
import { articleClaims, describedUnmeasured, readArticle } from '../claims/article.ts';
import type { ClaimResult } from '../claims/claims.ts';
import { loadPageInputs, sharedClaims, sharedPageInputs, type PageInputs } from './page-inputs.ts';
import { resultsPath, type LoadedResults } from './results-source.ts';

/** Results, facts, claims and where they came from. */
export interface PageData extends LoadedResults, Omit<PageInputs, 'loaded'> {
  /** Every <Claim> of the article evaluated once (claims/article.ts), in article order; none of an unmeasured beyond case. */
  claims: readonly ClaimResult[];
  /** The site's base path with a final "/" (Astro's `base`, e.g. "/"), for links to the site's own files. */
  basePath: string;
}

let cached: { data: PageData; at: number } | undefined;

/**
 * In `astro dev`, how long loaded data is reused, ms: one render of the page calls pageData() from many
 * components, and the inputs should be read once per render, yet a new bench run or an article edit
 * must show on the next reload.
 */
const DEV_REUSE_MS = 2000;

/**
 * The page's data.
 * @throws ResultsFileError when the results file is missing or invalid (the message has the fix);
 *   PriceDataError when the price file is; FactError when fact sources collide; ArticleError when the
 *   article cannot be read.
 */
export function pageData(): PageData {
  if (cached && (import.meta.env.PROD || Date.now() - cached.at < DEV_REUSE_MS)) return cached.data;
  const rootDir = fileURLToPath(root);
  const shared = sharedPageInputs(rootDir, resultsPath(rootDir).file);
  const inputs = shared ?? loadPageInputs({ rootDir });
  const { loaded, ...rest } = inputs;
  const data: PageData = {
    ...loaded,
    ...rest,
    claims: (shared && sharedClaims(shared)) ?? articleClaims(readArticle(rootDir, describedUnmeasured(rootDir, inputs.beyond.results)), inputs.facts, inputs.runFacts),
    basePath: import.meta.env.BASE_URL.replace(/\/?$/, '/'),
  };
  cached = { data, at: Date.now() };
  return data;
}
