/**
 * The published-price data file (content/prices.json): its zod schema, its loader and its dates.
 * One schema serves the build and the tests. Bad data throws a PriceDataError that names the file,
 * the entry, the field and what was expected, so a bad edit fails the build instead of a wrong table.
 *
 * Money: prices are decimal strings as published ("0.10") and become integer micro-dollars
 * (1 USD = 1,000,000 µUSD) by string arithmetic, never through floating point.
 * Dates: ISO calendar dates ("2026-10-19") kept as the strings written in the file; they are shown
 * as written and only ever turned into UTC day numbers for arithmetic, so the build machine's time
 * zone cannot change them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { friendlyIssues, valueAt, type FriendlyIssue } from '@split-on-evidence/hop-bench/schema';
import { z } from 'zod';

/** Where the price file lives, relative to the project root (the build's working directory). */
export const DEFAULT_PRICES_FILE = 'content/prices.json';

/** Environment variable that points the build at another price file (tests, what-if builds). */
export const PRICES_ENV = 'HOP_PRICES_FILE';

/** The price file to use: $HOP_PRICES_FILE (relative to the working directory) or content/prices.json under `rootDir`. */
export function pricesPath(rootDir: string, env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env[PRICES_ENV]?.trim();
  return fromEnv ? path.resolve(fromEnv) : path.join(rootDir, DEFAULT_PRICES_FILE);
}

/** Prices read longer ago than this many days make the build print a warning. */
export const MAX_PRICE_AGE_DAYS = 180;

/** Currencies the cost arithmetic knows. */
export const CURRENCIES = ['USD'] as const;

/** Billing units the cost arithmetic knows: a flat monthly price per instance, or a price per cluster per hour. */
export const PRICE_UNITS = ['per-instance-month', 'per-cluster-hour'] as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DECIMAL = /^\d+(\.\d{1,6})?$/;
const MS_PER_DAY = 86_400_000;

/**
 * An ISO calendar date as a whole number of days since 1970-01-01 (UTC day number), or null when the
 * string is not a real YYYY-MM-DD date (e.g. "2026-02-30" or "19/10/2026").
 */
export function isoDateToDayNumber(date: string): number | null {
  const m = ISO_DATE.exec(date);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  // Date.UTC rolls 2026-02-30 over to March; a round trip catches that.
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return null;
  return ms / MS_PER_DAY;
}

/**
 * The latest calendar date anywhere on Earth at `now` (UTC+14), as a UTC day number. A price read
 * "today" in Kiritimati is not in the future, whatever zone the build machine is in.
 */
function latestDayNumberOnEarth(now: Date): number {
  return Math.floor((now.getTime() + 14 * 3_600_000) / MS_PER_DAY);
}

/** The UTC calendar date of `now` as a day number (the reference for price ages). */
function utcDayNumber(now: Date): number {
  return Math.floor(now.getTime() / MS_PER_DAY);
}

/**
 * A published decimal price ("7", "0.10", "0.0416") as integer micro-units of its currency.
 * @throws RangeError when the string is not a non-negative decimal with at most 6 decimal places.
 */
export function decimalToMicros(price: string): number {
  if (!DECIMAL.test(price)) throw new RangeError(`not a non-negative decimal with ≤ 6 decimal places: ${JSON.stringify(price)}`);
  const [whole, fraction = ''] = price.split('.');
  return Number(whole) * 1_000_000 + Number(fraction.padEnd(6, '0'));
}

const isoDate = (now: Date) =>
  z
    .string({ error: 'expected an ISO date "YYYY-MM-DD"' })
    .superRefine((value, ctx) => {
      const day = isoDateToDayNumber(value);
      if (day === null) ctx.addIssue({ code: 'custom', message: 'expected an ISO date "YYYY-MM-DD" that exists in the calendar' });
      else if (day > latestDayNumberOnEarth(now))
        ctx.addIssue({ code: 'custom', message: `expected a date that is not in the future (the build runs on ${now.toISOString().slice(0, 10)} UTC)` });
    });

const price = z
  .string({ error: 'expected the price as a quoted decimal string such as "0.10", so it converts to cents exactly' })
  .superRefine((value, ctx) => {
    if (/^\s*-/.test(value)) ctx.addIssue({ code: 'custom', message: 'expected a price of zero or more, not a negative one' });
    else if (!DECIMAL.test(value))
      ctx.addIssue({ code: 'custom', message: 'expected a decimal number such as "7" or "0.10" (digits, at most 6 decimal places)' });
  });

