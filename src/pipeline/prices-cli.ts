#!/usr/bin/env node
/**
 * `npm run prices -- check | add --date YYYY-MM-DD`: the maintainer's tool for the price file.
 *   check  validates the file (every snapshot, and the article's use of removed items), prints each
 *          source URL of the newest snapshot with its age in days, and exits 1 when that snapshot's
 *          prices are older than the build's warning threshold (MAX_PRICE_AGE_DAYS).
 *   add    appends a snapshot dated --date, copied from the newest one, for the maintainer to edit;
 *          refuses a date that is not after the newest snapshot's, or that lies in the future.
 * The file is $HOP_PRICES_FILE or content/prices.json (or --file). Exit codes: 0 ok, 1 the file is
 * bad, too old, or the date is refused, 2 bad usage.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { checkRemovedItemsInProse, parsePriceHistory, type PriceHistory } from '../prices/price-history.ts';
import { isoDateToDayNumber, MAX_PRICE_AGE_DAYS, priceAgeDays, priceAgeWarning, pricesPath } from '../prices/prices.ts';
import { articleTexts } from '../claims/article.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MS_PER_DAY = 86_400_000;

const USAGE = `Usage:
  npm run prices -- check                   validate the price file; list each source with its age in days;
                                            exit 1 when the newest prices are older than ${MAX_PRICE_AGE_DAYS} days
  npm run prices -- add --date YYYY-MM-DD   add a snapshot dated YYYY-MM-DD, copied from the newest, to edit
Options:
  --file FILE   the price file (default $HOP_PRICES_FILE or content/prices.json)
  -h, --help    show this help
`;

class UsageError extends Error {}

const out = (line: string) => process.stdout.write(`${line}\n`);
const err = (line: string) => process.stderr.write(`${line}\n`);

function readHistory(file: string, now: Date): { text: string; history: PriceHistory } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`${file}: cannot be read (${(error as Error).message}). Fix: check the path (--file, or $HOP_PRICES_FILE).`);
  }
  return { text, history: parsePriceHistory(text, file, now) };
}

/** `check`: validate, list sources with their age, exit 1 when the newest snapshot is too old. */
function check(file: string, now: Date): number {
  const { history } = readHistory(file, now);
  checkRemovedItemsInProse(history, articleTexts(ROOT));
  const current = history.current;
  const count = history.snapshots.length;
  out(`${file}: valid; ${count} snapshot${count === 1 ? '' : 's'} (${history.snapshots.map((s) => s.asOf).join(', ')}); the page uses the newest, ${current.asOf}, with ${current.items.length} items.`);
  const today = Math.floor(now.getTime() / MS_PER_DAY);
  const bySource = new Map<string, string>();
  for (const item of current.items) {
    const seen = bySource.get(item.source);
    if (seen === undefined || item.readOn < seen) bySource.set(item.source, item.readOn);
  }
  const width = Math.max(...[...bySource.keys()].map((s) => s.length));
  for (const [source, readOn] of bySource) {
    const age = Math.max(0, today - (isoDateToDayNumber(readOn) as number));
    out(`  ${source.padEnd(width)}  read ${readOn}, ${age} day${age === 1 ? '' : 's'} old`);
  }
  const warning = priceAgeWarning(current, now);
  if (warning) {
    err(warning.replace(/^\[prices\] /, 'prices: '));
    err(`Fix: npm run prices -- add --date ${now.toISOString().slice(0, 10)}, then update the copied prices and their readOn dates.`);
    return 1;
  }
  out(`The newest prices are ${priceAgeDays(current, now)} days old (the build warns after ${MAX_PRICE_AGE_DAYS}).`);
  return 0;
}

/** `add --date`: append a copy of the newest snapshot under a later date. */
function add(file: string, date: string, now: Date): number {
  const day = isoDateToDayNumber(date);
  if (day === null) throw new UsageError(`--date takes a calendar date YYYY-MM-DD, got "${date}"`);
  const { text, history } = readHistory(file, now);
  const newest = history.current.asOf;
  if (date <= newest) {
    err(`prices: refused: ${file} already has a snapshot dated ${newest}; a new snapshot must be dated after it, got ${date}.`);
    return 1;
  }
  // Not later than today anywhere on Earth (UTC+14), the build's own rule for dates in the file.
  if (day > Math.floor((now.getTime() + 14 * 3_600_000) / MS_PER_DAY)) {
    err(`prices: refused: ${date} is in the future (today is ${now.toISOString().slice(0, 10)} UTC); date a snapshot the day its prices were read.`);
    return 1;
  }
  const data = JSON.parse(text) as Record<string, unknown>;
  let fileData: Record<string, unknown>;
  if (Array.isArray(data.snapshots)) {
    fileData = data;
  } else {
    // The single-snapshot layout becomes a history whose first snapshot is the file as it was.
    const { asOf, items, ...rest } = data;
    fileData = { ...rest, snapshots: [{ asOf, items }] };
  }
  const snapshots = fileData.snapshots as Record<string, unknown>[];
  const copy = structuredClone(snapshots.at(-1)!);
  copy.asOf = date;
  snapshots.push(copy);
  const next = JSON.stringify(fileData, null, 2) + '\n';
  parsePriceHistory(next, file, now); // never write a file the build would reject
  const temp = `${file}.tmp-${process.pid}`;
  try {
    writeFileSync(temp, next);
    renameSync(temp, file);
  } finally {
    rmSync(temp, { force: true });
  }
  out(`${file}: added snapshot ${date}, a copy of ${newest}. Now edit its prices and each item's readOn (the day you read it), then run: npm run prices -- check`);
  return 0;
}

function main(): number {
  let parsed;
  try {
    parsed = parseArgs({
      args: process.argv.slice(2),
      allowPositionals: true,
      strict: true,
      options: { date: { type: 'string' }, file: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } },
    });
  } catch (error) {
    err(`prices: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const file = values.file !== undefined ? path.resolve(values.file) : pricesPath(ROOT);
  const shown = path.relative(process.cwd(), file) || file;
  const now = new Date();
  try {
    const [command, ...extra] = positionals;
    if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
    if (command === 'check') {
      if (values.date !== undefined) throw new UsageError('check takes no --date');
      return check(shown, now);
    }
    if (command === 'add') {
      if (values.date === undefined) throw new UsageError('add needs --date YYYY-MM-DD, the day the new prices were read');
      return add(shown, values.date, now);
    }
    throw new UsageError(command === undefined ? 'say check or add' : `unknown command "${command}"`);
  } catch (error) {
    if (error instanceof UsageError) {
      err(`prices: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    err((error as Error).message);
    return 1;
  }
}

process.exitCode = main();
