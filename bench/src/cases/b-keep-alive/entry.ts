/** Case B's line in its suite's registry: its spec, and its code loaded only when the suite runs. */
import type { ReferenceCase, ReferenceCaseSpec } from '../../harness/case.ts';
import type { CaseEntry } from '../../harness/suite.ts';
import { specB } from './spec.ts';

export const entryB: CaseEntry<ReferenceCaseSpec, ReferenceCase> = { spec: specB, load: async () => (await import('./case.ts')).caseB };