const httpsUrl = z
  .string({ error: 'expected the https:// URL of the page the price was read from' })
  .refine((value) => URL.canParse(value) && new URL(value).protocol === 'https:', {
    error: 'expected an https:// URL of the page the price was read from',
  });

/**
 * The zod schema of one price item; `now` bounds its read date. Its output adds `priceMicros`, the
 * price in integer micro-units, so `PriceItem` (its z.output) is the one type of a validated item.
 */
export function priceItemSchema(now: Date) {
  return z.object({
    /** Stable id, dotted lower case ("render.small", "eks.standard"); fact names are built from it. */
    id: z
      .string({ error: 'expected an id such as "render.small"' })
      .regex(/^[a-z0-9]+(\.[a-z0-9-]+)*$/, { error: 'expected a dotted lower-case id such as "render.small"' }),
    /** Who publishes the price, e.g. "Render". */
    provider: z.string({ error: 'expected the provider name' }).min(1, { error: 'expected the provider name' }),
    /** What is bought, as the provider names it. */
    product: z.string({ error: 'expected the product name' }).min(1, { error: 'expected the product name' }),
    /** A short name for legends and column headers, e.g. "Render 0.5 CPU, 512 MB". */
    shortName: z.string({ error: 'expected a short name for legends, e.g. "Render 0.5 CPU, 512 MB"' }).min(1, { error: 'expected a short name for legends' }),
    /** CPU and memory as published ("0.5" CPU, "512 MB"); null for things without a size (a control plane). */
    specs: z
      .object(
        {
          cpu: z.string({ error: 'expected CPUs as a decimal string such as "0.5"' }).regex(DECIMAL, { error: 'expected CPUs as a decimal string such as "0.5"' }),
          memory: z
            .string({ error: 'expected memory such as "512 MB" or "2 GB"' })
            .regex(/^\d+(\.\d+)? (MB|GB)$/, { error: 'expected memory such as "512 MB" or "2 GB"' }),
        },
        { error: 'expected { "cpu": "0.5", "memory": "512 MB" } or null' },
      )
      .nullable(),
    /** The price as published, a decimal string in the currency's main unit. */
    price,
    /** Currency of `price`, e.g. "USD". */
    currency: z.enum(CURRENCIES, { error: `expected one of the known currencies: ${CURRENCIES.join(', ')}` }),
    /** What one `price` buys: one instance for a month, or one cluster for an hour. */
    unit: z.enum(PRICE_UNITS, { error: `expected one of the known units: ${PRICE_UNITS.join(', ')}` }),
    /** The page the price was read from. */
    source: httpsUrl,
    /** The day the price was read, as written. */
    readOn: isoDate(now),
  }).transform((item) => ({
    ...item,
    /** The same price in integer micro-units (µUSD): "0.10" → 100000. */
    priceMicros: decimalToMicros(item.price),
  }));
}

/** The zod schema of the whole price file; `now` bounds its dates (none may be in the future). */
export function priceFileSchema(now: Date) {
  return z
    .object({
      /** The day the file's prices were last checked; no item may be read after it. */
      asOf: isoDate(now),
      /** Hours in a billing month for per-hour prices (730 = 365 × 24 / 12). */
      hoursPerMonth: z
        .number({ error: 'expected hours per month as a whole number such as 730' })
        .int({ error: 'expected hours per month as a whole number such as 730' })
        .positive({ error: 'expected hours per month as a whole number such as 730' }),
      items: z.array(priceItemSchema(now), { error: 'expected a list of price items' }).min(1, { error: 'expected at least one price item' }),
    })
    .superRefine((file, ctx) => {
      const firstIndexOfId = new Map<string, number>();
      file.items.forEach((item, index) => {
        const first = firstIndexOfId.get(item.id);
        if (first !== undefined)
          ctx.addIssue({ code: 'custom', path: ['items', index, 'id'], message: `expected a unique id; items[${first}] already uses it` });
        else firstIndexOfId.set(item.id, index);
        if (item.readOn > file.asOf)
          ctx.addIssue({ code: 'custom', path: ['items', index, 'readOn'], message: `expected a date on or before the file's asOf (${file.asOf})` });
      });
    });
}

/** One validated price item, with its price converted to integer micro-units (the schema's output). */
export type PriceItem = z.output<ReturnType<typeof priceItemSchema>>;

/** A validated price file: the schema's output and the file it came from. */
export type Prices = z.output<ReturnType<typeof priceFileSchema>> & {
  /** The file it came from, as given to the loader (for messages and citations). */
  file: string;
};

