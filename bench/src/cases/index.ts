/** The registry of bench cases, in the order they run. A new case is one module and one line here. */
import { caseA } from './a-in-process.ts';
import { caseB } from './b-keep-alive.ts';
import { caseC } from './c-new-connection.ts';
import { caseD } from './d-chain.ts';
import { caseE } from './e-failure.ts';
import type { BenchCase } from './types.ts';

export const CASES: readonly BenchCase[] = [caseA, caseB, caseC, caseD, caseE];
