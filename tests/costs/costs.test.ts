/**
 * Cost arithmetic in integer cents: exact monthly unit prices (one rounding, half up), rows for
 * 1–20 services, control-plane totals, facts for the prose, and the formatting of amounts.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { SERVICE_COUNTS, costModel, formatCents, formatMicros, monthlyUnitCents, monthlyUnitMicros, priceFacts } from '../../src/prices/costs.ts';
import { parsePrices, type PriceItem } from '../../src/prices/prices.ts';

const FIXTURE = 'tests/costs/fixtures/prices-2026-10-19.json';
const NOW = new Date('2026-11-30T12:00:00Z');
const fixtureText = readFileSync(FIXTURE, 'utf8');

function item(price: string, unit: PriceItem['unit'], id = 'x.test'): PriceItem {
  const micros = parsePrices(
    JSON.stringify({
      asOf: '2026-10-19',
      hoursPerMonth: 730,
      items: [{ id, provider: 'P', product: 'p', shortName: 'p', specs: null, price, currency: 'USD', unit, source: 'https://example.com/', readOn: '2026-10-19' }],
    }),
    'inline.json',
    NOW,
  );
  return micros.items[0];
}

describe('monthly unit prices in cents', () => {
  it('0.0416 USD per hour × 730 h = 30.368 USD, rounded half up once to 3,037 cents', () => {
    const i = item('0.0416', 'per-cluster-hour');
    assert.equal(monthlyUnitMicros(i, 730), 30_368_000);
    assert.equal(monthlyUnitCents(i, 730), 3037);
    assert.equal(formatMicros(monthlyUnitMicros(i, 730)), '30.368');
  });
  it('the brief’s EKS prices: 0.10 and 0.60 USD per cluster-hour → 73 and 438 USD per month', () => {
    assert.equal(monthlyUnitCents(item('0.10', 'per-cluster-hour'), 730), 7300);
    assert.equal(monthlyUnitCents(item('0.60', 'per-cluster-hour'), 730), 43_800);
  });
  it('rounds exact halves up and anything below half down', () => {
    assert.equal(monthlyUnitCents(item('0.0005', 'per-cluster-hour'), 730), 37); // 36.5 cents
    assert.equal(monthlyUnitCents(item('0.005', 'per-instance-month'), 730), 1); // 0.5 cent
    assert.equal(monthlyUnitCents(item('0.004999', 'per-instance-month'), 730), 0);
    assert.equal(monthlyUnitCents(item('0.000685', 'per-cluster-hour'), 730), 50); // 50.005 cents
  });
  it('a monthly price is taken as published', () => {
    assert.equal(monthlyUnitCents(item('7', 'per-instance-month'), 730), 700);
    assert.equal(monthlyUnitCents(item('25', 'per-instance-month'), 1), 2500);
  });
});

describe('the cost model', () => {
  const prices = parsePrices(fixtureText, FIXTURE, NOW);
  const model = costModel(prices);

  it('has one row per service count, 2 instances per service', () => {
    assert.deepEqual(model.rows.map((r) => r.services), [...SERVICE_COUNTS]);
    assert.deepEqual(model.rows.map((r) => r.instances), [2, 4, 6, 10, 20, 40]);
  });
  it('prices each instance size exactly in cents', () => {
    assert.deepEqual(model.rows.map((r) => r.cents['render.small']), [1400, 2800, 4200, 7000, 14_000, 28_000]);
    assert.deepEqual(model.rows.map((r) => r.cents['render.medium']), [5000, 10_000, 15_000, 25_000, 50_000, 100_000]);
  });
  it('prices the EKS control plane per cluster and for one cluster per environment', () => {
    assert.deepEqual(
      model.controlPlanes.map((c) => [c.item.id, c.monthMicros, c.monthCents, c.clusters, c.totalCents]),
      [
        ['eks.standard', 73_000_000, 7300, 2, 14_600],
        ['eks.extended', 438_000_000, 43_800, 2, 87_600],
      ],
    );
  });
  it('totals reconcile with their rows, also for a price that does not divide evenly', () => {
    const text = JSON.parse(fixtureText);
    text.items.push({ ...text.items[2], id: 'odd.hourly', shortName: 'odd', unit: 'per-cluster-hour', price: '0.0416' });
    text.items.push({ ...text.items[0], id: 'odd.monthly', shortName: 'odd monthly', price: '30.368' });
    const odd = costModel(parsePrices(JSON.stringify(text), 'odd.json', NOW));
    const monthly = odd.instances.find((i) => i.item.id === 'odd.monthly');
    assert.equal(monthly?.monthCents, 3037);
    // 20 services × 2 environments × 30.37 USD, from the rounded unit price shown in the table.
    assert.equal(odd.rows.at(-1)?.cents['odd.monthly'], 121_480);
    for (const row of odd.rows) {
      for (const i of odd.instances) {
        // per environment × environments = total; per service × services = total
        const perEnvironment = row.services * i.monthCents;
        assert.equal(row.cents[i.item.id], perEnvironment * 2);
        assert.equal(row.cents[i.item.id], row.instances * i.monthCents);
      }
    }
    const cp = odd.controlPlanes.find((c) => c.item.id === 'odd.hourly');
    assert.deepEqual([cp?.monthMicros, cp?.monthCents, cp?.totalCents], [30_368_000, 3037, 6074]);
  });
});

describe('facts for the prose', () => {
  it('names every derived figure, in cents, hours and days', () => {
    const facts = priceFacts(parsePrices(fixtureText, FIXTURE, NOW), NOW);
    assert.deepEqual(facts, {
      'prices.hoursPerMonth': 730,
      'prices.ageDays': 42,
      'prices.environments': 2,
      'price.render.small.micros': 7_000_000,
      'price.render.medium.micros': 25_000_000,
      'price.eks.standard.micros': 100_000,
      'price.eks.extended.micros': 600_000,
      'price.render.small.unitPriceCents': 700,
      'price.render.medium.unitPriceCents': 2500,
      'price.eks.standard.unitPriceCents': 10,
      'price.eks.extended.unitPriceCents': 60,
      'cost.render.small.monthCents': 700,
      'cost.render.small.prodStaging.services1Cents': 1400,
      'cost.render.small.prodStaging.services2Cents': 2800,
      'cost.render.small.prodStaging.services3Cents': 4200,
      'cost.render.small.prodStaging.services5Cents': 7000,
      'cost.render.small.prodStaging.services10Cents': 14_000,
      'cost.render.small.prodStaging.services20Cents': 28_000,
      'cost.render.medium.monthCents': 2500,
      'cost.render.medium.prodStaging.services1Cents': 5000,
      'cost.render.medium.prodStaging.services2Cents': 10_000,
      'cost.render.medium.prodStaging.services3Cents': 15_000,
      'cost.render.medium.prodStaging.services5Cents': 25_000,
      'cost.render.medium.prodStaging.services10Cents': 50_000,
      'cost.render.medium.prodStaging.services20Cents': 100_000,
      'cost.instances.services1': 2,
      'cost.instances.services2': 4,
      'cost.instances.services3': 6,
      'cost.instances.services5': 10,
      'cost.instances.services10': 20,
      'cost.instances.services20': 40,
      // What N services cost over one, per instance size (small: 700 × 2 per added service).
      'cost.largestRow.services': 20,
      'cost.render.small.prodStaging.services2AddedCents': 1400,
      'cost.render.small.prodStaging.services3AddedCents': 2800,
      'cost.render.small.prodStaging.services5AddedCents': 5600,
      'cost.render.small.prodStaging.services10AddedCents': 12_600,
      'cost.render.small.prodStaging.services20AddedCents': 26_600,
      'cost.render.medium.prodStaging.services2AddedCents': 5000,
      'cost.render.medium.prodStaging.services3AddedCents': 10_000,
      'cost.render.medium.prodStaging.services5AddedCents': 20_000,
      'cost.render.medium.prodStaging.services10AddedCents': 45_000,
      'cost.render.medium.prodStaging.services20AddedCents': 95_000,
      'cost.eks.standard.monthCents': 7300,
      'cost.eks.standard.prodStaging.monthCents': 14_600,
      'cost.eks.extended.monthCents': 43_800,
      'cost.eks.extended.prodStaging.monthCents': 87_600,
    });
  });
  it('follow a changed price and a changed hours-per-month', () => {
    const data = JSON.parse(fixtureText);
    data.items[0].price = '8.50';
    data.hoursPerMonth = 720;
    const facts = priceFacts(parsePrices(JSON.stringify(data), 'changed.json', NOW), NOW);
    assert.equal(facts['cost.render.small.prodStaging.services20Cents'], 34_000);
    assert.equal(facts['cost.eks.standard.monthCents'], 7200);
    assert.equal(facts['prices.hoursPerMonth'], 720);
  });
});

describe('formatting', () => {
  it('prints cents as dollars with grouping, without floating point', () => {
    assert.equal(formatCents(0), '0.00');
    assert.equal(formatCents(5), '0.05');
    assert.equal(formatCents(121_480), '1,214.80');
    assert.equal(formatCents(123_456_789), '1,234,567.89');
    assert.throws(() => formatCents(1.5), RangeError);
    assert.throws(() => formatCents(-1), RangeError);
  });
  it('prints exact micro-dollars with the decimals they need', () => {
    assert.equal(formatMicros(73_000_000), '73.00');
    assert.equal(formatMicros(100_000), '0.10');
    assert.equal(formatMicros(1), '0.000001');
  });
});
