/**
 * Claims: sentences in the article that characterise a figure, each written with its condition,
 *
 *   <Claim when="ratio.DoverB.p50 > 2">the chain costs more than two single hops</Claim>
 *
 * The build reads every claim from the MDX syntax tree (src/claims/mdx-reader.ts), evaluates its condition against the facts and
 * fails when one is false, so the page never contradicts its own numbers. The <Claim> component
 * evaluates the same condition again while rendering (so `astro dev` shows a false claim too).
 */
import { compileCondition, ConditionError } from './expr.ts';
import { jsxElements, MdxSyntaxError, readMdx, type MdxDocument } from './mdx-reader.ts';
import { FactError, hasFact, type Facts } from '../facts/facts.ts';
import { format } from '../present/format.ts';

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
  /** 1-based column of the opening tag. */
  column?: number;
}

/**
 * What a claim is worth on these results:
 * - holds: true at the medians and in every run;
 * - fragile: true at the medians, false in some run (the page marks it and says in which);
 * - false: false at the medians, or not evaluable (the build fails).
 */
export type ClaimState = 'holds' | 'fragile' | 'false';

/** A run in which a claim that holds at the medians does not hold. */
export interface FailingRun {
  /** Run number as printed, 1-based. */
  run: number;
  /** Each fact the condition reads and its value in that run. */
  values: Record<string, number>;
}

/** The outcome of one claim. */
export interface ClaimResult {
  claim: Claim;
  /** True when the condition holds at the medians; false when it does not or could not be evaluated. */
  holds: boolean;
  /** Holds, fragile or false (see ClaimState). */
  state: ClaimState;
  /** Each fact the condition reads and its value at the medians (absent when unknown). */
  values: Record<string, number>;
  /** Runs where the claim does not hold although it holds at the medians; empty unless fragile. */
  failingRuns: FailingRun[];
  /** How many runs it was checked on (0 when no per-run facts were given). */
  runsChecked: number;
  /** Why it could not be evaluated (unknown fact, bad syntax), if so. */
  error?: string;
}

/** A claim tag could not be read; the message names the file, line and column. */
export class ClaimSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClaimSyntaxError';
  }
}

/**
 * Reads every <Claim when="…">…</Claim> of an MDX text (through the MDX reader's syntax tree).
 * @throws ClaimSyntaxError with file:line:column when the text is not valid MDX or a <Claim> is not of
 *   that form (so no claim escapes the check): a missing or non-literal `when`, a self-closing or
 *   empty claim, or a claim inside a claim.
 */
export function extractClaims(mdx: string, file: string): Claim[] {
  let doc: MdxDocument;
  try {
    doc = readMdx(mdx, file);
  } catch (error) {
    if (error instanceof MdxSyntaxError) throw new ClaimSyntaxError(error.message);
    throw error;
  }
  return claimsOf(doc);
}

/**
 * The claims of a parsed MDX document.
 * @throws ClaimSyntaxError as extractClaims.
 */
export function claimsOf(doc: MdxDocument): Claim[] {
  return jsxElements(doc, ['Claim']).map((el) => {
    const at = `${doc.file}:${el.start.line}:${el.start.column}`;
    const when = el.attributes.when;
    if (el.selfClosing) throw new ClaimSyntaxError(`${at}: a <Claim> tag is not of the form <Claim when="…">text</Claim>`);
    if (when?.kind !== 'string') {
      throw new ClaimSyntaxError(`${at}: a <Claim> needs its condition as a quoted string, e.g. when="ratio.DoverB.p50 > 2"`);
    }
    const text = el.innerSource.replace(/\s+/g, ' ').trim();
    if (text === '') throw new ClaimSyntaxError(`${at}: a <Claim> needs the text it vouches for`);
    if (el.descendants.some((d) => d.name === 'Claim')) throw new ClaimSyntaxError(`${at}: claims cannot be nested`);
    return { text, when: when.value, file: doc.file, line: el.start.line, column: el.start.column };
  });
}

