/**
 * Whether this build's case E reproduces the labelled reference run, run by run. Case E's delays are
 * seeded, so a faithful bench writes the same counts on any machine; the article states this as a
 * checked claim. Reads the merged facts of this build (E.V.F.run{r}) and of the reference ("ref." +
 * the same names, from src/facts/reference-facts.ts).
 */
import { FAILURE_VARIANTS, type Facts } from '../../facts/facts.ts';

/** The counts compared: those the reference report prints per run and that do not depend on timing. */
export const MATCHED_FIGURES = ['calls', 'failed', 'invoicesWritten', 'duplicates', 'slowCalls'] as const;

/**
 * Facts about case E against the reference run:
 * - E.refMatch.runsCompared: this build's runs that the reference also has (a run r counts when every
 *   variant has every figure of MATCHED_FIGURES for run r on both sides);
 * - E.refMatch.runsEqual: of those, runs where every variant's every figure is equal.
 * Source: this build's results and bench/reference/reference-output-2026-10-19.txt.
 */
export function referenceMatchFacts(facts: Facts): Record<string, number> {
  let compared = 0;
  let equal = 0;
  const keys = Object.values(FAILURE_VARIANTS);
  // The runs this build has, by their own index: a one-run view of run 3 (run-facts.ts) holds run 3 only.
  const pattern = new RegExp(`^E\\.${keys[0]}\\.calls\\.run(\\d+)$`);
  const runs = Object.keys(facts).flatMap((name) => {
    const m = pattern.exec(name);
    return m ? [Number(m[1])] : [];
  });
  for (const run of runs) {
    const names = keys.flatMap((key) => MATCHED_FIGURES.map((figure) => `E.${key}.${figure}.run${run}`));
    if (!names.every((n) => Object.hasOwn(facts, n) && Object.hasOwn(facts, `ref.${n}`))) continue;
    compared++;
    if (names.every((n) => facts[n] === facts[`ref.${n}`])) equal++;
  }
  return { 'E.refMatch.runsCompared': compared, 'E.refMatch.runsEqual': equal };
}
