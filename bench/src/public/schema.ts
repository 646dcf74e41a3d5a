/**
 * The bench's public schema ("@split-on-evidence/hop-bench/schema"): the shape of both suites' results
 * files as zod schemas, the types inferred from them, and their parsers with their error wording. The
 * beyond suite's results are typed case by case (BeyondResults: each measured entry's `result` is its
 * case's own type). A case's own result fields are published here; its code is not.
 */
export {
  CaseResultSchema,
  ConfigSchema,
  EnvironmentSchema,
  FailureCaseSchema,
  LatencyCaseSchema,
  parseResults,
  parseResultsText,
  RESULTS_SCHEMA_VERSION,
  ResultsSchema,
  ResultsValidationError,
  type BenchConfig,
  type CaseResult,
  type Environment,
  type FailureCaseConfig,
  type FailureCaseResult,
  type FailureVariant,
  type FailureVariantRun,
  type LatencyCaseConfig,
  type LatencyCaseResult,
  type LatencyIntervalsRecord,
  type LatencyMedian,
  type LatencyRun,
  type Results,
  type SocketCount,
} from '../harness/schema.ts';
export { BEYOND_SCHEMA_VERSION, type BeyondCaseOutcome as UntypedBeyondCaseOutcome, type MeasuredCase, type NotMeasuredCase } from '../harness/beyond-schema.ts';
export type { BeyondCaseId, BeyondConfigOf, BeyondResultOf, BeyondResults, TypedMeasuredCase } from '../suites/beyond.ts';
export { describeValue, friendlyIssues, valueAt, type FriendlyIssue } from '../harness/friendly-errors.ts';
export {
  LoadConfigSchema,
  LoadResultSchema,
  type ClosedLevel,
  type Figure,
  type LoadConfig,
  type LoadResult,
  type LoadTargetResult,
  type OpenLevel,
  type PeerRow,
  type Reason,
  type ReasonCode,
  type Validity,
} from '../cases/f-load/schema.ts';
export { GConfigSchema, GResultSchema, type GConfig, type GResult, type GVariantResult } from '../harness/tls-schema.ts';
export { NetnsResultsSchema, type NetnsResults } from '../cases/h-network/target-results.ts';
export {
  RetryStormConfigSchema,
  RetryStormResultSchema,
  type RetryStormConfig,
  type RetryStormResult,
  type RetryStormRun,
} from '../cases/i-retry-storm/schema.ts';
