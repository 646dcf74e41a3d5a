/** The shapes of the noise rule's check (noise-check.ts): its sizes and what it stores. Light: zod only. */
import { z } from 'zod';

/** The check's sizes. */
export const NoiseCheckConfigSchema = z.object({
  /** A/A trials, and as many injected trials. */
  trials: z.number().int().positive(),
  /** Paired rounds per trial: what the permutation test judges (6 or more can reach alpha 0.05). */
  rounds: z.number().int().min(2),
  /** Untimed calls before each arm. */
  warmupCalls: z.number().int().nonnegative(),
  /** Timed calls per arm; the arm's figure is their p50. */
  callsPerArm: z.number().int().positive(),
  /** The injected difference, second arm ÷ first arm (1.25 for "25% slower"). */
  injectedRatio: z.number().gt(1),
  /**
   * The runs a side the page's comparisons have (3): the overlap rule is judged on a trial's first
   * this many rounds, as it judges a comparison of that many runs.
   */
  overlapRuns: z.number().int().min(2),
});
export type NoiseCheckConfig = z.infer<typeof NoiseCheckConfigSchema>;

/** What the check stores: both arms' p50 in every round of every trial, so any rule can be judged on them later. */
export const NoiseCheckSchema = z.object({
  /** What was timed against itself, e.g. "case B's hop (plain HTTP, kept alive)". */
  subject: z.string(),
  config: NoiseCheckConfigSchema,
  /** The calibrating p50 the injected delay was computed from, µs. */
  calibrationP50Us: z.number().positive(),
  /** The spin added to every timed call of an injected trial's second arm, µs. */
  delayUs: z.number().nonnegative(),
  /**
   * Per A/A trial, per round: [arm 1's p50, arm 2's p50], µs. Which arm runs first alternates by round.
   */
  aa: z.array(z.array(z.tuple([z.number().positive(), z.number().positive()])).min(2)).min(1),
  /** Per injected trial, per round: [the plain arm's p50, the slowed arm's p50], µs. */
  injected: z.array(z.array(z.tuple([z.number().positive(), z.number().positive()])).min(2)).min(1),
});
export type NoiseCheck = z.infer<typeof NoiseCheckSchema>;