/** One problem in a price file. */
export interface PriceDataIssue {
  /** "file" for the whole file, "items[2] (eks.standard)" for an entry. */
  entry: string;
  /** Field name, e.g. "price" or "readOn"; "" for the entry or file as a whole. */
  field: string;
  /** What was expected and what was found. */
  message: string;
}

/** A price file that cannot be used; the message lists every problem as file, entry, field, expectation. */
export class PriceDataError extends Error {
  /** The file that failed. */
  readonly file: string;
  readonly issues: readonly PriceDataIssue[];
  constructor(file: string, issues: readonly PriceDataIssue[]) {
    super(
      `${file}: bad price data\n` +
        issues.map((i) => `  - ${file}: ${i.entry}${i.field ? `, field "${i.field}"` : ''}: ${i.message}`).join('\n') +
        `\nFix the file (see the schema in src/prices/prices.ts) and rebuild.`,
    );
    this.name = 'PriceDataError';
    this.file = file;
    this.issues = issues;
  }
}

/**
 * Validates the text of a price file.
 * @param text the file's contents (JSON).
 * @param file the file name, for messages.
 * @param now the build time: no date may lie after it.
 * @throws PriceDataError on malformed JSON or any invalid field, naming file, entry and field.
 */
export function parsePrices(text: string, file: string, now: Date = new Date()): Prices {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new PriceDataError(file, [{ entry: 'file', field: '', message: `expected valid JSON: ${(error as Error).message}` }]);
  }
  const parsed = priceFileSchema(now).safeParse(data);
  if (!parsed.success) {
    throw new PriceDataError(file, friendlyIssues(parsed.error, data).map((issue) => describeIssue(data, issue)));
  }
  return { file, ...parsed.data };
}

/** Remembers which files already warned, so several components loading one file warn once. */
const warnedFiles = new Set<string>();

/**
 * Reads and validates the price file at build time; prints a warning when the prices are old.
 * @param file path of the price file, relative to the working directory (default content/prices.json).
 * @param now the build time (default: the clock).
 * @param options.warn where the age warning goes (default console.warn).
 * @throws PriceDataError when the file is missing, not JSON, or invalid (names file, entry, field).
 */
export function loadPrices(
  file: string = DEFAULT_PRICES_FILE,
  now: Date = new Date(),
  options: { warn?: (message: string) => void } = {},
): Prices {
  let text: string;
  try {
    text = readFileSync(path.resolve(file), 'utf8');
  } catch (error) {
    throw new PriceDataError(file, [{ entry: 'file', field: '', message: `expected a readable price file: ${(error as Error).message}` }]);
  }
  const prices = parsePrices(text, file, now);
  const warning = priceAgeWarning(prices, now);
  if (warning && (options.warn || !warnedFiles.has(file))) {
    warnedFiles.add(file);
    (options.warn ?? console.warn)(warning);
  }
  return prices;
}

/**
 * Age of the prices at `now` in whole days: from the oldest item's read date to the UTC date of `now`
 * (0 at the earliest; a date read "today" east of UTC is not negative).
 */
export function priceAgeDays(prices: Prices, now: Date): number {
  const oldest = oldestReadOn(prices);
  return Math.max(0, utcDayNumber(now) - (isoDateToDayNumber(oldest) as number));
}

/** The earliest read date of any item, as written (ISO dates sort as strings). */
export function oldestReadOn(prices: Prices): string {
  return prices.items.map((i) => i.readOn).sort()[0];
}

/** The warning text when prices are older than MAX_PRICE_AGE_DAYS, else null. */
export function priceAgeWarning(prices: Prices, now: Date): string | null {
  const age = priceAgeDays(prices, now);
  if (age <= MAX_PRICE_AGE_DAYS) return null;
  return (
    `[prices] ${prices.file}: prices read on ${oldestReadOn(prices)} are ${age} days old (more than ${MAX_PRICE_AGE_DAYS}). ` +
    `Check the sources again, update the prices and dates, and rebuild.`
  );
}

/** A friendly zod issue as a price-file problem: the entry (item index and id), the field, and what was found. */
function describeIssue(data: unknown, issue: FriendlyIssue): PriceDataIssue {
  const text = `${issue.message}, got ${issue.received}`;
  const [first, index] = issue.path;
  if (first === 'items' && typeof index === 'number') {
    const item = valueAt(data, ['items', index]);
    const id = item && typeof item === 'object' && typeof (item as { id?: unknown }).id === 'string' ? (item as { id: string }).id : undefined;
    return { entry: `items[${index}]${id ? ` (id "${id}")` : ''}`, field: issue.path.slice(2).map(String).join('.'), message: text };
  }
  return { entry: 'file', field: issue.field, message: text };
}
