/**
 * The noise rule's check as facts (bench harness/noise-check.ts, stored in case G's result as
 * `noiseCheck`): how often each rule called a difference between case B's hop and itself (A/A), and
 * how often it found an injected slowdown. Names start with "G.noiseCheck.".
 */
import { judgeNoiseCheck, MAX_FALSE_POSITIVE_PERCENT, minPairsFor, MIN_POWER_PERCENT, NOISE_ALPHA, type NoiseCheck } from '@split-on-evidence/hop-bench/facts';

/** The rules judged, as their fact names spell them. */
export const NOISE_CHECK_RULES = ['permutation', 'pairedOverlap', 'unpairedOverlap'] as const;

/**
 * "G.noiseCheck.recorded" (1, or 0 for results written before the check) and, when recorded: the
 * check's sizes (.trials, .rounds, .overlapRuns, .callsPerArm, .injectedRatio), the bounds it is held to
 * (.maxFalsePositivePercent, .minPowerPercent), the fewest paired runs the permutation test can decide
 * with (.minPairs), and per rule (NOISE_CHECK_RULES) .falsePositives, .falsePositivePercent,
 * .falsePositiveUpperPercent and .falsePositiveLowerPercent (one-sided 95% bounds), .detections and .powerPercent.
 */
export function noiseCheckFacts(check: NoiseCheck | undefined): Record<string, number> {
  if (check === undefined) return { 'G.noiseCheck.recorded': 0 };
  const v = judgeNoiseCheck(check);
  const facts: Record<string, number> = {
    'G.noiseCheck.recorded': 1,
    'G.noiseCheck.trials': check.config.trials,
    'G.noiseCheck.rounds': check.config.rounds,
    'G.noiseCheck.overlapRuns': check.config.overlapRuns,
    'G.noiseCheck.callsPerArm': check.config.callsPerArm,
    'G.noiseCheck.injectedRatio': check.config.injectedRatio,
    'G.noiseCheck.maxFalsePositivePercent': MAX_FALSE_POSITIVE_PERCENT,
    'G.noiseCheck.minPowerPercent': MIN_POWER_PERCENT,
    'G.noiseCheck.minPairs': minPairsFor(NOISE_ALPHA),
  };
  for (const rule of NOISE_CHECK_RULES) {
    const r = v[rule];
    facts[`G.noiseCheck.${rule}.falsePositives`] = r.falsePositives;
    facts[`G.noiseCheck.${rule}.falsePositivePercent`] = r.falsePositivePercent;
    facts[`G.noiseCheck.${rule}.falsePositiveUpperPercent`] = r.falsePositiveUpperPercent;
    facts[`G.noiseCheck.${rule}.falsePositiveLowerPercent`] = r.falsePositiveLowerPercent;
    facts[`G.noiseCheck.${rule}.detections`] = r.detections;
    facts[`G.noiseCheck.${rule}.powerPercent`] = r.powerPercent;
  }
  return facts;
}
