/**
 * The price of the CPU a call spends: case F's CPU per call at a single caller (F.T.cpuPerCallUs.*,
 * src/cases/f-load/facts.ts) at the per-CPU price of one instance in the price file's newest snapshot.
 * This joins the beyond results with the prices, so it lives beside the other joins (compose.ts).
 */
import type { Prices } from '../prices/prices.ts';
import type { Facts } from './facts.ts';
import { isoDateToDayNumber } from '../prices/prices.ts';

/** The price item whose per-CPU price prices a call's CPU: Render's 1-CPU instance, billed per instance-month. */
export const CPU_PRICE_ITEM = 'render.medium';

const PARTS = ['client', 'services', 'total'] as const;
const MICROS_PER_CENT = 10_000;

/**
 * Facts: `cpuPrice.cpus` (the item's published CPUs), `cpuPrice.monthCents` (its published price a month,
 * whole cents), `cpuPrice.readOnDay` (the UTC day number, days since 1970-01-01, of its read date), and per
 * target T ("hop", "chain") with a CPU-per-call figure, `F.T.cpuCostPerBillionCalls.{client,services,total}Cents`:
 * µs of CPU per call × 10^9 calls = CPU-seconds, each at price ÷ (hoursPerMonth × 3,600 s × CPUs), USD cents
 * (not rounded). Beyond facts without CPU per call give only the price facts. A price file without a
 * per-instance-month CPU_PRICE_ITEM with a positive CPU count gives no facts: the build's check of removed
 * price items then names the item, the snapshot and the sentence that uses it (src/prices), and a word
 * that reads "cpuPrice.*" fails as an unknown fact.
 */
export function callCpuCostFacts(prices: Prices, beyond: Facts): Record<string, number> {
  const item = prices.items.find((i) => i.id === CPU_PRICE_ITEM);
  const cpus = item?.specs ? Number(item.specs.cpu) : 0;
  if (!item || item.unit !== 'per-instance-month' || !(cpus > 0)) return {};
  const facts: Record<string, number> = {
    'cpuPrice.cpus': cpus,
    'cpuPrice.monthCents': item.priceMicros / MICROS_PER_CENT,
    'cpuPrice.readOnDay': isoDateToDayNumber(item.readOn)!,
  };
  const centsPerCpuSecond = item.priceMicros / MICROS_PER_CENT / (prices.hoursPerMonth * 3600 * cpus);
  for (const T of ['hop', 'chain']) {
    for (const part of PARTS) {
      const us = beyond[`F.${T}.cpuPerCallUs.${part}`];
      if (us === undefined) continue;
      // 10^9 calls × µs per call ÷ 10^6 µs per second = CPU-seconds per billion calls.
      facts[`F.${T}.cpuCostPerBillionCalls.${part}Cents`] = us * 1000 * centsPerCpuSecond;
    }
  }
  return facts;
}
