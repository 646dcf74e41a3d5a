/**
 * Claims: sentences in the article that characterise a figure, each written with its condition,
 *
 *   <Claim when="ratio.DoverB.p50 > 2">the chain costs more than two single hops</Claim>
 *
 * The build reads every claim from the MDX source, evaluates its condition against the facts and
 * fails when one is false, so the page never contradicts its own numbers. The <Claim> component
 * evaluates the same condition again while rendering (so `astro dev` shows a false claim too).
 */
import { compileCondition, ConditionError } from './expr.ts';
import { FactError, hasFact, type Facts } from './facts.ts';

/** A claim as written in a source file. */
export interface Claim {
  /** The claim's text (inner MDX, tags kept, whitespace collapsed). */
  text: string;
  /** The condition as written in `when`. */
  when: string;
  /** File the claim is in, as given to `extractClaims`. */
  file: string;
  /** 1-based line of the opening tag. */
  line: number;
}

/** The outcome of one claim. */
export interface ClaimResult {
  claim: Claim;
  /** True when the condition holds; false when it does not or could not be evaluated. */
  holds: boolean;
  /** Each fact the condition reads and its value (absent when unknown). */
  values: Record<string, number>;
  /** Why it could not be evaluated (unknown fact, bad syntax), if so. */
  error?: string;
}

/** A claim tag could not be read; the message names the file and line. */
export class ClaimSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClaimSyntaxError';
  }
}

const ATTRIBUTE = String.raw`\s+[A-Za-z]+=(?:"[^"]*"|'[^']*'|\{[^}]*\})`;
const CLAIM_TAG = new RegExp(String.raw`<Claim((?:${ATTRIBUTE})*)\s*>([\s\S]*?)</Claim>`, 'g');
const WHEN = /\swhen=(?:"([^"]*)"|'([^']*)'|(\{[^}]*\}))/;

/**
 * Reads every <Claim when="…">…</Claim> of an MDX text.
 * @throws ClaimSyntaxError when a <Claim> tag is not of that form (so no claim escapes the check):
 *   a missing or non-literal `when`, a self-closing claim, or an opening tag without its closing tag.
 */
export function extractClaims(mdx: string, file: string): Claim[] {
  const claims: Claim[] = [];
  const lineAt = (index: number) => mdx.slice(0, index).split('\n').length;
  for (const m of mdx.matchAll(CLAIM_TAG)) {
    const line = lineAt(m.index);
    const attrs = m[1] ?? '';
    const when = WHEN.exec(attrs);
    if (!when || when[3] !== undefined) {
      throw new ClaimSyntaxError(`${file}:${line}: a <Claim> needs its condition as a quoted string, e.g. when="ratio.DoverB.p50 > 2"`);
    }
    const text = (m[2] ?? '').replace(/\s+/g, ' ').trim();
    if (text === '') throw new ClaimSyntaxError(`${file}:${line}: a <Claim> needs the text it vouches for`);
    if (text.includes('<Claim')) throw new ClaimSyntaxError(`${file}:${line}: claims cannot be nested`);
    claims.push({ text, when: when[1] ?? when[2] ?? '', file, line });
  }
  const opened = [...mdx.matchAll(/<Claim\b/g)].length;
  if (opened !== claims.length) {
    const stray = [...mdx.matchAll(/<Claim\b/g)].find((o) => !claims.some((c) => c.line === lineAt(o.index)));
    throw new ClaimSyntaxError(
      `${file}:${stray ? lineAt(stray.index) : '?'}: a <Claim> tag is not of the form <Claim when="…">text</Claim>`,
    );
  }
  return claims;
}

/** Evaluates each claim; never throws (unknown facts and syntax errors become failing results). */
export function evaluateClaims(claims: readonly Claim[], facts: Facts): ClaimResult[] {
  return claims.map((claim) => {
    const values: Record<string, number> = {};
    try {
      const condition = compileCondition(claim.when);
      for (const name of condition.names) if (hasFact(facts, name)) values[name] = facts[name]!;
      return { claim, holds: condition.evaluate(facts), values };
    } catch (error) {
      if (error instanceof ConditionError || error instanceof FactError) {
        return { claim, holds: false, values, error: error.message };
      }
      throw error;
    }
  });
}

/** Formats a figure for the claims report: up to four significant digits, no exponent. */
export function formatValue(value: number): string {
  if (Number.isInteger(value)) return String(value);
  return Number(value.toPrecision(4)).toString();
}

/**
 * The claims report as printed by the build: a summary line, then for each claim that does not hold
 * its text, condition, values and place.
 */
export function formatClaimsReport(results: readonly ClaimResult[]): string {
  const failing = results.filter((r) => !r.holds);
  const lines = [
    failing.length === 0
      ? `claims: all ${results.length} hold`
      : `claims: ${results.length - failing.length} of ${results.length} hold, ${failing.length} FALSE`,
  ];
  for (const r of failing) {
    lines.push(`  ✗ "${r.claim.text}"`);
    lines.push(`      when:   ${r.claim.when}`);
    const values = Object.entries(r.values).map(([k, v]) => `${k} = ${formatValue(v)}`);
    if (values.length > 0) lines.push(`      values: ${values.join(', ')}`);
    if (r.error) lines.push(`      error:  ${r.error}`);
    lines.push(`      at:     ${r.claim.file}:${r.claim.line}`);
  }
  return lines.join('\n');
}

/**
 * Every claim, holding or not, as `npm run claims` lists them after the report: a ✓ or ✗, the text,
 * the condition, the values it read and the place; one block per claim, in article order.
 */
export function formatClaimsList(results: readonly ClaimResult[]): string {
  const lines: string[] = [];
  for (const r of results) {
    lines.push(`  ${r.holds ? '✓' : '✗'} "${r.claim.text}"`);
    lines.push(`      when:   ${r.claim.when}`);
    const values = Object.entries(r.values).map(([k, v]) => `${k} = ${formatValue(v)}`);
    if (values.length > 0) lines.push(`      values: ${values.join(', ')}`);
    if (r.error) lines.push(`      error:  ${r.error}`);
    lines.push(`      at:     ${r.claim.file}:${r.claim.line}`);
  }
  return lines.join('\n');
}
