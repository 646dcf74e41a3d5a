/**
 * Compatibility only (export "./beyond-schema"): the beyond results file's parser and types under their
 * old names, and the registered case modules. Use "./suites" (beyondSuite.parseResultsText,
 * beyondSuite.rerunReasons) instead; this module goes once the site does.
 */
import type { AnyBeyondCase } from '../harness/beyond-case.ts';
import type { BeyondResults } from '../harness/beyond-schema.ts';
import { beyondSuite } from '../suites/beyond.ts';
// The old contract handed out the case modules synchronously, so this module loads them (heavy).
import { caseF } from '../cases/f-load/case.ts';
import { caseG } from '../cases/g-tls/case.ts';
import { caseH } from '../cases/h-network/case.ts';
import { caseI } from '../cases/i-retry-storm/case.ts';

export type { BeyondResults, MeasuredCase, NotMeasuredCase } from '../harness/beyond-schema.ts';

/** The registered beyond cases, in the registry's order (beyondSuite.caseIds). */
export const BEYOND_CASES: readonly AnyBeyondCase[] = beyondSuite.caseIds.map((id) => [caseF, caseG, caseH, caseI].find((c) => c.id === id)!);

/** beyondSuite.parseResults. @throws ResultsValidationError naming each bad field. */
export const parseBeyondResults = (data: unknown, file: string): BeyondResults => beyondSuite.parseResults(data, file);
/** beyondSuite.parseResultsText. @throws ResultsValidationError when not JSON or not valid. */
export const parseBeyondResultsText = (text: string, file: string): BeyondResults => beyondSuite.parseResultsText(text, file);
