/**
 * Case I's one-run rule in words: when a difference between two policies' figures counts (each ran
 * once), the words for its verdict, the policies' names, and the caveat for a run whose caller fell
 * behind its schedule.
 */
import type { FactRead } from '../claims/named.ts';
import { formatFact } from '../format/number.ts';
import { listWords } from '../format/list-words.ts';
import { RELATION_TOLERANCE } from './rules.ts';

/**
 * Case I, one run per policy: a difference between two policies' figure `measure` counts only when it
 * is larger than the difference between the two runs of naive immediate retries on the same figure
 * (the same clients in the same storm with the same seed, keys kept a day and kept 100 ms: not two runs
 * of one setup, so their difference measures what the key lifetime changed, not noise), the only
 * run-to-run difference the results hold, AND larger than the page's one-run tolerance
 * (RELATION_TOLERANCE of the larger figure, as `standing` judges one run): a yardstick of zero spread
 * would otherwise count any gap, however small, as an effect. Where the pair's gap is below that
 * tolerance, the rule is a flat RELATION_TOLERANCE of the larger figure.
 */
export function policyDiffers(f: FactRead, measure: string, a: string, b: string): boolean {
  const spread = Math.abs(f(`I.immediate.${measure}`) - f(`I.immediateShortTtl.${measure}`));
  const va = f(`I.${a}.${measure}`);
  const vb = f(`I.${b}.${measure}`);
  const gap = Math.abs(va - vb);
  return gap > spread && gap > RELATION_TOLERANCE * Math.max(Math.abs(va), Math.abs(vb));
}

/**
 * Case I: run `a`'s count `measure` (e.g. "failed") against run `b`'s by the one-run rule (policyDiffers):
 * "none" (no difference it counts), or "fewer" / "more" for `a`.
 */
export function countDifference(f: FactRead, measure: string, a: string, b: string): 'none' | 'fewer' | 'more' {
  if (!policyDiffers(f, measure, a, b)) return 'none';
  return f(`I.${a}.${measure}`) < f(`I.${b}.${measure}`) ? 'fewer' : 'more';
}

/** The words of a countDifference (or "same": equal counts) for a group of `n` counts: "a difference too small for the rule to count", "each fewer, by more than the rule allows for". */
export const COUNT_VERDICT: Readonly<Record<'same' | 'none' | 'fewer' | 'more', (n: number) => string>> = {
  same: (n) => (n === 1 ? 'as many' : 'each as many'),
  none: (n) => (n === 1 ? 'a difference too small for the rule to count' : 'differences too small for the rule to count'),
  fewer: (n) => `${n === 1 ? '' : 'each '}fewer, by more than the rule allows for`,
  more: (n) => `${n === 1 ? '' : 'each '}more, by more than the rule allows for`,
};

/** "10%": the one-run tolerance in words. */
export function tolerancePercent(): string {
  return `${Math.round(100 * RELATION_TOLERANCE)}%`;
}

/**
 * Case I: a clause for a figure or comparison that uses run `key`'s figures when that run's caller fell
 * behind its schedule (I.<key>.lateStartMs above I.schedule.lateLimitMs, the bench's warning threshold),
 * else "". `full` (the run's first mention) says how late; later mentions name the run's state only.
 */
export function lateCaveat(f: FactRead, key: string, full = false): string {
  const late = f(`I.${key}.lateStartMs`);
  if (late <= f('I.schedule.lateLimitMs')) return '';
  if (full) return ` (though in that run the caller fell behind its schedule, starting calls up to ${formatFact(`I.${key}.lateStartMs`, late)} late, so its load came in bursts)`;
  return key === 'none' ? ' (a run whose caller fell behind its schedule)' : ` (${POLICY_NAMES[key]}: a run whose caller fell behind its schedule)`;
}

/**
 * Case I: a sentence naming the runs among `keys` whose caller fell behind, whose figures (`what`:
 * singular and plural, recovery times by default) came from a burstier load, or "".
 */
export function lateRunsSentence(f: FactRead, keys: readonly string[], what: [string, string] = ['recovery time', 'recovery times']): string {
  const limit = f('I.schedule.lateLimitMs');
  const behind = keys.filter((k) => f(`I.${k}.lateStartMs`) > limit);
  if (behind.length === 0) return '';
  const one = behind.length === 1;
  return ` The ${what[one ? 0 : 1]} of ${listWords(behind.map((k) => POLICY_NAMES[k]!))} ${one ? 'comes from a run' : 'come from runs'} whose caller fell behind its schedule, a burstier load than the others'.`;
}

/** Case I's policies by fact-name segment, in the article's order, with their names in prose. */
export const POLICY_KEYS = ['none', 'immediate', 'backoff', 'budget', 'deadline'] as const;
export const POLICY_NAMES: Readonly<Record<string, string>> = {
  none: 'no retry',
  immediate: 'naive immediate retries',
  backoff: 'backoff with full jitter',
  budget: 'the retry budget',
  deadline: 'deadline-drop',
};
