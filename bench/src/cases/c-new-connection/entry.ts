/** Case C's line in its suite's registry: its spec, and its code loaded only when the suite runs. */
import type { BenchCase, CaseSpec } from '../../harness/reference-case.ts';
import type { CaseEntry } from '../../harness/suite.ts';
import { specC } from './spec.ts';

export const entryC: CaseEntry<CaseSpec, BenchCase> = { spec: specC, load: async () => (await import('./case.ts')).caseC };
