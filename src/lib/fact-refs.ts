/**
 * The fact names an MDX text asks for through its figure components (<Fig name>, <Ratio name>,
 * <Count name>, <RatioWord name>, <Relation name to>), so the build can reject an unknown name
 * before rendering, with its line.
 */

/** A fact name used in a source file. */
export interface FactReference {
  name: string;
  component: string;
  line: number;
}

const FIGURE_TAG = /<(Fig|Ratio|Count|RatioWord|Relation)\b((?:\s+[A-Za-z]+=(?:"[^"]*"|'[^']*'|\{[^}]*\}))*)\s*\/?>/g;
const NAME_ATTRS = /\s(name|to)=(?:"([^"]*)"|'([^']*)')/g;

/** Every fact name the figure components of `mdx` use, with its line. */
export function extractFactReferences(mdx: string): FactReference[] {
  const refs: FactReference[] = [];
  for (const m of mdx.matchAll(FIGURE_TAG)) {
    const line = mdx.slice(0, m.index).split('\n').length;
    for (const a of (m[2] ?? '').matchAll(NAME_ATTRS)) refs.push({ name: a[2] ?? a[3] ?? '', component: m[1]!, line });
  }
  return refs;
}
