/** Case I's line in its suite's registry: its spec, and its code loaded only when the suite runs. */
import type { AnyBeyondCase, AnyBeyondCaseSpec } from '../../harness/case.ts';
import type { CaseEntry } from '../../harness/suite.ts';
import { specI } from './spec.ts';

export const entryI: CaseEntry<AnyBeyondCaseSpec, AnyBeyondCase> = { spec: specI, load: async () => (await import('./case.ts')).caseI };
