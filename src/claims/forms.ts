/**
 * Sentence forms chosen by a figure: <Form of="backoffUnkeyedDuplicates" is="zero">…</Form>, one
 * <Form> per outcome, so a sentence has a true and fitting form for zero, one or many (or any other set
 * of outcomes a selector names). Selectors live in src/prose/forms.ts. Only the chosen form is rendered
 * and checked; the build refuses a selector whose outcomes are not all written.
 */
import { FORMS } from '../prose/forms.ts';
import type { Facts } from '../facts/facts.ts';
import { jsxElements, type JsxElement, type MdxDocument } from './mdx-reader.ts';
import { recordingReader } from './named.ts';
import type { FormSelector } from './form-selector.ts';

/** The article's selectors by name (src/prose/forms.ts). */
export const ARTICLE_FORMS: Readonly<Record<string, FormSelector>> = FORMS;

/** One <Form> element and whether it is the chosen one. */
export interface FormUse {
  of: string;
  is: string;
  element: JsxElement;
  file: string;
  /** True when its selector picks `is` on these facts. */
  chosen: boolean;
  /** The facts its selector read to pick, e.g. ["I.immediate.recovered"]. */
  reads: string[];
}

/** A <Form> that cannot be evaluated, or a selector with an outcome no <Form> writes. */
export class FormError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FormError';
  }
}

/**
 * Every <Form> of a parsed document, each marked chosen or not on `facts`.
 * @throws FormError naming file:line:column for a missing `of`/`is`, an unknown selector, an outcome
 *   the selector does not have, or a fact the selector cannot read.
 */
export function formUses(doc: MdxDocument, facts: Facts, selectors: Readonly<Record<string, FormSelector>> = ARTICLE_FORMS): FormUse[] {
  return jsxElements(doc, ['Form']).map((element) => {
    const at = `${doc.file}:${element.start.line}:${element.start.column}`;
    const of = element.attributes.of;
    const is = element.attributes.is;
    if (of?.kind !== 'string' || is?.kind !== 'string') throw new FormError(`${at}: a <Form> needs of="selector" and is="outcome" as quoted strings`);
    const selector = Object.hasOwn(selectors, of.value) ? selectors[of.value]! : undefined;
    if (!selector) throw new FormError(`${at}: no form selector "${of.value}" in src/prose/forms.ts`);
    if (!selector.forms.includes(is.value)) throw new FormError(`${at}: selector "${of.value}" has no outcome "${is.value}" (it has ${selector.forms.join(', ')})`);
    let picked: string;
    const reader = recordingReader(facts);
    try {
      picked = selector.pick(reader.read);
    } catch (error) {
      throw new FormError(`${at}: selector "${of.value}" cannot be evaluated: ${(error as Error).message}`);
    }
    return { of: of.value, is: is.value, element, file: doc.file, chosen: picked === is.value, reads: Object.keys(reader.values) };
  });
}

/**
 * Checks that every selector used has a <Form> for each of its outcomes, across all the uses given.
 * @throws FormError naming the selector, the missing outcomes and where it is used.
 */
export function requireEveryForm(uses: readonly FormUse[], selectors: Readonly<Record<string, FormSelector>> = ARTICLE_FORMS): void {
  const problems: string[] = [];
  for (const of of new Set(uses.map((u) => u.of))) {
    const written = new Set(uses.filter((u) => u.of === of).map((u) => u.is));
    const missing = selectors[of]!.forms.filter((form) => !written.has(form));
    const first = uses.find((u) => u.of === of)!;
    if (missing.length > 0) {
      problems.push(`  ${first.file}:${first.element.start.line}: <Form of="${of}"> has no form for ${missing.map((m) => `"${m}"`).join(', ')}`);
    }
  }
  if (problems.length > 0) {
    throw new FormError(`a sentence lacks a form for some outcome a faithful run can produce:\n${problems.join('\n')}\nFix: write a <Form of="…" is="…"> for each outcome.`);
  }
}

/** "line:column" keys of every JSX element inside a <Form> that is not chosen (not rendered, not checked). */
export function insideUnchosen(uses: readonly FormUse[]): Set<string> {
  const keys = new Set<string>();
  for (const u of uses) if (!u.chosen) for (const d of u.element.descendants) keys.add(`${d.start.line}:${d.start.column}`);
  return keys;
}

/** The <Form>s that contain the element starting at `line`:`column`, outermost first. */
export function enclosingForms(uses: readonly FormUse[], line: number, column: number): FormUse[] {
  return uses.filter((u) => u.element.descendants.some((d) => d.start.line === line && d.start.column === column));
}
