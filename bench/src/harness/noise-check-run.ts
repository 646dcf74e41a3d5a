/**
 * The noise rule's check, measured (noise-check.ts says what a trial is): a calibration arm, then A/A
 * and injected trials, alternated.
 */
import type { NoiseCheck, NoiseCheckConfig } from './noise-check-schema.ts';
import { median, summarizeNs } from './stats.ts';
import { expectedSink, timeSerialAsync } from './measure.ts';

/** Busy-waits `us` microseconds: a timer cannot wait tens of microseconds, and the spin is the injected cost. */
function spinUs(us: number): void {
  if (us <= 0) return;
  const end = process.hrtime.bigint() + BigInt(Math.round(us * 1000));
  while (process.hrtime.bigint() < end) {
    // spin
  }
}

/**
 * Runs the check: a calibration arm (its p50 sets the injected delay), then config.trials A/A trials
 * and config.trials injected trials, alternated so that drift over the check reaches both kinds.
 * @param call one serial call returning its entitlement limit (the sink checks every answer was right).
 * @param subject what `call` is, for the record.
 * @throws Error when an arm's answers sum wrong (the path returned wrong results) or `signal` aborts.
 */
export async function runNoiseCheck(
  call: (i: number) => Promise<number>,
  subject: string,
  config: NoiseCheckConfig,
  signal: AbortSignal,
  log: (line: string) => void,
): Promise<NoiseCheck> {
  const arm = async (delayUs: number): Promise<number> => {
    const timed = delayUs > 0 ? async (i: number) => {
      const limit = await call(i);
      spinUs(delayUs);
      return limit;
    } : call;
    const loop = await timeSerialAsync(timed, config.warmupCalls, config.callsPerArm);
    if (loop.sink !== expectedSink(config.callsPerArm)) throw new Error(`noise check: answers summed to ${loop.sink}, expected ${expectedSink(config.callsPerArm)}; the path returned wrong entitlements`);
    return summarizeNs(loop.samplesNs).p50Us;
  };
  const calibration: number[] = [];
  for (let i = 0; i < config.rounds; i++) calibration.push(await arm(0));
  const calibrationP50Us = median(calibration);
  const delayUs = (config.injectedRatio - 1) * calibrationP50Us;
  const trial = async (secondDelayUs: number): Promise<[number, number][]> => {
    const rounds: [number, number][] = [];
    for (let r = 0; r < config.rounds; r++) {
      if (signal.aborted) throw new Error('noise check: interrupted');
      // Swap the order every round: a drift within the trial then moves both arms alike.
      if (r % 2 === 0) {
        const first = await arm(0);
        rounds.push([first, await arm(secondDelayUs)]);
      } else {
        const second = await arm(secondDelayUs);
        rounds.push([await arm(0), second]);
      }
    }
    return rounds;
  };
  const aa: [number, number][][] = [];
  const injected: [number, number][][] = [];
  for (let t = 0; t < config.trials; t++) {
    aa.push(await trial(0));
    injected.push(await trial(delayUs));
  }
  log(`noise check: ${config.trials} A/A and ${config.trials} injected trials of ${config.rounds} rounds, ${config.callsPerArm} calls an arm, delay ${delayUs.toFixed(1)} µs`);
  return { subject, config, calibrationP50Us, delayUs, aa, injected };
}
