/** Case E's line in its suite's registry: its spec, and its code loaded only when the suite runs. */
import type { BenchCase, CaseSpec } from '../../harness/reference-case.ts';
import type { CaseEntry } from '../../harness/suite.ts';
import { specE } from './spec.ts';

export const entryE: CaseEntry<CaseSpec, BenchCase> = { spec: specE, load: async () => (await import('./case.ts')).caseE };
