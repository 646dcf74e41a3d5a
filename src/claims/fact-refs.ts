/**
 * The fact names an MDX text asks for through its figure components (<Fig name>, <Ratio name>,
 * <Count name>, <RatioWord name>, <Relation name to>), read from the MDX syntax tree, so the build can
 * reject an unknown name before rendering, with its line and column.
 */
import { jsxElements, readMdx, type MdxDocument } from './mdx-reader.ts';

/** A fact name used in a source file. */
export interface FactReference {
  name: string;
  component: string;
  /** 1-based line of the component's tag. */
  line: number;
  /** 1-based column of the component's tag. */
  column: number;
  /** Set when the attribute is an expression ({…}) rather than a quoted name: the build cannot check it. */
  expression?: string;
}

/** The figure components and the attributes of each that name a fact. */
export const FIGURE_COMPONENTS: Readonly<Record<string, readonly string[]>> = {
  Fig: ['name'],
  Ratio: ['name'],
  Count: ['name'],
  RatioWord: ['name'],
  Relation: ['name', 'to'],
};

/** Every fact name the figure components of a parsed document use, with its place. */
export function factReferencesOf(doc: MdxDocument): FactReference[] {
  const refs: FactReference[] = [];
  for (const el of jsxElements(doc, Object.keys(FIGURE_COMPONENTS))) {
    for (const attr of FIGURE_COMPONENTS[el.name] ?? []) {
      const a = el.attributes[attr];
      const at = { component: el.name, line: el.start.line, column: el.start.column };
      if (a?.kind === 'string') refs.push({ name: a.value, ...at });
      else if (a?.kind === 'expression') refs.push({ name: '', expression: a.source, ...at });
    }
  }
  return refs;
}

/**
 * Every fact name the figure components of `mdx` use, with its place.
 * @throws MdxSyntaxError when the text is not valid MDX.
 */
export function extractFactReferences(mdx: string, file = 'article.mdx'): FactReference[] {
  return factReferencesOf(readMdx(mdx, file));
}
