/**
 * The article's MDX files (content/*.mdx) as the claims check reads them: each parsed once into its
 * syntax tree (claims/mdx-reader.ts), the blocks of beyond cases not measured here blanked, and the
 * claims of every file evaluated once. The build's article check (pipeline/check-article.ts) and the
 * page when rendered without the build (`astro dev`, inputs/page-data.ts) both use it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { BeyondResults } from '../inputs/results-source.ts';
import { unmeasuredCaseIds } from '../facts/beyond-facts.ts';
import type { Facts } from '../facts/facts.ts';
import { beyondBlocks, withoutUnmeasured } from './beyond-blocks.ts';
import { claimsOf, evaluateClaims, type ClaimResult } from './claims.ts';
import { evaluateWords, wordUsesOf, type WordResult } from './derived-words.ts';
import { formUses, insideUnchosen, requireEveryForm, type FormUse } from './forms.ts';
import { boundMisfits, noiseMisfits, zeroCountMisfits, type Misfit } from './fit.ts';
import { readMdx, type MdxDocument } from './mdx-reader.ts';

/** The article cannot be read; the message names the file (and line:column) and what is wrong. */
export class ArticleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArticleError';
  }
}

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

/** One parsed article file. */
export interface ArticleDoc {
  /** Path relative to the project root, as messages show it (e.g. "content/split-on-evidence.mdx"). */
  file: string;
  /** Its syntax tree. */
  doc: MdxDocument;
}

/**
 * Reads and parses every article file, with the <BeyondCase> blocks of `unmeasured` cases blanked
 * (lines and columns kept: there are no facts to check there).
 * @throws ArticleError "the article cannot be read: FILE:LINE:COLUMN: …" when a file is not valid MDX.
 */
export function readArticle(rootDir: string, unmeasured: ReadonlySet<string> = new Set()): ArticleDoc[] {
  return articleFiles(rootDir).map((absolute) => {
    const file = path.relative(rootDir, absolute);
    try {
      return { file, doc: readMdx(withoutUnmeasured(readFileSync(absolute, 'utf8'), unmeasured), file) };
    } catch (error) {
      throw new ArticleError(`the article cannot be read: ${(error as Error).message}`);
    }
  });
}

/**
 * Evaluates every <Claim> of the parsed article, once, at the medians and in each run; a claim inside a
 * <Form> that is not chosen is marked `hidden` (neither rendered, reported nor checked).
 * @param runFacts each run's own facts (facts/run-views.ts), for fragile claims.
 * @returns one result per claim, in article order; false claims are results, not errors.
 * @throws ArticleError "the article's claims cannot be read: …" when a <Claim> is not of the checked form.
 */
export function articleClaims(docs: readonly ArticleDoc[], facts: Facts, runFacts: readonly Facts[] = []): ClaimResult[] {
  const forms = articleForms(docs, facts);
  try {
    return docs.flatMap(({ doc }, k) => {
      const hidden = insideUnchosen(forms[k]!);
      return evaluateClaims(claimsOf(doc), facts, runFacts).map((r) => (hidden.has(`${r.claim.line}:${r.claim.column}`) ? { ...r, hidden: true } : r));
    });
  } catch (error) {
    throw new ArticleError(`the article's claims cannot be read: ${(error as Error).message}`);
  }
}

/**
 * Every <Form> of each parsed article file (index k = docs[k]), chosen or not on `facts`, after checking
 * that each selector used has a form for every outcome.
 * @throws ArticleError with the FormError's message (file:line, selector, missing outcomes).
 */
export function articleForms(docs: readonly ArticleDoc[], facts: Facts): FormUse[][] {
  try {
    const uses = docs.map(({ doc }) => formUses(doc, facts));
    requireEveryForm(uses.flat());
    return uses;
  } catch (error) {
    throw new ArticleError(`the article's sentence forms cannot be used: ${(error as Error).message}`);
  }
}

/**
 * Every <Word> of the parsed article (outside unchosen <Form>s) evaluated on `facts`, in article order;
 * errors are results, not thrown.
 * @throws ArticleError as articleForms.
 */
export function articleWords(docs: readonly ArticleDoc[], facts: Facts): WordResult[] {
  const forms = articleForms(docs, facts);
  return docs.flatMap(({ doc }, k) => {
    const hidden = insideUnchosen(forms[k]!);
    return evaluateWords(wordUsesOf(doc).filter((w) => !hidden.has(`${w.line}:${w.column}`)), facts);
  });
}

/**
 * Every misfit of the article on `facts` (fit.ts): zero counts in positive sentences, loose bounds,
 * comparisons within the noise read as effects; in article order by kind.
 * @param claims the article's claim results at the medians (articleClaims).
 * @throws ArticleError as articleForms.
 */
export function articleMisfits(docs: readonly ArticleDoc[], facts: Facts, claims: readonly ClaimResult[]): Misfit[] {
  const forms = articleForms(docs, facts);
  return [
    ...docs.flatMap(({ doc }, k) => zeroCountMisfits(doc, facts, forms[k]!)),
    ...boundMisfits(claims),
    ...noiseMisfits(claims, articleWords(docs, facts), facts),
  ];
}

/**
 * The beyond cases the article's <BeyondCase> blocks describe that these beyond results did not measure.
 * @throws ArticleError naming the file when a block is not closed.
 */
export function describedUnmeasured(rootDir: string, beyond: BeyondResults): Set<string> {
  const ids = articleFiles(rootDir).flatMap((file) => {
    try {
      return beyondBlocks(readFileSync(file, 'utf8')).map((b) => b.id);
    } catch (error) {
      throw new ArticleError(`${path.relative(rootDir, file)}: ${(error as Error).message}`);
    }
  });
  return unmeasuredCaseIds(beyond, [...new Set(ids)]);
}
