/**
 * The site's side of each bench suite, by the bench's suite id: what the page needs of the suite's
 * results beyond their schema, whether a partial run is refused, and the words of the build's messages.
 * The build's ensure stage and the page-input loader go through the bench's SUITES and take each
 * suite's site side from here; a new bench suite needs one entry here.
 */
import type { Results } from '@split-on-evidence/hop-bench/schema';
import { beyondSuite, referenceSuite } from '@split-on-evidence/hop-bench/suites';
import { beyondFacts } from '../facts/beyond-facts.ts';
import { requirePageCases } from '../facts/facts.ts';
import { partialReasons } from './partial.ts';
import type { BeyondResults, SiteSuite, SuiteWords } from './results-source.ts';

/** Wording of the reference suite (cases A–E). */
export const REFERENCE_WORDS: SuiteWords = {
  results: 'results',
  runner: 'the bench',
  fullRun: 'the full bench',
  source: 'bench source',
  logPrefix: '',
  readFix: `Fix: run "npm run build" (it runs the bench when results are missing), or point ${referenceSuite.resultsEnvVar} at a results file.`,
  invalidHint: '\nOr rebuild it from scratch: npm run build -- --fresh (runs the full bench).',
  namedMissingFix:
    `Fix: point ${referenceSuite.resultsEnvVar} at an existing results file, unset it to use the bench's own results, ` +
    `or add --fresh to run the bench into that file.`,
};

/** Wording of the beyond suite (cases F–I). */
export const BEYOND_WORDS: SuiteWords = {
  results: 'beyond results',
  runner: 'the beyond suite',
  fullRun: 'the beyond suite',
  source: 'beyond source',
  logPrefix: 'beyond suite: ',
  readFix: `Fix: run "npm run build" (it runs the beyond suite when its results are missing), or point ${beyondSuite.resultsEnvVar} at a beyond results file.`,
  invalidHint: '',
  namedMissingFix: `Fix: point ${beyondSuite.resultsEnvVar} at an existing beyond results file, unset it to use the bench's own, or add --fresh to run the beyond suite into that file.`,
};

/** The reference suite's site side: the page needs cases A–E; a partial run is refused unless asked. */
export const REFERENCE_SITE: SiteSuite<Results> = {
  suite: referenceSuite,
  words: REFERENCE_WORDS,
  pageCheck: requirePageCases,
  partialReasons: (results) => partialReasons(results.config, referenceSuite.fullConfig()),
};

/** The beyond suite's site side: every measured case's facts must build; any run is used (unmeasured cases say why on the page). */
export const BEYOND_SITE: SiteSuite<BeyondResults> = {
  suite: beyondSuite,
  words: BEYOND_WORDS,
  pageCheck: (results) => void beyondFacts(results),
  partialReasons: () => [],
};

/** Every suite's site side, by the bench's suite id. */
export const SITE_SUITES: { readonly reference: SiteSuite<Results>; readonly beyond: SiteSuite<BeyondResults> } = {
  reference: REFERENCE_SITE,
  beyond: BEYOND_SITE,
};

/**
 * The site side of the bench suite `id`.
 * @throws Error naming the suite and this file when the site has no entry for it (a new bench suite).
 */
export function siteSuite(id: string): SiteSuite {
  if (!Object.hasOwn(SITE_SUITES, id)) {
    throw new Error(`the bench has a suite "${id}" the site does not know. Fix: add its entry to SITE_SUITES in src/inputs/site-suites.ts.`);
  }
  // Each entry's results type is its own suite's; callers that loop over suites handle them as unknown.
  return SITE_SUITES[id as keyof typeof SITE_SUITES] as unknown as SiteSuite;
}
