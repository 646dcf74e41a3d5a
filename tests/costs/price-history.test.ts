/**
 * Dated price snapshots: the change table from a two-snapshot fixture (expected figures worked out by
 * hand), no table with one snapshot, bad histories named by file, snapshot date, entry and field, a
 * removed item the prose uses named by fact and sentence, and `npm run prices -- check | add`.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { articleTexts } from '../../src/claims/article.ts';
import { checkRemovedItemsInProse, parsePriceHistory, priceChanges } from '../../src/prices/price-history.ts';
import { PriceDataError } from '../../src/prices/prices.ts';

/** Labelled test fixture: the brief's 2026-10-19 snapshot, then an invented 2026-11-20 one. */
const TWO = 'tests/costs/fixtures/price-history-test-two-snapshots.json';
/** The old single-snapshot layout (the brief's prices). */
const LEGACY = 'tests/costs/fixtures/prices-2026-10-19.json';
const NOW = new Date('2026-12-01T12:00:00Z');
const ROOT = path.resolve('.');
const two = JSON.parse(readFileSync(TWO, 'utf8'));
const work = mkdtempSync(path.join(tmpdir(), 'soe-price-history-'));
after(() => rmSync(work, { recursive: true, force: true }));

function errorFor(data: unknown, now = NOW): PriceDataError {
  try {
    parsePriceHistory(JSON.stringify(data), 'content/prices.json', now);
  } catch (error) {
    assert.ok(error instanceof PriceDataError, `expected a PriceDataError, got ${error}`);
    return error;
  }
  assert.fail('a bad history was accepted');
}

