/**
 * The price file's schema and loader: the real file validates, every kind of bad data is an error
 * naming the file, the entry, the field and what was expected, and dates never depend on the time zone.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import {
  DEFAULT_PRICES_FILE,
  PriceDataError,
  decimalToMicros,
  isoDateToDayNumber,
  loadPrices,
  parsePrices,
  priceAgeDays,
  priceAgeWarning,
} from '../../src/prices/prices.ts';
import { loadPriceHistory } from '../../src/prices/price-history.ts';

const FIXTURE = 'tests/costs/fixtures/prices-2026-10-19.json';
const NOW = new Date('2026-11-30T12:00:00Z');
const base = JSON.parse(readFileSync(FIXTURE, 'utf8'));

/** Parses a mutated copy of the fixture and returns the error it must throw. */
function errorFor(mutate: (data: any) => void, now = NOW): PriceDataError {
  const data = structuredClone(base);
  mutate(data);
  try {
    parsePrices(JSON.stringify(data), 'content/prices.json', now);
  } catch (error) {
    assert.ok(error instanceof PriceDataError, `expected a PriceDataError, got ${error}`);
    return error;
  }
  assert.fail('bad data was accepted');
}

/** Asserts one issue names the entry and field and says what was expected. */
function assertIssue(error: PriceDataError, entry: string, field: string, expected: RegExp): void {
  assert.equal(error.file, 'content/prices.json');
  const issue = error.issues.find((i) => i.entry === entry && i.field === field);
  assert.ok(issue, `no issue for ${entry} / ${field}; got ${JSON.stringify(error.issues)}`);
  assert.match(issue.message, expected);
  assert.ok(error.message.includes(`content/prices.json: ${entry}, field "${field}": `), error.message);
}

describe('the price file', () => {
  it('content/prices.json validates and carries the brief’s prices when read on 2026-10-19', () => {
    const history = loadPriceHistory(DEFAULT_PRICES_FILE, NOW, { warn: () => {} });
    assert.equal(history.snapshots[0]!.asOf, '2026-10-19', 'the first snapshot is the brief’s');
    const prices = history.current;
    assert.equal(prices.hoursPerMonth, 730);
    const ids = prices.items.map((i) => i.id);
    assert.equal(new Set(ids).size, ids.length);
    if (prices.asOf === '2026-10-19') {
      const byId = Object.fromEntries(prices.items.map((i) => [i.id, i]));
      assert.deepEqual(
        prices.items.map((i) => [i.provider, i.specs, i.price, i.currency, i.unit, i.source]),
        [
          ['Render', { cpu: '0.5', memory: '512 MB' }, '7', 'USD', 'per-instance-month', 'https://render.com/pricing'],
          ['Render', { cpu: '1', memory: '2 GB' }, '25', 'USD', 'per-instance-month', 'https://render.com/pricing'],
          ['AWS', null, '0.10', 'USD', 'per-cluster-hour', 'https://aws.amazon.com/eks/pricing/'],
          ['AWS', null, '0.60', 'USD', 'per-cluster-hour', 'https://aws.amazon.com/eks/pricing/'],
        ],
      );
      assert.equal(byId['eks.standard'].priceMicros, 100_000);
    }
  });

  it('the test fixture parses into exact micro-dollars', () => {
    const prices = parsePrices(readFileSync(FIXTURE, 'utf8'), FIXTURE, NOW);
    assert.deepEqual(
      prices.items.map((i) => [i.id, i.priceMicros, i.readOn]),
      [
        ['render.small', 7_000_000, '2026-10-19'],
        ['render.medium', 25_000_000, '2026-10-19'],
        ['eks.standard', 100_000, '2026-10-19'],
        ['eks.extended', 600_000, '2026-10-19'],
      ],
    );
  });

  it('converts decimal strings to micro-units without floating point', () => {
    assert.equal(decimalToMicros('0.0416'), 41_600);
    assert.equal(decimalToMicros('0.1'), 100_000);
    assert.equal(decimalToMicros('25'), 25_000_000);
    assert.equal(decimalToMicros('0.000001'), 1);
    assert.throws(() => decimalToMicros('0.0000001'), RangeError);
    assert.throws(() => decimalToMicros('-1'), RangeError);
  });
});

