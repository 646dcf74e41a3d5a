#!/usr/bin/env node
/**
 * `npm run claims`: evaluates the article's claims against the cached results (or $HOP_BENCH_RESULTS)
 * without running the bench or Astro, and prints the claims report, then every claim (its predicate and
 * the values it read) and every derived word (the word chosen and the values it read). `--facts` lists every fact name
 * and value instead, for writing prose. When all claims hold, every claim is listed after the report.
 * Exit codes: 0 all claims hold, 1 a claim is false or the
 * inputs cannot be read, 2 bad usage (the usage is printed).
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { formatClaimsList, formatValue } from '../claims/claims.ts';
import { articleWords, describedUnmeasured, readArticle } from '../claims/article.ts';
import { formatWordsList } from '../claims/derived-words.ts';
import { loadPageInputs } from '../inputs/page-inputs.ts';
import { checkArticle } from './check-article.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Usage text of `npm run claims`. */
export const CLAIMS_USAGE = `Usage: npm run claims -- [--facts]

Checks every <Claim> and <Word> of the article against this machine's cached results, without running the
bench or building the site, and prints the claims report.

Options:
  --facts      list every fact name and its value instead (for writing prose)
  -h, --help   show this help

Environment:
  HOP_BENCH_RESULTS=FILE   check against this results file instead of bench/results/latest.json
  HOP_PRICES_FILE=FILE     use this price file instead of content/prices.json
  HOP_BEYOND_RESULTS=FILE  check against this beyond-suite results file instead of bench/results/beyond-latest.json
`;

function main(argv: string[]): number {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        facts: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    process.stderr.write(`claims: ${(error as Error).message}\n\n${CLAIMS_USAGE}`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(CLAIMS_USAGE);
    return 0;
  }
  try {
    const { facts, runFacts, beyond } = loadPageInputs({ rootDir: ROOT });
    if (values.facts) {
      for (const [name, value] of Object.entries(facts)) process.stdout.write(`${name} = ${formatValue(value)}\n`);
    } else {
      const unmeasured = describedUnmeasured(ROOT, beyond.results);
      const results = checkArticle(ROOT, facts, (line) => process.stdout.write(`${line}\n`), runFacts, unmeasured);
      // The full list, so every guard and its values can be read, not only the failing ones.
      process.stdout.write(`${formatClaimsList(results.filter((r) => !r.hidden))}\n`);
      process.stdout.write(`derived words:\n${formatWordsList(articleWords(readArticle(ROOT, unmeasured), facts))}\n`);
    }
    return 0;
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return 1;
  }
}

process.exitCode = main(process.argv.slice(2));
