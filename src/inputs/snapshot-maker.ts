/**
 * Makes the page snapshot (page-snapshot.ts) from loaded page inputs and the article's claim results.
 * `npm run build` calls `makePageSnapshot` with the inputs and claims it already loaded and checked;
 * `astro dev` and a bare `astro build` call `loadPageSnapshot`, which loads them through the same
 * loader (loadPageInputs) and evaluates the claims the same way (claims/article.ts).
 */
import { articleClaims, describedUnmeasured, readArticle } from '../claims/article.ts';
import type { ClaimResult } from '../claims/claims.ts';
import { loadPageInputs, type PageInputs } from './page-inputs.ts';
import { snapshotSources, SNAPSHOT_FORMAT, type PageSnapshot } from './page-snapshot.ts';
import { pageViews } from './page-views.ts';

/**
 * The snapshot of `inputs` with `claims`; its sources are stated as they are when this is called, so
 * call it right after loading (a file changed in between makes the snapshot stale, never wrongly current).
 * @param env the environment the inputs were loaded with (for the freshness rule's record of the files).
 * @throws FactError when a view needs a case the results lack.
 */
export function makePageSnapshot(inputs: PageInputs, claims: readonly ClaimResult[], env: NodeJS.ProcessEnv = process.env): PageSnapshot {
  const { loaded, beyond, facts } = inputs;
  return {
    format: SNAPSHOT_FORMAT,
    madeAt: new Date().toISOString(),
    resultsFiles: { reference: loaded.file, beyond: beyond.file },
    sources: snapshotSources(inputs.rootDir, env),
    page: {
      facts: { ...facts },
      claims: [...claims],
      views: pageViews(loaded.results, beyond.results, inputs.archive, inputs.referenceText, facts),
      prices: inputs.prices,
      priceHistory: inputs.priceHistory,
      reference: inputs.reference,
      matrix: inputs.matrix,
      benchListing: inputs.benchListing,
      now: inputs.now.toISOString(),
      currentSourceSha256: inputs.currentSourceSha256,
      rootDir: inputs.rootDir,
    },
    published: { results: loaded.text, beyondResults: beyond.text },
  };
}

/**
 * Loads every input, evaluates the article's claims and makes the snapshot: what `npm run build` does
 * before `astro build`, without its checks and messages.
 * @throws as loadPageInputs and articleClaims.
 */
export function loadPageSnapshot(rootDir: string, env: NodeJS.ProcessEnv = process.env): PageSnapshot {
  const inputs = loadPageInputs({ rootDir, env });
  const claims = articleClaims(readArticle(rootDir, describedUnmeasured(rootDir, inputs.beyond.results)), inputs.facts, inputs.runFacts);
  return makePageSnapshot(inputs, claims, env);
}
