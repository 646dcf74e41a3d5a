/**
 * Fixed monthly cost of running production + staging, computed from the price file in integer cents.
 *
 * Rounding rule (the only one): a price is turned into a monthly price per unit (one instance or one
 * cluster for one month) in exact micro-dollars, then rounded half up to whole cents once. Everything
 * after that is integer cents times whole counts, so every total equals the sum of its rows exactly.
 * Example: 0.0416 USD/h × 730 h = 30.368 USD → 3,037 cents per month.
 */
import { format } from '../format/number.ts';
import { priceAgeDays, type PriceItem, type Prices } from './prices.ts';

/** Service counts the tables show: 1 is the monolith. */
export const SERVICE_COUNTS = [1, 2, 3, 5, 10, 20] as const;

/** Environments every service runs in; each gets its own instances and its own cluster. */
export const ENVIRONMENTS = ['production', 'staging'] as const;

const MICROS_PER_CENT = 10_000;

/** Integer division of a non-negative integer, rounded half up. */
function divideRoundHalfUp(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || numerator < 0) throw new RangeError(`expected a non-negative safe integer, got ${numerator}`);
  return Math.floor((numerator + denominator / 2) / denominator);
}

/**
 * Exact monthly price of one unit (one instance or one cluster for a month), in micro-dollars.
 * per-instance-month: the price itself; per-cluster-hour: price × hoursPerMonth.
 */
export function monthlyUnitMicros(item: PriceItem, hoursPerMonth: number): number {
  return item.unit === 'per-cluster-hour' ? item.priceMicros * hoursPerMonth : item.priceMicros;
}

/**
 * Monthly price of one unit in whole USD cents, rounded half up from the exact micro-dollar amount
 * (the single rounding step). 0.0416 USD/h at 730 h → 3037.
 */
export function monthlyUnitCents(item: PriceItem, hoursPerMonth: number): number {
  return divideRoundHalfUp(monthlyUnitMicros(item, hoursPerMonth), MICROS_PER_CENT);
}

/** One row of the services table: n services in production + staging. */
export interface ServiceCostRow {
  /** Services deployed (1 = the monolith). */
  services: number;
  /** Instances running: services × environments (one instance of each service per environment). */
  instances: number;
  /** Monthly cost per instance size, USD cents, by price item id. */
  cents: Record<string, number>;
}

/** One instance size and its monthly unit price. */
export interface InstanceCost {
  item: PriceItem;
  /** One instance for one month, USD cents. */
  monthCents: number;
}

/** One control-plane option: per cluster and for one cluster per environment. */
export interface ControlPlaneCost {
  item: PriceItem;
  /** Exact price of one cluster for a month, micro-dollars (before rounding). */
  monthMicros: number;
  /** One cluster for one month, USD cents. */
  monthCents: number;
  /** Clusters: one per environment. */
  clusters: number;
  /** All clusters for one month, USD cents. */
  totalCents: number;
}

/** Everything the cost tables and the cost chart show. */
export interface CostModel {
  hoursPerMonth: number;
  environments: readonly string[];
  instances: InstanceCost[];
  rows: ServiceCostRow[];
  controlPlanes: ControlPlaneCost[];
}

/**
 * Builds the cost model from validated prices: per-instance-month items become instance sizes,
 * per-cluster-hour items become control-plane options.
 * @param serviceCounts the rows (default 1, 2, 3, 5, 10, 20).
 * @throws RangeError if an amount leaves the safe-integer range (it would take absurd prices).
 */
export function costModel(prices: Prices, serviceCounts: readonly number[] = SERVICE_COUNTS): CostModel {
  const environments = ENVIRONMENTS.length;
  const instances = prices.items
    .filter((item) => item.unit === 'per-instance-month')
    .map((item) => ({ item, monthCents: monthlyUnitCents(item, prices.hoursPerMonth) }));
  const rows = serviceCounts.map((services) => {
    const count = services * environments;
    return {
      services,
      instances: count,
      cents: Object.fromEntries(instances.map((i) => [i.item.id, count * i.monthCents])),
    };
  });
  const controlPlanes = prices.items
    .filter((item) => item.unit === 'per-cluster-hour')
    .map((item) => {
      const monthCents = monthlyUnitCents(item, prices.hoursPerMonth);
      return {
        item,
        monthMicros: monthlyUnitMicros(item, prices.hoursPerMonth),
        monthCents,
        clusters: environments,
        totalCents: environments * monthCents,
      };
    });
  return { hoursPerMonth: prices.hoursPerMonth, environments: ENVIRONMENTS, instances, rows, controlPlanes };
}

