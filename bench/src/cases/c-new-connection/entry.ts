/** Case C's line in its suite's registry: its spec, and its code loaded only when the suite runs. */
import type { ReferenceCase, ReferenceCaseSpec } from '../../harness/case.ts';
import type { CaseEntry } from '../../harness/suite.ts';
import { specC } from './spec.ts';

export const entryC: CaseEntry<ReferenceCaseSpec, ReferenceCase> = { spec: specC, load: async () => (await import('./case.ts')).caseC };
