/**
 * Claims: sentences in the article that characterise a figure, each naming the predicate that makes
 * it true (src/prose/claims.ts),
 *
 *   <Claim name="newConnectionSlower">a TCP connection per call is slower than one kept open</Claim>
 *
 * The build reads every claim from the MDX syntax tree (src/claims/mdx-reader.ts), evaluates its
 * predicate against the facts (recording each value it reads) and fails when one is false, so the page
 * never contradicts its own numbers. The <Claim> component renders that result.
 */
import { CLAIMS } from '../prose/claims.ts';
import { jsxElements, MdxSyntaxError, readMdx, type MdxDocument } from './mdx-reader.ts';
import { recordingReader, type Predicate, type StatedBound } from './named.ts';
import { FactError, type Facts } from '../facts/facts.ts';
import { format } from '../format/number.ts';

/** The article's predicates by name (src/prose/claims.ts). */
export const ARTICLE_PREDICATES: Readonly<Record<string, Predicate>> = CLAIMS;

/** A claim as written in a source file. */
export interface Claim {
  /** The claim's text (inner MDX, tags kept, whitespace collapsed). */
  text: string;
  /** The name of its predicate (src/prose/claims.ts). */
  name: string;
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
  /** Each fact the predicate read and its value in that run. */
  values: Record<string, number>;
}

/** The outcome of one claim. */
export interface ClaimResult {
  claim: Claim;
  /** True when the predicate holds at the medians; false when it does not or could not be evaluated. */
  holds: boolean;
  /** Holds, fragile or false (see ClaimState). */
  state: ClaimState;
  /** Each fact the predicate read at the medians and its value, in the order read. */
  values: Record<string, number>;
  /** Each bound the predicate stated at the medians (f.atLeast / f.atMost), for the fit check. */
  bounds: StatedBound[];
  /** Runs where the claim does not hold although it holds at the medians; empty unless fragile. */
  failingRuns: FailingRun[];
  /** How many runs it was checked on (0 when no per-run facts were given). */
  runsChecked: number;
  /** Why it could not be evaluated (unknown predicate or fact), if so. */
  error?: string;
  /** Inside a <Form> that is not chosen (forms.ts): not rendered, not reported, never fails the build. */
  hidden?: boolean;
}

/** A claim tag could not be read; the message names the file, line and column. */
export class ClaimSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClaimSyntaxError';
  }
}

/**
 * Reads every <Claim name="…">…</Claim> of an MDX text (through the MDX reader's syntax tree).
 * @throws ClaimSyntaxError with file:line:column when the text is not valid MDX or a <Claim> is not of
 *   that form (so no claim escapes the check): a missing or non-literal `name`, a condition written in
 *   the MDX (`when`), a self-closing or empty claim, or a claim inside a claim.
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
    const name = el.attributes.name;
    if (el.attributes.when) {
      throw new ClaimSyntaxError(`${at}: a <Claim> names its predicate, it does not write a condition: write the condition in src/prose/claims.ts and use <Claim name="…">`);
    }
    if (el.selfClosing) throw new ClaimSyntaxError(`${at}: a <Claim> tag is not of the form <Claim name="…">text</Claim>`);
    if (name?.kind !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name.value)) {
      throw new ClaimSyntaxError(`${at}: a <Claim> needs its predicate's name as a quoted string, e.g. name="newConnectionSlower" (src/prose/claims.ts)`);
    }
    const text = el.innerSource.replace(/\s+/g, ' ').trim();
    if (text === '') throw new ClaimSyntaxError(`${at}: a <Claim> needs the text it vouches for`);
    if (el.descendants.some((d) => d.name === 'Claim')) throw new ClaimSyntaxError(`${at}: claims cannot be nested`);
    return { text, name: name.value, file: doc.file, line: el.start.line, column: el.start.column };
  });
}

/**
 * Evaluates each claim's predicate on the medians' facts and on each run's (`runFacts[k]` = run k + 1;
 * see run-views.ts); never throws (an unknown predicate or fact becomes a false result with its error).
 * @param predicates the predicates by name; the article's (src/prose/claims.ts) unless given.
 */
export function evaluateClaims(
  claims: readonly Claim[],
  facts: Facts,
  runFacts: readonly Facts[] = [],
  predicates: Readonly<Record<string, Predicate>> = ARTICLE_PREDICATES,
): ClaimResult[] {
  return claims.map((claim) => {
    const medians = recordingReader(facts);
    const base = { claim, values: medians.values, bounds: medians.bounds, failingRuns: [] as FailingRun[], runsChecked: runFacts.length };
    const predicate = Object.hasOwn(predicates, claim.name) ? predicates[claim.name] : undefined;
    if (!predicate) {
      return { ...base, holds: false, state: 'false', error: `no claim named "${claim.name}" in src/prose/claims.ts; add it there or correct the name` };
    }
    try {
      if (!predicate(medians.read)) return { ...base, holds: false, state: 'false' };
      const failingRuns = runFacts.flatMap((f, k) => {
        const run = recordingReader(f);
        return predicate(run.read) ? [] : [{ run: k + 1, values: run.values }];
      });
      return { ...base, holds: true, state: failingRuns.length > 0 ? 'fragile' : 'holds', failingRuns };
    } catch (error) {
      if (error instanceof FactError || error instanceof RangeError) {
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
 * its text, predicate name, the values it read and its place (file:line).
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
    lines.push(`      claim:   ${r.claim.name}`);
    lines.push(`      medians: ${listValues(r.values)}`);
    for (const run of r.failingRuns) lines.push(`      run ${run.run}:${' '.repeat(Math.max(1, 4 - String(run.run).length))}${listValues(run.values)}`);
    lines.push(`      at:      ${r.claim.file}:${r.claim.line}`);
  }
  for (const r of failing) {
    lines.push(`  ✗ "${r.claim.text}"`);
    lines.push(`      claim:  ${r.claim.name}`);
    const values = Object.entries(r.values).map(([k, v]) => `${k} = ${formatValue(v)}`);
    if (values.length > 0) lines.push(`      values: ${values.join(', ')}`);
    if (r.error) lines.push(`      error:  ${r.error}`);
    lines.push(`      at:     ${r.claim.file}:${r.claim.line}${r.claim.column === undefined ? '' : `:${r.claim.column}`}`);
  }
  return lines.join('\n');
}

/**
 * Every claim, holding or not, as `npm run claims` lists them after the report: a ✓ or ✗, the text,
 * the predicate's name, the values it read and the place; one block per claim, in article order.
 */
export function formatClaimsList(results: readonly ClaimResult[]): string {
  const lines: string[] = [];
  for (const r of results) {
    lines.push(`  ${r.holds ? '✓' : '✗'} "${r.claim.text}"`);
    lines.push(`      claim:  ${r.claim.name}`);
    const values = Object.entries(r.values).map(([k, v]) => `${k} = ${formatValue(v)}`);
    if (values.length > 0) lines.push(`      values: ${values.join(', ')}`);
    if (r.error) lines.push(`      error:  ${r.error}`);
    lines.push(`      at:     ${r.claim.file}:${r.claim.line}`);
  }
  return lines.join('\n');
}