/**
 * Evaluates each claim on the medians' facts and on each run's (`runFacts[k]` = run k + 1; see
 * run-facts.ts); never throws (unknown facts and syntax errors become false results).
 */
export function evaluateClaims(claims: readonly Claim[], facts: Facts, runFacts: readonly Facts[] = []): ClaimResult[] {
  return claims.map((claim) => {
    const values: Record<string, number> = {};
    const base = { claim, values, failingRuns: [] as FailingRun[], runsChecked: runFacts.length };
    try {
      const condition = compileCondition(claim.when);
      const read = (f: Facts) => Object.fromEntries(condition.names.filter((n) => hasFact(f, n)).map((n) => [n, f[n]!]));
      Object.assign(values, read(facts));
      if (!condition.evaluate(facts)) return { ...base, holds: false, state: 'false' };
      const failingRuns = runFacts.flatMap((f, k) => (condition.evaluate(f) ? [] : [{ run: k + 1, values: read(f) }]));
      return { ...base, holds: true, state: failingRuns.length > 0 ? 'fragile' : 'holds', failingRuns };
    } catch (error) {
      if (error instanceof ConditionError || error instanceof FactError) {
        return { ...base, holds: false, state: 'false', error: error.message };
      }
      throw error;
    }
  });
}

/** "run 2 of 3", "runs 1 and 3 of 3", "runs 1, 2 and 4 of 5": where a fragile claim did not hold. */
export function failingRunsText(result: Pick<ClaimResult, 'failingRuns' | 'runsChecked'>): string {
  const runs = result.failingRuns.map((r) => String(r.run));
  const list = runs.length <= 1 ? runs.join('') : `${runs.slice(0, -1).join(', ')} and ${runs.at(-1)}`;
  return `${runs.length === 1 ? 'run' : 'runs'} ${list} of ${result.runsChecked}`;
}

/** Formats a figure for the claims report and `--facts`: the formatter's `report` rule (four significant digits, no grouping, no exponent). */
export function formatValue(value: number): string {
  return format(value, 'report');
}

/**
 * The claims report as printed by the build: a summary line, then for each claim that does not hold
 * its text, condition, values and place.
 */
export function formatClaimsReport(results: readonly ClaimResult[]): string {
  const failing = results.filter((r) => !r.holds);
  const fragile = results.filter((r) => r.state === 'fragile');
  const fragileNote = fragile.length > 0 ? ` (${fragile.length} fragile: false in some run)` : '';
  const lines = [
    failing.length === 0 && fragile.length === 0
      ? `claims: all ${results.length} hold`
      : `claims: ${results.length - failing.length} of ${results.length} hold${fragileNote}` + (failing.length > 0 ? `, ${failing.length} FALSE` : ''),
  ];
  const listValues = (v: Record<string, number>) => Object.entries(v).map(([k, x]) => `${k} = ${formatValue(x)}`).join(', ');
  for (const r of fragile) {
    lines.push(`  ~ "${r.claim.text}"`);
    lines.push(`      fragile: holds at the medians, not in ${failingRunsText(r)}`);
    lines.push(`      when:    ${r.claim.when}`);
    lines.push(`      medians: ${listValues(r.values)}`);
    for (const run of r.failingRuns) lines.push(`      run ${run.run}:${' '.repeat(Math.max(1, 4 - String(run.run).length))}${listValues(run.values)}`);
    lines.push(`      at:      ${r.claim.file}:${r.claim.line}`);
  }
  for (const r of failing) {
    lines.push(`  ✗ "${r.claim.text}"`);
    lines.push(`      when:   ${r.claim.when}`);
    const values = Object.entries(r.values).map(([k, v]) => `${k} = ${formatValue(v)}`);
    if (values.length > 0) lines.push(`      values: ${values.join(', ')}`);
    if (r.error) lines.push(`      error:  ${r.error}`);
    lines.push(`      at:     ${r.claim.file}:${r.claim.line}${r.claim.column === undefined ? '' : `:${r.claim.column}`}`);
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