/** An integer amount of 1/10^scale units as an exact decimal string: (121480, 2) → "1214.80". */
function exactDecimal(units: number, scale: number): `${number}` {
  const digits = String(units).padStart(scale + 1, '0');
  return `${digits.slice(0, -scale)}.${digits.slice(-scale)}` as `${number}`;
}

/**
 * Formats integer cents as a USD amount without the sign, by the page's `money` rule: 121480 →
 * "1,214.80". The amount reaches the formatter as an exact decimal string, never as a float.
 * @throws RangeError for a non-integer or negative amount.
 */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`expected whole non-negative cents, got ${cents}`);
  return format(exactDecimal(cents, 2), 'money');
}

/**
 * Formats exact micro-dollars by the page's `exactMoney` rule (as many decimals as needed, at least
 * two): 30368000 → "30.368", 73000000 → "73.00".
 * @throws RangeError for a non-integer or negative amount.
 */
export function formatMicros(micros: number): string {
  if (!Number.isSafeInteger(micros) || micros < 0) throw new RangeError(`expected whole non-negative micro-units, got ${micros}`);
  return format(exactDecimal(micros, 6), 'exactMoney');
}

/**
 * Named figures for the article's prose, bound to the price file (numbers only; dates are in the file).
 * Names end in the unit suffixes of src/format/number.ts (Cents = USD amount in cents).
 * Names (for each item id, e.g. "render.small", "eks.standard"):
 * - `prices.hoursPerMonth` (h), `prices.ageDays` (days from the oldest read date to `now`, UTC),
 *   `prices.environments` (2)
 * - `price.<id>.micros`: the published price in micro-dollars per unit (per instance-month or cluster-hour)
 * - `price.<id>.unitPriceCents`: the same in cents, possibly fractional (0.0416 USD/h → 4.16)
 * - `cost.<id>.monthCents`: one instance or one cluster for a month, USD cents
 * - instance sizes: `cost.<id>.prodStaging.services<N>Cents` for N in SERVICE_COUNTS, and
 *   `cost.instances.services<N>` (instances running), `cost.<id>.prodStaging.services<N>AddedCents` (what N
 *   services cost over one, USD cents, for N > 1), `cost.largestRow.services` (the table's largest N)
 * - control planes: `cost.<id>.prodStaging.monthCents` (one cluster per environment)
 */
export function priceFacts(prices: Prices, now: Date): Record<string, number> {
  const model = costModel(prices);
  const facts: Record<string, number> = {
    'prices.hoursPerMonth': prices.hoursPerMonth,
    'prices.ageDays': priceAgeDays(prices, now),
    'prices.environments': model.environments.length,
  };
  for (const item of prices.items) {
    facts[`price.${item.id}.micros`] = item.priceMicros;
    facts[`price.${item.id}.unitPriceCents`] = item.priceMicros / MICROS_PER_CENT;
  }
  for (const { item, monthCents } of model.instances) {
    facts[`cost.${item.id}.monthCents`] = monthCents;
    for (const row of model.rows) facts[`cost.${item.id}.prodStaging.services${row.services}Cents`] = row.cents[item.id];
  }
  for (const row of model.rows) facts[`cost.instances.services${row.services}`] = row.instances;
  facts['cost.largestRow.services'] = Math.max(...model.rows.map((r) => r.services));
  // What each row adds over one service, per instance size: the scale of the difference at a few services.
  const one = model.rows.find((r) => r.services === 1);
  for (const row of model.rows) {
    if (!one || row.services === 1) continue;
    for (const { item } of model.instances) facts[`cost.${item.id}.prodStaging.services${row.services}AddedCents`] = row.cents[item.id]! - one.cents[item.id]!;
  }
  for (const cp of model.controlPlanes) {
    facts[`cost.${cp.item.id}.monthCents`] = cp.monthCents;
    facts[`cost.${cp.item.id}.prodStaging.monthCents`] = cp.totalCents;
  }
  return facts;
}