describe('a price history', () => {
  it('uses the newest snapshot and lists what changed since the previous one', () => {
    const history = parsePriceHistory(JSON.stringify(two), TWO, NOW);
    assert.deepEqual(history.snapshots.map((s) => s.asOf), ['2026-10-19', '2026-11-20']);
    assert.equal(history.current.asOf, '2026-11-20');
    assert.equal(history.current.items.find((i) => i.id === 'render.small')!.price, '8.25');
    const diff = priceChanges(history)!;
    assert.equal(diff.fromAsOf, '2026-10-19');
    assert.equal(diff.toAsOf, '2026-11-20');
    // render.small: 7 → 8.25 USD per instance-month is +1.25/7 = +17.857…%; the 20-service row runs
    // 20 × 2 environments = 40 instances: 40 × $7 = $280.00 → 40 × $8.25 = $330.00.
    // eks.standard: 0.10 → 0.12 USD per cluster-hour is +20%; 2 clusters × 730 h: $146.00 → $175.20.
    assert.deepEqual(
      diff.changes.map((c) => [c.id, c.kind, c.oldPrice, c.newPrice, Number(c.changePercent!.toFixed(3)), c.rowOldCents, c.rowNewCents]),
      [
        ['render.small', 'changed', '7', '8.25', 17.857, 28_000, 33_000],
        ['eks.standard', 'changed', '0.10', '0.12', 20, 14_600, 17_520],
      ],
    );
  });

  it('shows no change table with a single snapshot, in either layout', () => {
    const one = structuredClone(two);
    one.snapshots.pop();
    assert.equal(priceChanges(parsePriceHistory(JSON.stringify(one), 'one.json', NOW)), null);
    const legacy = parsePriceHistory(readFileSync(LEGACY, 'utf8'), LEGACY, NOW);
    assert.equal(legacy.snapshots.length, 1);
    assert.equal(priceChanges(legacy), null);
    assert.equal(parsePriceHistory(readFileSync('content/prices.json', 'utf8'), 'content/prices.json', NOW).snapshots[0]!.asOf, '2026-10-19');
  });

  it('marks added and removed items', () => {
    const data = structuredClone(two);
    const last = data.snapshots[1];
    const [removed] = last.items.splice(1, 1); // render.medium
    last.items.push({ ...removed, id: 'render.medium-new', price: '30' });
    const kinds = priceChanges(parsePriceHistory(JSON.stringify(data), 'x.json', NOW))!.changes.map((c) => [c.id, c.kind, c.rowOldCents, c.rowNewCents]);
    assert.deepEqual(kinds.slice(-2), [
      ['render.medium-new', 'added', null, 40 * 3000],
      ['render.medium', 'removed', 40 * 2500, null],
    ]);
  });

  it('rejects two snapshots with the same date, naming the snapshot and the field', () => {
    const data = structuredClone(two);
    data.snapshots[1].asOf = '2026-10-19';
    data.snapshots[1].items.forEach((i: { readOn: string }) => (i.readOn = '2026-10-19'));
    const error = errorFor(data);
    const issue = error.issues.find((i) => i.entry === 'snapshot "2026-10-19" (snapshots[1])' && i.field === 'asOf');
    assert.ok(issue, JSON.stringify(error.issues));
    assert.match(issue.message, /snapshots\[0\] is also dated 2026-10-19/);
    assert.ok(error.message.includes('content/prices.json: snapshot "2026-10-19" (snapshots[1]), field "asOf": '), error.message);
  });

  it('rejects a snapshot dated in the future, and one out of order', () => {
    const future = structuredClone(two);
    future.snapshots[1].asOf = '2026-12-24';
    const error = errorFor(future);
    assert.ok(error.issues.some((i) => i.entry === 'snapshot "2026-12-24" (snapshots[1])' && i.field === 'asOf' && /not in the future/.test(i.message)), JSON.stringify(error.issues));
    const swapped = structuredClone(two);
    swapped.snapshots.reverse();
    const order = errorFor(swapped);
    assert.ok(order.issues.some((i) => i.entry === 'snapshot "2026-10-19" (snapshots[1])' && /oldest first/.test(i.message)), JSON.stringify(order.issues));
  });

  it('names the snapshot date, the entry and the field of a bad item', () => {
    const data = structuredClone(two);
    data.snapshots[1].items[2].price = '-0.12';
    const error = errorFor(data);
    assert.ok(
      error.message.includes('content/prices.json: snapshot "2026-11-20" (snapshots[1]), items[2] (id "eks.standard"), field "price": expected a price of zero or more'),
      error.message,
    );
  });

  it('refuses an item removed from the newest snapshot that the article still uses, naming the fact and the sentence', () => {
    const data = structuredClone(two);
    data.snapshots[1].items = data.snapshots[1].items.filter((i: { id: string }) => i.id !== 'eks.extended');
    const history = parsePriceHistory(JSON.stringify(data), 'content/prices.json', NOW);
    // A small article of our own, so the test does not depend on the real article's wording.
    const article = new Map([
      [
        'fixture.mdx',
        'Intro line.\n\nThe standard plane costs <Fig name="cost.eks.standard.monthCents" />. Extended support costs\n<Fig name="cost.eks.extended.monthCents" /> a month. Another sentence.\n\n' +
          '<Claim when="cost.eks.extended.monthCents > cost.eks.standard.monthCents">Extended support costs more</Claim>.\n',
      ],
    ]);
    assert.throws(
      () => checkRemovedItemsInProse(history, article),
      (error: PriceDataError) => {
        assert.ok(error instanceof PriceDataError);
        assert.equal(error.issues.length, 2, JSON.stringify(error.issues));
        const [fig, claim] = error.issues as [PriceDataError['issues'][0], PriceDataError['issues'][0]];
        assert.equal(fig.entry, 'snapshot "2026-11-20" (snapshots[1])');
        assert.equal(fig.field, 'items');
        assert.match(fig.message, /has no item "eks\.extended" \(snapshot "2026-10-19" had it\)/);
        assert.match(fig.message, /its fact "cost\.eks\.extended\.monthCents" in fixture\.mdx:4, in the sentence: "Extended support costs <Fig name="cost\.eks\.extended\.monthCents" \/> a month\."/);
        assert.match(claim.message, /fixture\.mdx:6, in the sentence: "<Claim when="cost\.eks\.extended\.monthCents > cost\.eks\.standard\.monthCents">Extended support costs more<\/Claim>\."/);
        assert.ok(error.message.startsWith('content/prices.json: bad price data'), error.message);
        return true;
      },
    );
    // The real article uses the brief's items; with all of them kept, nothing is refused.
    assert.doesNotThrow(() => checkRemovedItemsInProse(parsePriceHistory(JSON.stringify(two), TWO, NOW), articleTexts(ROOT)));
    // An item no sentence uses may go.
    const unused = structuredClone(two);
    unused.snapshots[0].items.push({ ...unused.snapshots[0].items[0], id: 'render.unused' });
    assert.doesNotThrow(() => checkRemovedItemsInProse(parsePriceHistory(JSON.stringify(unused), 'x.json', NOW), articleTexts(ROOT)));
  });
});

