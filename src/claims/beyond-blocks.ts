/**
 * The article's beyond-case blocks, <BeyondCase id="F"> … </BeyondCase>: the part of the text that
 * shows one beyond case's figures. When the case was not measured on the build machine, the block's
 * figures and claims are not checked (they have no facts) and the page shows why instead.
 */

/** One block: its case id and the character range of its inner text. */
export interface BeyondBlock {
  id: string;
  /** Index of the first character after the opening tag. */
  innerStart: number;
  /** Index of the closing tag. */
  innerEnd: number;
  /** 1-based line of the opening tag. */
  line: number;
}

const BLOCK = /<BeyondCase\s+id="([A-Z])"\s*>([\s\S]*?)<\/BeyondCase>/g;

/**
 * Every <BeyondCase id="X">…</BeyondCase> of an MDX text, in order.
 * @throws Error when an opening tag has no closing tag or its id is not one quoted capital letter.
 */
export function beyondBlocks(mdx: string): BeyondBlock[] {
  const blocks: BeyondBlock[] = [];
  for (const m of mdx.matchAll(BLOCK)) {
    const innerStart = m.index + m[0].indexOf('>') + 1;
    blocks.push({ id: m[1]!, innerStart, innerEnd: innerStart + m[2]!.length, line: mdx.slice(0, m.index).split('\n').length });
  }
  const opened = [...mdx.matchAll(/<BeyondCase\b/g)].length;
  if (opened !== blocks.length) {
    throw new Error(`${opened} <BeyondCase> tags but ${blocks.length} of the form <BeyondCase id="X">…</BeyondCase>; fix the tag or its closing tag`);
  }
  return blocks;
}

/**
 * The text with the inner part of each block of an unmeasured case blanked (newlines kept, so line
 * numbers in messages stay right): its facts and claims are then neither checked nor counted.
 */
export function withoutUnmeasured(mdx: string, unmeasured: ReadonlySet<string>): string {
  let out = '';
  let at = 0;
  for (const b of beyondBlocks(mdx)) {
    if (!unmeasured.has(b.id)) continue;
    out += mdx.slice(at, b.innerStart) + mdx.slice(b.innerStart, b.innerEnd).replace(/[^\n]/g, ' ');
    at = b.innerEnd;
  }
  return out + mdx.slice(at);
}
