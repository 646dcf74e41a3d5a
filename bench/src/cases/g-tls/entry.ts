/** Case G's line in its suite's registry: its spec, and its code loaded only when the suite runs. */
import type { AnyBeyondCase, AnyBeyondCaseSpec } from '../../harness/case.ts';
import type { CaseEntry } from '../../harness/suite.ts';
import { specG } from './spec.ts';

export const entryG: CaseEntry<AnyBeyondCaseSpec, AnyBeyondCase> = { spec: specG, load: async () => (await import('./case.ts')).caseG };
