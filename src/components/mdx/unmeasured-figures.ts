/**
 * Figures of a beyond case this build did not measure. Astro renders the children of <BeyondCase>
 * even when it shows "not measured here" instead, so the figure components (<Fig>, <Count>, <Ratio>,
 * <RatioWord>, <Relation>, <Claim>) ask here first and render nothing for such a name; the output is
 * discarded anyway. A name of an unmeasured case used outside a <BeyondCase> block is still caught by
 * the build's check (check-article.ts: unknown fact).
 */
import { pageData } from '../../inputs/page-data.ts';

/** True when one of `names` (e.g. "F.chain.open.p99Us.at95") belongs to a beyond case this build did not measure. */
export function inUnmeasuredCase(names: readonly string[]): boolean {
  const { beyondCases } = pageData().views;
  return names.some((name) => {
    const id = name.split('.')[0]!;
    // A case the beyond results do not hold at all is unmeasured too (its view has a reason, or none exists).
    return /^[F-Z]$/.test(id) && (beyondCases[id] === undefined || beyondCases[id].reason !== undefined);
  });
}
