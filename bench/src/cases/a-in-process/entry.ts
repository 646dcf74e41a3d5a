/** Case A's line in its suite's registry: its spec, and its code loaded only when the suite runs. */
import type { ReferenceCase, ReferenceCaseSpec } from '../../harness/case.ts';
import type { CaseEntry } from '../../harness/suite.ts';
import { specA } from './spec.ts';

export const entryA: CaseEntry<ReferenceCaseSpec, ReferenceCase> = { spec: specA, load: async () => (await import('./case.ts')).caseA };