describe('bad price data is an error naming file, entry, field and expectation', () => {
  it('missing read date', () => {
    const e = errorFor((d) => delete d.items[0].readOn);
    assertIssue(e, 'items[0] (id "render.small")', 'readOn', /expected an ISO date "YYYY-MM-DD", got nothing/);
  });
  it('non-ISO read date', () => {
    assertIssue(errorFor((d) => (d.items[1].readOn = '19/10/2026')), 'items[1] (id "render.medium")', 'readOn', /ISO date.*got "19\/10\/2026"/);
  });
  it('a date that does not exist', () => {
    assertIssue(errorFor((d) => (d.items[1].readOn = '2026-02-30')), 'items[1] (id "render.medium")', 'readOn', /exists in the calendar, got "2026-02-30"/);
  });
  it('missing or non-ISO as-of date of the file', () => {
    assertIssue(errorFor((d) => delete d.asOf), 'file', 'asOf', /ISO date/);
    assertIssue(errorFor((d) => (d.asOf = '2026-10-19T00:00:00Z')), 'file', 'asOf', /ISO date/);
  });
  it('a date in the future', () => {
    const now = new Date('2026-10-19T09:00:00Z'); // already 2026-10-19 23:00 in UTC+14
    assertIssue(errorFor((d) => (d.asOf = '2026-10-21'), now), 'file', 'asOf', /not in the future.*got "2026-10-21"/);
    assertIssue(
      errorFor((d) => ((d.asOf = '2026-10-20'), (d.items[2].readOn = '2026-10-20')), now),
      'items[2] (id "eks.standard")',
      'readOn',
      /not in the future/,
    );
    // "today" somewhere on Earth (UTC+14) is accepted whatever the build machine's zone.
    const ok = structuredClone(base);
    ok.asOf = '2026-10-20';
    ok.items[2].readOn = '2026-10-20';
    assert.equal(parsePrices(JSON.stringify(ok), 'x.json', new Date('2026-10-19T11:00:00Z')).items[2].readOn, '2026-10-20');
  });
  it('an item read after the file’s as-of date', () => {
    assertIssue(errorFor((d) => (d.items[3].readOn = '2026-10-20')), 'items[3] (id "eks.extended")', 'readOn', /on or before the file's asOf \(2026-10-19\)/);
  });
  it('negative price', () => {
    assertIssue(errorFor((d) => (d.items[2].price = '-0.10')), 'items[2] (id "eks.standard")', 'price', /zero or more, not a negative one, got "-0.10"/);
  });
  it('non-numeric price', () => {
    assertIssue(errorFor((d) => (d.items[0].price = 'seven')), 'items[0] (id "render.small")', 'price', /decimal number.*got "seven"/);
    assertIssue(errorFor((d) => (d.items[0].price = '7,00')), 'items[0] (id "render.small")', 'price', /decimal number/);
  });
  it('price as a JSON number (would go through floating point)', () => {
    assertIssue(errorFor((d) => (d.items[0].price = 7)), 'items[0] (id "render.small")', 'price', /quoted decimal string.*got 7$/);
  });
  it('missing source URL', () => {
    assertIssue(errorFor((d) => delete d.items[3].source), 'items[3] (id "eks.extended")', 'source', /https:\/\/ URL.*got nothing/);
  });
  it('non-https source URL', () => {
    assertIssue(errorFor((d) => (d.items[0].source = 'http://render.com/pricing')), 'items[0] (id "render.small")', 'source', /https:\/\/ URL/);
    assertIssue(errorFor((d) => (d.items[0].source = 'render.com/pricing')), 'items[0] (id "render.small")', 'source', /https:\/\/ URL/);
  });
  it('unknown currency', () => {
    assertIssue(errorFor((d) => (d.items[1].currency = 'EUR')), 'items[1] (id "render.medium")', 'currency', /known currencies: USD, got "EUR"/);
  });
  it('unknown unit', () => {
    assertIssue(
      errorFor((d) => (d.items[2].unit = 'per-cluster-minute')),
      'items[2] (id "eks.standard")',
      'unit',
      /known units: per-instance-month, per-cluster-hour, got "per-cluster-minute"/,
    );
  });
  it('duplicate item id', () => {
    assertIssue(errorFor((d) => (d.items[3].id = 'eks.standard')), 'items[3] (id "eks.standard")', 'id', /unique id; items\[2\] already uses it/);
  });
  it('an entry without an id is named by its index', () => {
    assertIssue(errorFor((d) => delete d.items[1].id), 'items[1]', 'id', /expected an id/);
  });
  it('malformed JSON', () => {
    assert.throws(
      () => parsePrices('{"asOf": "2026-10-19",', 'content/prices.json', NOW),
      (e: unknown) => e instanceof PriceDataError && /^content\/prices\.json: bad price data\n  - content\/prices\.json: file: expected valid JSON/.test(e.message),
    );
  });
  it('a missing file', () => {
    assert.throws(
      () => loadPrices('tests/costs/fixtures/no-such-file.json', NOW),
      (e: unknown) => e instanceof PriceDataError && e.file === 'tests/costs/fixtures/no-such-file.json' && /expected a readable price file/.test(e.message),
    );
  });
  it('lists every problem at once, not only the first', () => {
    const e = errorFor((d) => ((d.items[0].price = '-1'), (d.items[1].currency = 'GBP')));
    assert.equal(e.issues.length, 2);
  });
});

describe('price age', () => {
  const prices = parsePrices(readFileSync(FIXTURE, 'utf8'), FIXTURE, NOW);
  it('counts whole UTC days from the oldest read date', () => {
    assert.equal(priceAgeDays(prices, new Date('2026-10-19T00:00:00Z')), 0);
    assert.equal(priceAgeDays(prices, new Date('2026-11-30T23:59:59Z')), 42);
    assert.equal(priceAgeDays(prices, new Date('2027-04-17T00:00:00Z')), 180);
  });
  it('warns after 180 days and not before', () => {
    assert.equal(priceAgeWarning(prices, new Date('2027-04-17T12:00:00Z')), null);
    assert.match(priceAgeWarning(prices, new Date('2027-04-18T12:00:00Z')) ?? '', /read on 2026-10-19 are 181 days old \(more than 180\)/);
    const warnings: string[] = [];
    loadPrices(FIXTURE, new Date('2027-04-18T12:00:00Z'), { warn: (m) => warnings.push(m) });
    loadPrices(FIXTURE, new Date('2027-04-17T12:00:00Z'), { warn: (m) => warnings.push(m) });
    assert.equal(warnings.length, 1);
    assert.match(warnings[0], /tests\/costs\/fixtures\/prices-2026-10-19\.json: prices read on 2026-10-19 are 181 days old/);
  });
  it('day numbers are UTC calendar days', () => {
    assert.equal(isoDateToDayNumber('1970-01-02'), 1);
    assert.equal(isoDateToDayNumber('2024-02-29'), 19782);
    assert.equal(isoDateToDayNumber('2023-02-29'), null);
  });
});

describe('dates do not depend on the build machine’s time zone', () => {
  // A child per zone loads the file and prints what the page would show; all must agree.
  const dir = mkdtempSync(path.join(tmpdir(), 'prices-tz-'));
  const script = path.join(dir, 'show.ts');
  writeFileSync(
    script,
    `import { loadPrices, priceAgeDays } from ${JSON.stringify(path.resolve('src/prices/prices.ts'))};\n` +
      `const now = new Date('2026-11-30T23:30:00Z');\n` +
      `const p = loadPrices(${JSON.stringify(FIXTURE)}, now, { warn: () => {} });\n` +
      `console.log(JSON.stringify({ asOf: p.asOf, read: p.items.map((i) => i.readOn), age: priceAgeDays(p, now) }));\n`,
  );
  const outputs = ['UTC', 'Pacific/Kiritimati', 'America/Adak', 'Asia/Kathmandu'].map((tz) => {
    const child = spawnSync(process.execPath, [script], { env: { ...process.env, TZ: tz }, encoding: 'utf8' });
    assert.equal(child.status, 0, child.stderr);
    return { tz, out: child.stdout.trim() };
  });
  rmSync(dir, { recursive: true, force: true });
  it('shows the dates as written and the same age in every zone', () => {
    for (const { tz, out } of outputs) {
      assert.equal(out, JSON.stringify({ asOf: '2026-10-19', read: ['2026-10-19', '2026-10-19', '2026-10-19', '2026-10-19'], age: 42 }), tz);
    }
  });
});
