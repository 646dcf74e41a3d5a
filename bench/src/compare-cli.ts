#!/usr/bin/env node
/**
 * `npm run compare -- BASELINE CURRENT`: compares two existing results files (or a report text such as
 * bench/reference/reference-output-2026-10-19.txt) without running anything. Exit 2 on bad usage or input.
 */
import { parseArgs } from 'node:util';
import { compareSides, formatComparison } from './harness/compare.ts';
import { loadComparable } from './harness/compare-files.ts';

const USAGE = `Usage: npm run compare -- BASELINE CURRENT [--base B] [--json]

Compares the latency cases of two runs: medians, their ratio, the ratio of ratios to a base case,
and whether each difference exceeds the noise between runs. Each file is a results .json written by
npm run bench, or a report text in the reference layout.
  --base ID   case to take ratios to (default B)
  --json      print the comparison as JSON
`;

try {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: { base: { type: 'string', default: 'B' }, json: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    process.stdout.write(USAGE);
  } else {
    if (positionals.length !== 2) throw new Error(`expected two files, got ${positionals.length}`);
    const comparison = compareSides(loadComparable(positionals[0]!), loadComparable(positionals[1]!), values.base.toUpperCase());
    process.stdout.write(values.json ? JSON.stringify(comparison, null, 2) + '\n' : formatComparison(comparison));
  }
} catch (error) {
  process.stderr.write(`compare: ${(error as Error).message}\n\n${USAGE}`);
  process.exitCode = 2;
}
