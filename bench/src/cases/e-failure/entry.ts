/** Case E's line in its suite's registry: its spec, and its code loaded only when the suite runs. */
import type { ReferenceCase, ReferenceCaseSpec } from '../../harness/case.ts';
import type { CaseEntry } from '../../harness/suite.ts';
import { specE } from './spec.ts';

export const entryE: CaseEntry<ReferenceCaseSpec, ReferenceCase> = { spec: specE, load: async () => (await import('./case.ts')).caseE };
