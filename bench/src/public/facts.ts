/**
 * The bench's public rules and summaries over results ("@split-on-evidence/hop-bench/facts"): pure
 * functions the site derives its facts from, each the one source of its rule: the noise rule, the
 * comparison with the reference run and its parsed report, the Node matrix's summary, case F's
 * validity and capacity rules and its reasons' words, case I's derived counts. None runs a case.
 */
export {
  departsBeyondNoise,
  differBeyondNoise,
  latencyNoise,
  noiseWarnings,
  oddRunWarnings,
  NOISY_CV_PERCENT,
  runsInterval,
  runsMedian,
  type CaseNoise,
} from '../harness/noise.ts';
export { binomialUpperBound, judgeNoiseCheck, MAX_FALSE_POSITIVE_PERCENT, MIN_POWER_PERCENT, type NoiseCheckVerdict, type RuleRecord } from '../harness/noise-check.ts';
export type { NoiseCheck } from '../harness/noise-check-schema.ts';
export { minPairsFor, NOISE_ALPHA, pairedRatioTest, twoSampleTest, type NoiseTest } from '../harness/permutation-test.ts';
export { comparableFromReport, comparableFromResults, compareSides, type Comparison, type ComparisonRow } from '../harness/compare.ts';
export { parseReport, readReferenceReport, REFERENCE_REPORT_FILE, type ParsedReport } from '../harness/reference-run.ts';
export { beyondNoise, MATRIX_MIN_RUNS_FOR_VERDICT, type MatrixRow } from '../../matrix/summary.ts';
export { reasonText } from '../cases/f-load/schema.ts';
export {
  boundCeilingPerSec,
  capacityNearCeiling,
  capacityTiesOf,
  ceilingResponderBusy,
  ceilingRunBound,
  figureOf,
  levelClockLagP99Us,
  machineLagFloors,
  PEER_STANDINGS,
  PEER_TARGET_RATIO,
  peerStanding,
  servicesSaturated,
  SERVICES_SATURATED_PERCENT,
  type PeerStanding,
} from '../cases/f-load/validity.ts';
export { lateStartLimitMs, retriesReceived } from '../cases/i-retry-storm/schema.ts';
