/**
 * Build stage 2: check the article against the facts before rendering. Each MDX file is parsed once
 * into its syntax tree (src/claims/article.ts); from it: no numeral is typed into the prose, every
 * fact name used by a figure component exists, every <Word> and <Form> evaluates, every <Claim> holds and
 * no sentence is a misfit (src/claims/fit.ts) (each claim evaluated once; the
 * build hands the results to the page). Prints the claims report; an MDX syntax error, a typed
 * numeral, an unknown name or a false claim fails the build, each with its file:line:column.
 */
import { ArticleError, articleClaims, articleForms, articleMisfits, articleWords, readArticle, type ArticleDoc } from '../claims/article.ts';
import { enclosingForms, type FormUse } from '../claims/forms.ts';
import { formatMisfits } from '../claims/fit.ts';
import { formatWordsList } from '../claims/derived-words.ts';
import { formatClaimsReport, type ClaimResult } from '../claims/claims.ts';
import { factReferencesOf } from '../claims/fact-refs.ts';
import { typedNumeralsOf } from '../claims/prose-numerals.ts';
import { hasFact, type Facts } from '../facts/facts.ts';
import { absentByOutcome } from '../facts/optional-facts.ts';
import { BuildError } from './errors.ts';

/**
 * Checks fact names and claims in every article file.
 * @param runFacts each run's own facts (run-facts.ts), so claims are also checked run by run (fragile claims).
 * @param unmeasured beyond cases with no figures here: their <BeyondCase> blocks are skipped (the page says why).
 * @param read the article as `readArticle(rootDir, unmeasured)` returns it, when the caller already parsed it
 *   (the outcome test checks hundreds of results against one parse); read here by default.
 * @returns the claim results (those shown all hold at the medians, some perhaps fragile; those in an
 *   unchosen <Form> are marked hidden) — checked against the rendered page.
 * @throws BuildError naming file:line:column of invalid MDX, typed numerals and unknown fact names, or
 *   with the claims report when a claim is false.
 */
export function checkArticle(
  rootDir: string,
  facts: Facts,
  log: (line: string) => void,
  runFacts: readonly Facts[] = [],
  unmeasured: ReadonlySet<string> = new Set(),
  read?: () => ArticleDoc[],
): ClaimResult[] {
  const unknown: string[] = [];
  const typed: string[] = [];
  let docs: ArticleDoc[];
  let results: ClaimResult[];
  let shown: ClaimResult[];
  let forms: FormUse[][];
  try {
    docs = read ? read() : readArticle(rootDir, unmeasured);
    forms = articleForms(docs, facts);
    results = articleClaims(docs, facts, runFacts);
    shown = results.filter((r) => !r.hidden);
  } catch (error) {
    if (error instanceof ArticleError) throw new BuildError(error.message);
    throw error;
  }
  for (const [k, { file: shown, doc }] of docs.entries()) {
    for (const n of typedNumeralsOf(doc)) typed.push(`  ${shown}:${n.line}:${n.column}: "${n.numeral}" in "${n.context}"`);
    for (const ref of factReferencesOf(doc)) {
      const at = `  ${shown}:${ref.line}:${ref.column}: <${ref.component}>`;
      if (ref.expression !== undefined) unknown.push(`${at} names its fact with an expression {${ref.expression}}; write the name as a quoted string`);
      else if (!hasFact(facts, ref.name)) {
        const problem = absentFactProblem(facts, ref.name, enclosingForms(forms[k]!, ref.line, ref.column));
        if (problem !== undefined) unknown.push(`${at} ${problem}`);
      }
    }
  }
  if (typed.length > 0) {
    throw new BuildError(
      `the article has numbers typed into its prose:\n${typed.join('\n')}\n` +
        `Fix: bind each to data (<Fig>, <Count>, <Ratio> with a fact name; npm run claims -- --facts lists them), ` +
        `or, for a date or a section number, check it matches an exemption in src/claims/prose-numerals.ts.`,
    );
  }
  if (unknown.length > 0) {
    throw new BuildError(
      `the article uses facts that do not exist:\n${unknown.join('\n')}\n` +
        `Fix: correct the name (npm run claims -- --facts lists every fact). A fact that a faithful run publishes only ` +
        `under some outcome must be declared by its case (src/facts/optional-facts.ts) and shown only inside a <Form> for ` +
        `that outcome. A name under "cost." or "price." ` +
        `comes from an item of the price file (content/prices.json): check that the item it names is still there.`,
    );
  }
  let badWords;
  try {
    badWords = articleWords(docs, facts).filter((w) => w.error !== undefined);
  } catch (error) {
    if (error instanceof ArticleError) throw new BuildError(error.message);
    throw error;
  }
  if (badWords.length > 0) {
    throw new BuildError(
      `the article's derived words cannot be evaluated:\n${formatWordsList(badWords)}\n` +
        `Fix: use a name defined in src/prose/words.ts, and facts that exist (npm run claims -- --facts lists them).`,
    );
  }
  const report = formatClaimsReport(shown);
  if (shown.some((r) => r.error !== undefined)) {
    throw new BuildError(
      `${report}\nA claim's predicate cannot be evaluated (see the error above). Fix: correct its name, or the fact ` +
        `names it reads in src/prose/claims.ts (npm run claims -- --facts lists every fact).`,
    );
  }
  if (shown.some((r) => !r.holds)) {
    throw new BuildError(
      `${report}\nA claim in the article is false for these results. Fix: reword the sentence so it has a true form for ` +
        `every faithful run (derive its words with <Word> from src/prose/words.ts, or <RatioWord>/<Relation>), or correct ` +
        `its predicate in src/prose/claims.ts; the page is not built with a false claim.`,
    );
  }
  const misfits = articleMisfits(docs, facts, shown);
  if (misfits.length > 0) {
    throw new BuildError(
      `${report}\n${formatMisfits(misfits)}\nA sentence in the article holds but does not fit its figure. Fix: as each "fix:" line says; ` +
        `the page is not built with a misfit (words fit, not only hold).`,
    );
  }
  log(`build: ${report}`);
  log(`build: ${formatMisfits(misfits)}`);
  return results;
}

/**
 * Why the absent fact `name` cannot stand where it is, or undefined when its absence is accepted: it is
 * declared outcome-dependent (src/facts/optional-facts.ts), this run's gate leaves it out, and it sits
 * inside a <Form> that is not chosen and whose selector reads that gate (so the form is the one for the
 * other outcome, and the figure is never rendered). Anything else is an unknown fact.
 */
function absentFactProblem(facts: Facts, name: string, around: readonly FormUse[]): string | undefined {
  const optional = absentByOutcome(facts, name);
  if (optional === undefined) return `uses unknown fact "${name}"`;
  if (around.some((u) => !u.chosen && u.reads.includes(optional.gate))) return undefined;
  const why = `"${name}", which this run does not have (${optional.outcome}: "${optional.gate}" = ${facts[optional.gate]})`;
  return `uses ${why}; put it inside a <Form> whose selector reads "${optional.gate}", in the form for the outcome that has it`;
}
