/**
 * Whether a figure component (<Fig>, <Count>, <Ratio>) renders nothing for a fact name. Astro renders
 * the children of <BeyondCase> and of <Form> even when they show nothing (it evaluates a component's
 * slots eagerly), so a figure there is rendered and its output discarded. It may render nothing only when
 * its fact is rightly absent: its beyond case was not measured here, or the fact is declared
 * outcome-dependent (src/facts/optional-facts.ts) and this run's outcome leaves it out, in which case the
 * build's check has already required it to sit inside a <Form> for the other outcome. Any other absent
 * name is not skipped, so the component's requireFact throws, naming it.
 */
import { absentByOutcome } from '../../facts/optional-facts.ts';
import { pageData } from '../../inputs/page-data.ts';
import { inUnmeasuredCase } from './unmeasured-figures.ts';

/** True when the figure for `name` is rightly absent here and renders nothing (see above). */
export function figureSkipped(name: string): boolean {
  return inUnmeasuredCase([name]) || absentByOutcome(pageData().facts, name) !== undefined;
}
