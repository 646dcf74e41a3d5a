/** Case F's stored result and config from this build's beyond results, for the page's components. */
import type { LoadConfig, LoadResult } from '@split-on-evidence/hop-bench/beyond/f-load';
import type { BeyondResults } from '@split-on-evidence/hop-bench/beyond-schema';

/**
 * Case F's result and config.
 * @throws Error when case F was not measured (components that call this sit inside <BeyondCase id="F">).
 */
export function caseFResult(results: BeyondResults): { result: LoadResult; config: LoadConfig } {
  const c = results.cases.find((k) => k.id === 'F');
  if (!c || c.status !== 'measured') throw new Error('case F was not measured; put its components inside <BeyondCase id="F">');
  return { result: c.result as LoadResult, config: results.config.caseConfigs.F as LoadConfig };
}
