/** Case F's stored result and config from this build's beyond results, for the page's components. */
import type { LoadConfig, LoadResult } from '@split-on-evidence/hop-bench/schema';
import type { BeyondResults } from '../../inputs/results-source.ts';

/**
 * Case F's result and config, or undefined when case F was not measured. Components that use it sit
 * inside <BeyondCase id="F"> and render nothing then (the block says why instead).
 */
export function caseFResult(results: BeyondResults): { result: LoadResult; config: LoadConfig } | undefined {
  const c = results.cases.find((k) => k.id === 'F');
  if (!c || c.status !== 'measured') return undefined;
  return { result: c.result as LoadResult, config: results.config.caseConfigs.F as LoadConfig };
}
