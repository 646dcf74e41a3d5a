/**
 * The bench's suites, for its command line and the site's build (export "./suites"), and where stored
 * runs are found (the archive, the Node matrix). Light: loading
 * this module loads no case runner, no service and no child_process; each suite's heavy parts
 * (`rerunReasons`, running) load their cases lazily.
 */
import { beyondSuite } from './beyond.ts';
import { referenceSuite } from './reference.ts';

export { beyondSuite } from './beyond.ts';
export { referenceSuite } from './reference.ts';
export { canonicalJson, type CacheInputs, type StaleWords } from '../harness/cache-key.ts';
export type { Suite, SuiteChoice, SuiteConfigBase, SuiteResultsBase } from '../harness/suite.ts';
export { BENCH_ROOT } from '../harness/fingerprint.ts';
export { ResultsValidationError } from '../harness/results-envelope.ts';
export { listArchive } from '../harness/archive.ts';
export { currentMachine, findMatrix, type MatrixLookup } from '../../matrix/summary.ts';

/** Every suite, in the order `--suite all` runs them (reference first). */
export const SUITES = [referenceSuite, beyondSuite] as const;
