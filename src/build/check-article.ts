/**
 * Build stage 2: check the article against the facts before rendering. No numeral is typed into the
 * prose, every fact name used by a figure component exists, and every <Claim> holds. Prints the
 * claims report; a typed numeral, an unknown name or a false claim fails the build.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { evaluateClaims, extractClaims, formatClaimsReport, type ClaimResult } from '../lib/claims.ts';
import { extractFactReferences } from '../lib/fact-refs.ts';
import { hasFact, type Facts } from '../lib/facts.ts';
import { findTypedNumerals } from '../lib/prose-numerals.ts';
import { BuildError } from './errors.ts';

/** The article's MDX files (content/*.mdx), absolute paths, sorted. */
export function articleFiles(rootDir: string): string[] {
  const dir = path.join(rootDir, 'content');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.mdx'))
    .sort()
    .map((f) => path.join(dir, f));
}

/** The article files' texts, keyed by their path relative to `rootDir` (for messages). */
export function articleTexts(rootDir: string): Map<string, string> {
  return new Map(articleFiles(rootDir).map((f) => [path.relative(rootDir, f), readFileSync(f, 'utf8')]));
}

/**
 * Checks fact names and claims in every article file.
 * @returns the claim results (all holding) — their count is checked against the rendered page.
 * @throws BuildError listing unknown fact names, or with the claims report when a claim is false.
 */
export function checkArticle(rootDir: string, facts: Facts, log: (line: string) => void): ClaimResult[] {
  const results: ClaimResult[] = [];
  const unknown: string[] = [];
  const typed: string[] = [];
  for (const file of articleFiles(rootDir)) {
    const text = readFileSync(file, 'utf8');
    const shown = path.relative(rootDir, file);
    for (const n of findTypedNumerals(text)) typed.push(`  ${shown}:${n.line}: "${n.numeral}" in "${n.context}"`);
    for (const ref of extractFactReferences(text)) {
      if (!hasFact(facts, ref.name)) unknown.push(`  ${shown}:${ref.line}: <${ref.component}> uses unknown fact "${ref.name}"`);
    }
    try {
      results.push(...evaluateClaims(extractClaims(text, shown), facts));
    } catch (error) {
      throw new BuildError(`the article's claims cannot be read: ${(error as Error).message}`);
    }
  }
  if (typed.length > 0) {
    throw new BuildError(
      `the article has numbers typed into its prose:\n${typed.join('\n')}\n` +
        `Fix: bind each to data (<Fig>, <Count>, <Ratio> with a fact name; npm run claims -- --facts lists them), ` +
        `or, for a date or a section number, check it matches an exemption in src/lib/prose-numerals.ts.`,
    );
  }
  if (unknown.length > 0) {
    throw new BuildError(
      `the article uses facts that do not exist:\n${unknown.join('\n')}\n` +
        `Fix: correct the name (npm run claims -- --facts lists every fact). A name under "cost." or "price." ` +
        `comes from an item of the price file (content/prices.json): check that the item it names is still there.`,
    );
  }
  const report = formatClaimsReport(results);
  if (results.some((r) => r.error !== undefined)) {
    throw new BuildError(
      `${report}\nA claim's condition cannot be evaluated (see the error above). Fix: correct the condition's ` +
        `syntax or fact names (npm run claims -- --facts lists every fact).`,
    );
  }
  if (results.some((r) => !r.holds)) {
    throw new BuildError(
      `${report}\nA claim in the article is false for these results. Fix: reword the sentence (or derive its word with ` +
        `<RatioWord>/<Relation>) so it holds, or correct its condition; the page is not built with a false claim.`,
    );
  }
  log(`build: ${report}`);
  return results;
}
