/** Case F's line in its suite's registry: its spec, and its code loaded only when the suite runs. */
import type { AnyBeyondCase, AnyBeyondCaseSpec } from '../../harness/case.ts';
import type { CaseEntry } from '../../harness/suite.ts';
import { specF } from './spec.ts';

export const entryF: CaseEntry<AnyBeyondCaseSpec, AnyBeyondCase> = { spec: specF, load: async () => (await import('./case.ts')).caseF };
