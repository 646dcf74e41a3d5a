#!/usr/bin/env node
/**
 * `npm run claims`: evaluates the article's claims against the cached results (or $HOP_BENCH_RESULTS)
 * without running the bench or Astro, and prints the claims report. `--facts` lists every fact name
 * and value instead, for writing prose. Exit codes: 0 all claims hold, 1 a claim is false or the
 * results cannot be read.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatValue } from '../lib/claims.ts';
import { composeFacts } from '../lib/page-facts.ts';
import { REFERENCE_REPORT_PATH } from '../lib/reference-facts.ts';
import { loadResults, resultsPath } from '../lib/results-source.ts';
import { checkArticle } from './check-article.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

try {
  const loaded = loadResults(resultsPath(ROOT).file);
  const facts = composeFacts({ results: loaded.results, referenceText: readFileSync(path.join(ROOT, REFERENCE_REPORT_PATH), 'utf8') });
  if (process.argv.includes('--facts')) {
    for (const [name, value] of Object.entries(facts)) process.stdout.write(`${name} = ${formatValue(value)}\n`);
  } else {
    checkArticle(ROOT, facts, (line) => process.stdout.write(`${line}\n`));
  }
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exitCode = 1;
}
