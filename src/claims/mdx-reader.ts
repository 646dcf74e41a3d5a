/**
 * The one reader of the article's MDX: parses it into the mdast syntax tree (remark-parse with
 * remark-mdx and remark-gfm, the dialect Astro's MDX renders) and answers what the build asks of it:
 * the JSX elements of a component (<Claim>, <Fig>, …) with their literal attributes, and the prose
 * text (text nodes only: code, inline code, JSX attributes, expressions, ESM and link targets are
 * other node types and never reach it). Every place is a line:column in the MDX file.
 *
 * Front matter is not MDX: its lines are blanked before parsing (offsets, lines and columns stay
 * those of the file).
 */
import type { Root, RootContent, Text } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

/** A 1-based place in a source file. */
export interface SourcePlace {
  line: number;
  column: number;
}

/** An MDX file that cannot be parsed; the message starts with "file:line:column:". */
export class MdxSyntaxError extends Error {
  readonly file: string;
  readonly place: SourcePlace;
  constructor(file: string, place: SourcePlace, reason: string) {
    super(`${file}:${place.line}:${place.column}: ${reason}`);
    this.name = 'MdxSyntaxError';
    this.file = file;
    this.place = place;
  }
}

/** A parsed MDX file. */
export interface MdxDocument {
  /** The file name, as given (for messages). */
  file: string;
  /** The source text exactly as read. */
  source: string;
  tree: Root;
}

const FRONT_MATTER = /^---\r?\n[\s\S]*?\r?\n---(?=\r?\n|$)/;

/**
 * Parses MDX source into its syntax tree.
 * @throws MdxSyntaxError with file:line:column when the source is not valid MDX (an unclosed tag,
 *   a broken expression, …).
 */
export function readMdx(source: string, file: string): MdxDocument {
  const parsable = source.replace(FRONT_MATTER, (m) => m.replace(/[^\r\n]/g, ' '));
  try {
    const tree = unified().use(remarkParse).use(remarkGfm).use(remarkMdx).parse(parsable);
    return { file, source, tree };
  } catch (error) {
    const e = error as { reason?: string; message: string; line?: number; column?: number };
    throw new MdxSyntaxError(file, { line: e.line ?? 1, column: e.column ?? 1 }, `not valid MDX: ${e.reason ?? e.message}`);
  }
}

/** A JSX attribute as written: a literal string, an expression ({…}, its source), or a bare flag. */
export type JsxAttribute = { kind: 'string'; value: string } | { kind: 'expression'; source: string } | { kind: 'flag' };

/** A JSX element of the article. */
export interface JsxElement {
  /** Component name, e.g. "Claim". */
  name: string;
  /** Attributes by name ({...spread} attributes are listed under "..."). */
  attributes: Record<string, JsxAttribute>;
  /** Where the opening tag starts. */
  start: SourcePlace;
  /** Whether the element was written self-closing (<Fig … />). */
  selfClosing: boolean;
  /** The element's inner source, exactly as written ("" when it has no children). */
  innerSource: string;
  /** JSX elements nested inside it (any depth). */
  descendants: JsxElement[];
}

type AnyNode = Root | RootContent;
type JsxNode = Extract<RootContent, { type: 'mdxJsxFlowElement' | 'mdxJsxTextElement' }>;

function isJsx(node: AnyNode): node is JsxNode {
  return node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement';
}

function children(node: AnyNode): RootContent[] {
  return 'children' in node ? (node.children as RootContent[]) : [];
}

function placeOf(node: AnyNode): SourcePlace {
  return { line: node.position?.start.line ?? 1, column: node.position?.start.column ?? 1 };
}

function toElement(doc: MdxDocument, node: JsxNode): JsxElement {
  const attributes: Record<string, JsxAttribute> = {};
  for (const a of node.attributes) {
    if (a.type === 'mdxJsxExpressionAttribute') attributes['...'] = { kind: 'expression', source: a.value };
    else if (a.value === null || a.value === undefined) attributes[a.name] = { kind: 'flag' };
    else if (typeof a.value === 'string') attributes[a.name] = { kind: 'string', value: a.value };
    else attributes[a.name] = { kind: 'expression', source: a.value.value };
  }
  const kids = node.children as RootContent[];
  const first = kids[0]?.position?.start.offset;
  const last = kids.at(-1)?.position?.end.offset;
  const whole = doc.source.slice(node.position?.start.offset ?? 0, node.position?.end.offset ?? 0);
  const descendants: JsxElement[] = [];
  for (const kid of kids) collect(doc, kid, () => true, descendants);
  return {
    name: node.name ?? '',
    attributes,
    start: placeOf(node),
    selfClosing: kids.length === 0 && /\/\s*>$/.test(whole),
    innerSource: first !== undefined && last !== undefined ? doc.source.slice(first, last) : '',
    descendants,
  };
}

function collect(doc: MdxDocument, node: AnyNode, wanted: (name: string) => boolean, into: JsxElement[]): void {
  if (isJsx(node) && wanted(node.name ?? '')) into.push(toElement(doc, node));
  for (const kid of children(node)) collect(doc, kid, wanted, into);
}

/** Every JSX element whose name is in `names`, in source order (nested ones too). */
export function jsxElements(doc: MdxDocument, names: readonly string[]): JsxElement[] {
  const found: JsxElement[] = [];
  collect(doc, doc.tree, (name) => names.includes(name), found);
  return found;
}

/** A run of prose: one text node's value and where it starts. */
export interface ProseText {
  value: string;
  start: SourcePlace;
  /** The node's source, exactly as written (escapes and line prefixes included). */
  source: string;
  /** Offset of `source` in the file. */
  offset: number;
}

/** Every text node of the document, in source order: the article's prose, nothing else. */
export function proseTexts(doc: MdxDocument): ProseText[] {
  const texts: ProseText[] = [];
  const walk = (node: AnyNode) => {
    if (node.type === 'text') {
      const t = node as Text;
      const offset = t.position?.start.offset ?? 0;
      texts.push({ value: t.value, start: placeOf(t), source: doc.source.slice(offset, t.position?.end.offset ?? offset), offset });
    }
    children(node).forEach(walk);
  };
  walk(doc.tree);
  return texts;
}

/** The line:column of an offset in `source`. */
export function placeAt(source: string, offset: number): SourcePlace {
  const before = source.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}
