/**
 * The noise rule's check in words (issue 30 item 1): how often each rule called a difference between
 * case B's hop and itself on this machine (A/A), and whether the paired permutation test found an
 * injected slowdown. Facts "G.noiseCheck.*" (src/cases/g-tls/noise-check-facts.ts) in, a paragraph out.
 */
import type { FactRead } from '../claims/named.ts';
import { formatFact, formatNumber } from '../format/number.ts';

/**
 * "3 of 40 trials (7.5%)", "none of the 40 trials", "all 40 trials"; `more` goes inside the brackets
 * ("2 of 40 trials (5.0%; at most 14.9% …)") or, with none or all, in brackets of its own.
 */
function share(f: FactRead, rule: string, count: 'falsePositives' | 'detections', more?: string): string {
  const n = f('G.noiseCheck.trials');
  const k = f(`G.noiseCheck.${rule}.${count}`);
  const extra = more === undefined ? '' : ` (${more})`;
  if (k === 0) return `none of the ${formatNumber(n, 0)} trials${extra}`;
  if (k === n) return `all ${formatNumber(n, 0)} trials${extra}`;
  const pctName = `G.noiseCheck.${rule}.${count === 'falsePositives' ? 'falsePositivePercent' : 'powerPercent'}`;
  return `${formatNumber(k, 0)} of ${formatNumber(n, 0)} trials (${formatFact(pctName, f(pctName), { digits: 1 })}${more === undefined ? '' : `; ${more}`})`;
}

/** Whether `rule` called more A/A differences than the level allows by more than chance explains (its 95% lower bound above it). */
const clearlyAbove = (f: FactRead, rule: string) => f(`G.noiseCheck.${rule}.falsePositiveLowerPercent`) > f('G.noiseCheck.maxFalsePositivePercent');
/** Whether `rule`'s share of A/A differences is above the level at all. */
const above = (f: FactRead, rule: string) => f(`G.noiseCheck.${rule}.falsePositivePercent`) > f('G.noiseCheck.maxFalsePositivePercent');

/**
 * Whether the overlap rules called more false positives than the significance level allows, by more
 * than chance explains in this many trials. Ranges that do not overlap put every paired ratio on one
 * side of 1, so the range rule never calls more than the ratio rule: "both", "the second" (the ratios),
 * "neither clearly" (a share above the level that chance can give), or both within it.
 */
function overlapVerdict(f: FactRead): string {
  const maxShown = formatFact('G.noiseCheck.maxFalsePositivePercent', f('G.noiseCheck.maxFalsePositivePercent'));
  const trials = formatNumber(f('G.noiseCheck.trials'), 0);
  const runs = formatNumber(f('G.noiseCheck.overlapRuns'), 0);
  const ranges = clearlyAbove(f, 'unpairedOverlap');
  if (ranges || clearlyAbove(f, 'pairedOverlap')) {
    return ` ${ranges ? 'Both are' : 'The second is'} above the ${maxShown} a rule of this kind may allow, by more than chance explains in ${trials} trials. So a difference “beyond the noise” from ${runs} runs on these pages is a lead to check with more runs, not proof.`;
  }
  if (above(f, 'unpairedOverlap') || above(f, 'pairedOverlap')) return ` Neither is clearly above the ${maxShown} a rule of this kind may allow: in ${trials} trials, chance alone gives counts like these.`;
  return ` Both stayed within the ${maxShown} a rule of this kind may allow.`;
}

/** The paired permutation test's record, and what it means for this machine. */
function permutationPart(f: FactRead): string {
  const upper = formatFact('G.noiseCheck.permutation.falsePositiveUpperPercent', f('G.noiseCheck.permutation.falsePositiveUpperPercent'), { digits: 1 });
  const ratio = formatFact('G.noiseCheck.injectedRatio', f('G.noiseCheck.injectedRatio'));
  const trials = formatNumber(f('G.noiseCheck.trials'), 0);
  const record = ` A paired permutation test over all ${formatNumber(f('G.noiseCheck.rounds'), 0)} rounds called a difference in ${share(f, 'permutation', 'falsePositives', `at most ${upper} at 95% confidence`)}, and found an injected ${ratio}× slowdown in ${share(f, 'permutation', 'detections')}.`;
  const maxShown = formatFact('G.noiseCheck.maxFalsePositivePercent', f('G.noiseCheck.maxFalsePositivePercent'));
  if (clearlyAbove(f, 'permutation')) return `${record} Even it called more than ${maxShown} here, by more than chance explains: this machine’s rounds were not alike, so close other programs and re-run before trusting any verdict on these pages.`;
  const chance = above(f, 'permutation') ? ` That is above ${maxShown}, but within what chance gives a ${maxShown} rule in ${trials} trials.` : '';
  const tooWeak = f('G.noiseCheck.permutation.powerPercent') < f('G.noiseCheck.minPowerPercent');
  if (tooWeak) return `${record}${chance} It missed that slowdown in more than ${formatFact('G.noiseCheck.minPowerPercent', 100 - f('G.noiseCheck.minPowerPercent'))} of trials: the noise here can hide a difference of that size.`;
  return `${record}${chance} It needs at least ${formatNumber(f('G.noiseCheck.minPairs'), 0)} paired runs to decide at all.`;
}

/**
 * The paragraph: what the check timed, each overlap rule's false positives at the pages' run count, a
 * verdict against the significance level, then the permutation test's false positives and power.
 * Without a check (results written before it): one sentence saying so.
 */
export function noiseRuleCheck(f: FactRead): string {
  if (f('G.noiseCheck.recorded') === 0) return 'This run did not check the noise rule, so how often it finds a difference that is not there is unmeasured on this machine.';
  const runs = formatNumber(f('G.noiseCheck.overlapRuns'), 0);
  return (
    `To see how often the noise rule finds a difference that is not there, the bench timed case B’s hop against itself: ${formatNumber(f('G.noiseCheck.trials'), 0)} trials of ${formatNumber(f('G.noiseCheck.rounds'), 0)} paired rounds, ${formatNumber(f('G.noiseCheck.callsPerArm'), 0)} calls a side.` +
    ` Judged as these pages judge ${runs} runs a side, it called a difference in ${share(f, 'unpairedOverlap', 'falsePositives')} when the runs’ ranges were compared, and in ${share(f, 'pairedOverlap', 'falsePositives')} when each run’s ratio was.` +
    overlapVerdict(f) +
    permutationPart(f)
  );
}
