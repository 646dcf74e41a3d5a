/** Case D's line in its suite's registry: its spec, and its code loaded only when the suite runs. */
import type { ReferenceCase, ReferenceCaseSpec } from '../../harness/case.ts';
import type { CaseEntry } from '../../harness/suite.ts';
import { specD } from './spec.ts';

export const entryD: CaseEntry<ReferenceCaseSpec, ReferenceCase> = { spec: specD, load: async () => (await import('./case.ts')).caseD };
