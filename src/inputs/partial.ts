/**
 * Whether a results file is a partial run: a quick (smoke-test) run, fewer runs than the full suite,
 * or fewer calls. The page states its figures as measurements, so the build refuses partial results
 * unless asked (--allow-partial), and a page built from them carries a warning at its top.
 */
import type { BenchConfig } from '@split-on-evidence/hop-bench/schema';

const int = (n: number) => Math.round(n).toLocaleString('en-US');

/**
 * What makes `config` less than the full suite `full`, one plain phrase each; empty for a full run
 * (more runs than the full suite's are not partial).
 */
export function partialReasons(config: BenchConfig, full: BenchConfig): string[] {
  const reasons: string[] = [];
  if (config.mode === 'quick') reasons.push('a quick run (npm run bench -- --quick), made to smoke-test the bench');
  if (config.runs < full.runs) reasons.push(`${config.runs === 1 ? 'one run' : `${config.runs} runs`} instead of ${full.runs}`);
  const fewer = Object.entries(full.latency).flatMap(([id, f]) => {
    const c = config.latency[id];
    return c && c.timedCalls < f.timedCalls ? [`${id} ${int(c.timedCalls)} instead of ${int(f.timedCalls)}`] : [];
  });
  const ratios = new Set(Object.entries(full.latency).flatMap(([id, f]) => (config.latency[id] ? [f.timedCalls / config.latency[id]!.timedCalls] : [])));
  if (fewer.length > 0) {
    const share = ratios.size === 1 && [...ratios][0] === 10 ? 'a tenth of the timed calls' : 'fewer timed calls';
    reasons.push(`${share} per run (${fewer.join(', ')})`);
  }
  for (const [id, f] of Object.entries(full.failure)) {
    const c = config.failure[id];
    if (c && c.callsPerVariant < f.callsPerVariant) reasons.push(`${int(c.callsPerVariant)} calls per variant in case ${id} instead of ${int(f.callsPerVariant)}`);
  }
  return reasons;
}
