/** Case H's line in its suite's registry: its spec, and its code loaded only when the suite runs. */
import type { AnyBeyondCase, AnyBeyondCaseSpec } from '../../harness/case.ts';
import type { CaseEntry } from '../../harness/suite.ts';
import { specH } from './spec.ts';

export const entryH: CaseEntry<AnyBeyondCaseSpec, AnyBeyondCase> = { spec: specH, load: async () => (await import('./case.ts')).caseH };
