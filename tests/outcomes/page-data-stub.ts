/**
 * Stands in for src/inputs/page-data.ts when the outcome test renders the pages (tests/outcomes/
 * renderer.ts aliases the module to this one): every component's `pageData()` returns the data of the
 * outcome being rendered, which the test hands over with `setOutcomePageData` before each render.
 * The real module reads the build's inputs once per build; here they change with every outcome.
 */
import type { PageData } from '../../src/inputs/page-data.ts';

/** Where the outcome test leaves the page data of the outcome it renders next (shared by the test's and Vite's copies of this module). */
export const OUTCOME_PAGE_DATA = Symbol.for('split-on-evidence.outcome-page-data');

type WithOutcome = typeof globalThis & { [OUTCOME_PAGE_DATA]?: PageData };

/**
 * The page data of the outcome being rendered.
 * @throws Error when the test has handed over none.
 */
export function pageData(): PageData {
  const data = (globalThis as WithOutcome)[OUTCOME_PAGE_DATA];
  if (!data) throw new Error('tests/outcomes/page-data-stub.ts: no outcome page data was set before rendering (setOutcomePageData)');
  return data;
}

/** Hands `data` to the components rendered next (undefined: none). */
export function setOutcomePageData(data: PageData | undefined): void {
  (globalThis as WithOutcome)[OUTCOME_PAGE_DATA] = data;
}
