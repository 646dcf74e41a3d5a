#!/usr/bin/env node
/**
 * `npm run claims`: evaluates the article's claims against the cached results (or $HOP_BENCH_RESULTS)
 * without running the bench or Astro, and prints the claims report. `--facts` lists every fact name
 * and value instead, for writing prose. Exit codes: 0 all claims hold, 1 a claim is false or the
 * results cannot be read.
 */
import { fileURLToPath } from 'node:url';
import { formatValue } from '../lib/claims.ts';
import { composeFacts, readReferenceText } from '../lib/page-facts.ts';
import { loadPriceHistory } from '../lib/price-history.ts';
import { pricesPath } from '../lib/prices.ts';
import { loadResults, resultsPath } from '../lib/results-source.ts';
import { checkArticle } from './check-article.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

try {
  const loaded = loadResults(resultsPath(ROOT).file);
  const now = new Date();
  const facts = composeFacts({ results: loaded.results, referenceText: readReferenceText(ROOT), prices: loadPriceHistory(pricesPath(ROOT), now).current, now });
  if (process.argv.includes('--facts')) {
    for (const [name, value] of Object.entries(facts)) process.stdout.write(`${name} = ${formatValue(value)}\n`);
  } else {
    checkArticle(ROOT, facts, (line) => process.stdout.write(`${line}\n`));
  }
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exitCode = 1;
}
