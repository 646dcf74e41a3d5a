/**
 * Fit, not only truth: the check that reports a sentence whose words are true but do not fit the
 * figure, as the claims check reports a false one (the build fails on either):
 * - a count of zero in a sentence written for a positive count (a <Count> showing 0 outside a
 *   <Form is="zero">, unless the tag says `fitsZero`: the sentence reads true at zero);
 * - a loose bound: a claim's f.atLeast(value, bound) where value > 2 × bound, or f.atMost(value, bound)
 *   where value < bound ÷ 2 (derive the word from the figure instead);
 * - noise read as an effect: a claim or derived word that reads a comparison whose runs' intervals
 *   overlap ("….noise" fact = NOISE.same) without reading that noise fact.
 */
import type { Facts } from '../facts/facts.ts';
import { NOISE, NOISE_SUFFIX } from '../facts/noise-facts.ts';
import { formatValue, type ClaimResult } from './claims.ts';
import type { WordResult } from './derived-words.ts';
import type { FormUse } from './forms.ts';
import { jsxElements, type MdxDocument } from './mdx-reader.ts';

/** A sentence that holds but does not fit its figure. */
export interface Misfit {
  /** What does not fit, in a phrase. */
  why: string;
  /** The sentence (a claim's text) or the source around the tag. */
  text: string;
  /** The figures involved. */
  values: Record<string, number>;
  file: string;
  line: number;
  column?: number;
  /** How to fix it. */
  fix: string;
}

/** How far a bound may stand from its figure before it misleads: a factor (2 = twice). */
export const BOUND_SLACK = 2;

/** The source line around a tag, for the report. */
function around(doc: MdxDocument, line: number, column: number): string {
  const text = doc.source.split('\n')[line - 1] ?? '';
  return text.slice(Math.max(0, column - 1 - 60), column - 1 + 80).trim();
}

/**
 * Counts of zero in sentences written for a positive count.
 * @param forms the document's <Form>s (chosen or not) from forms.ts.
 */
export function zeroCountMisfits(doc: MdxDocument, facts: Facts, forms: readonly FormUse[]): Misfit[] {
  const key = (p: { line: number; column: number }) => `${p.line}:${p.column}`;
  const hidden = new Set(forms.filter((f) => !f.chosen).flatMap((f) => f.element.descendants.map((d) => key(d.start))));
  const inZeroForm = new Set(forms.filter((f) => f.is === 'zero').flatMap((f) => f.element.descendants.map((d) => key(d.start))));
  const misfits: Misfit[] = [];
  for (const el of jsxElements(doc, ['Count'])) {
    const name = el.attributes.name;
    if (name?.kind !== 'string' || !Object.hasOwn(facts, name.value)) continue;
    if (facts[name.value] !== 0 || hidden.has(key(el.start)) || inZeroForm.has(key(el.start)) || el.attributes.fitsZero) continue;
    misfits.push({
      why: 'a count of zero in a sentence written for a positive count',
      text: around(doc, el.start.line, el.start.column),
      values: { [name.value]: 0 },
      file: doc.file,
      line: el.start.line,
      column: el.start.column,
      fix: `write the sentence's forms with <Form of="…" is="zero|one|many"> (src/prose/forms.ts, byCount("${name.value}")), or add fitsZero to the <Count> if the sentence reads true at zero`,
    });
  }
  return misfits;
}

/** Claims whose stated bound is more than BOUND_SLACK times off their figure. */
export function boundMisfits(results: readonly ClaimResult[]): Misfit[] {
  return results.flatMap((r) =>
    r.bounds
      .filter((b) => b.bound > 0 && (b.kind === 'atLeast' ? b.value > BOUND_SLACK * b.bound : b.value < b.bound / BOUND_SLACK))
      .map((b) => ({
        why: `a loose bound: "${b.kind === 'atLeast' ? 'at least' : 'at most'} ${formatValue(b.bound)}" beside ${formatValue(b.value)}, ${b.kind === 'atLeast' ? 'more than twice' : 'less than half'} the bound`,
        text: r.claim.text,
        values: r.values,
        file: r.claim.file,
        line: r.claim.line,
        column: r.claim.column,
        fix: `derive the word from the figure (<RatioWord>, or a <Word> in src/prose/words.ts) instead of stating a bound in src/prose/claims.ts "${r.claim.name}"`,
      })),
  );
}

/** Claims and derived words that read a comparison within the noise without its noise fact. */
export function noiseMisfits(claims: readonly ClaimResult[], words: readonly WordResult[], facts: Facts): Misfit[] {
  const overlapping = (values: Record<string, number>) =>
    Object.keys(values).filter((n) => facts[n + NOISE_SUFFIX] === NOISE.same && !Object.hasOwn(values, n + NOISE_SUFFIX));
  const misfit = (names: string[], values: Record<string, number>, text: string, file: string, line: number, column: number | undefined, what: string): Misfit => ({
    why: `noise read as an effect: ${names.join(', ')} ${names.length === 1 ? 'is a comparison whose' : 'are comparisons whose'} runs' intervals overlap (no measurable difference), and the ${what} does not read the noise rule`,
    text,
    values: { ...values, ...Object.fromEntries(names.map((n) => [n + NOISE_SUFFIX, facts[n + NOISE_SUFFIX]!])) },
    file,
    line,
    column,
    fix: `read the comparison's noise fact ("${names[0]}${NOISE_SUFFIX}") and say "no measurable difference" when it is ${NOISE.same} (src/prose/words.ts: comparison())`,
  });
  return [
    ...claims.flatMap((r) => {
      const names = overlapping(r.values);
      return names.length === 0 ? [] : [misfit(names, r.values, r.claim.text, r.claim.file, r.claim.line, r.claim.column, `claim "${r.claim.name}"`)];
    }),
    ...words.flatMap((w) => {
      const names = overlapping(w.values);
      return names.length === 0 ? [] : [misfit(names, w.values, w.word ?? '', w.use.file, w.use.line, w.use.column, `word "${w.use.name}"`)];
    }),
  ];
}

/** The misfit report: "fit: all N sentences fit" or one block per misfit with why, values, place and fix. */
export function formatMisfits(misfits: readonly Misfit[]): string {
  if (misfits.length === 0) return 'fit: no misfit';
  const lines = [`fit: ${misfits.length} MISFIT${misfits.length === 1 ? '' : 'S'}`];
  for (const m of misfits) {
    lines.push(`  ✗ "${m.text}"`);
    lines.push(`      misfit: ${m.why}`);
    const values = Object.entries(m.values).map(([k, v]) => `${k} = ${formatValue(v)}`);
    if (values.length > 0) lines.push(`      values: ${values.join(', ')}`);
    lines.push(`      at:     ${m.file}:${m.line}${m.column === undefined ? '' : `:${m.column}`}`);
    lines.push(`      fix:    ${m.fix}`);
  }
  return lines.join('\n');
}