/** Runs `npm run prices -- ARGS` (its script, on this Node). */
function prices(args: string[]) {
  const run = spawnSync(process.execPath, ['src/pipeline/prices-cli.ts', ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, HOP_PRICES_FILE: '' } });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('npm run prices', () => {
  it('check validates the file and prints each source with its age in days', () => {
    const run = prices(['check', '--file', TWO]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /valid; 2 snapshots \(2026-10-19, 2026-11-20\); the page uses the newest, 2026-11-20/);
    const today = Math.floor(Date.now() / 86_400_000);
    const age = (iso: string) => today - Date.UTC(...(iso.split('-').map(Number).map((v, k) => (k === 1 ? v - 1 : v)) as [number, number, number])) / 86_400_000;
    // render.com's oldest item in the newest snapshot was read 2026-10-19 (render.medium); AWS's too (eks.extended).
    assert.match(run.stdout, new RegExp(`https://render\\.com/pricing\\s+read 2026-10-19, ${age('2026-10-19')} days? old`));
    assert.match(run.stdout, new RegExp(`https://aws\\.amazon\\.com/eks/pricing/\\s+read 2026-10-19, ${age('2026-10-19')} days? old`));
  });

  it('check exits 1 when the newest snapshot is older than the warning threshold', () => {
    const old = structuredClone(two);
    for (const s of old.snapshots) {
      s.asOf = s.asOf.replace('2026', '2025');
      for (const i of s.items) i.readOn = i.readOn.replace('2026', '2025');
    }
    const file = path.join(work, 'old.json');
    writeFileSync(file, JSON.stringify(old));
    const run = prices(['check', '--file', file]);
    assert.equal(run.code, 1, run.stdout);
    assert.match(run.stderr, /prices read on 2025-10-19 are \d+ days old \(more than 180\)/);
    assert.match(run.stderr, /npm run prices -- add --date/);
  });

  it('check names the file, snapshot and field of bad data and exits 1', () => {
    const bad = structuredClone(two);
    bad.snapshots[1].items[0].source = 'http://render.com/pricing';
    const file = path.join(work, 'bad.json');
    writeFileSync(file, JSON.stringify(bad));
    const run = prices(['check', '--file', file]);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /snapshot "2026-11-20" \(snapshots\[1\]\), items\[0\] \(id "render\.small"\), field "source": expected an https:\/\/ URL/);
  });

  it('add writes a copy of the newest snapshot under the new date, and refuses a date not after it', () => {
    const file = path.join(work, 'add.json');
    writeFileSync(file, readFileSync(TWO, 'utf8'));
    const before = readFileSync(file, 'utf8');
    for (const date of ['2026-11-20', '2026-11-01']) {
      const refused = prices(['add', '--date', date, '--file', file]);
      assert.equal(refused.code, 1, refused.stdout);
      assert.match(refused.stderr, new RegExp(`already has a snapshot dated 2026-11-20; a new snapshot must be dated after it, got ${date}`));
      assert.equal(readFileSync(file, 'utf8'), before, 'a refused add leaves the file as it was');
    }
    const future = prices(['add', '--date', '2099-01-01', '--file', file]);
    assert.equal(future.code, 1);
    assert.match(future.stderr, /2099-01-01 is in the future/);
    assert.equal(prices(['add', '--date', '2026-13-01', '--file', file]).code, 2, 'not a calendar date');

    const date = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10); // yesterday (UTC): after 2026-11-20 whenever this runs
    const added = prices(['add', '--date', date, '--file', file]);
    assert.equal(added.code, 0, added.stderr);
    const data = JSON.parse(readFileSync(file, 'utf8'));
    assert.deepEqual(data.snapshots.map((s: { asOf: string }) => s.asOf), ['2026-10-19', '2026-11-20', date]);
    assert.deepEqual(data.snapshots[2].items, two.snapshots[1].items, 'the new snapshot is a copy of the newest');
    assert.equal(data.hoursPerMonth, two.hoursPerMonth);
    assert.equal(prices(['check', '--file', file]).code, 0);
  });

  it('add turns a single-snapshot file into a history whose first snapshot is the old file', () => {
    const file = path.join(work, 'legacy.json');
    writeFileSync(file, readFileSync(LEGACY, 'utf8'));
    const run = prices(['add', '--date', '2026-11-30', '--file', file]);
    assert.equal(run.code, 0, run.stderr);
    const data = JSON.parse(readFileSync(file, 'utf8'));
    const legacy = JSON.parse(readFileSync(LEGACY, 'utf8'));
    assert.equal(data.asOf, undefined);
    assert.deepEqual(data.snapshots[0], { asOf: legacy.asOf, items: legacy.items });
    assert.equal(data.snapshots[1].asOf, '2026-11-30');
  });

  it('rejects usage errors with exit 2', () => {
    assert.equal(prices([]).code, 2);
    assert.equal(prices(['add']).code, 2);
    assert.equal(prices(['frobnicate']).code, 2);
  });
});
