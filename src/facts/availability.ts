/**
 * Availability of a synchronous call chain: a request that needs n services in sequence succeeds only
 * if all of them are up, so (independent failures assumed, network not counted) the chain's
 * availability is a₁ × a₂ × … × aₙ.
 *
 * The build-time figures are exact: availabilities are decimal percent strings ("99.95") multiplied
 * as BigInt integers and rounded half up only when formatted. No Node APIs here: the calculator's
 * browser script imports this module too.
 */

/** Per-service availabilities the table shows, percent as written. */
export const AVAILABILITY_LEVELS = ['99.9', '99.95', '99.99'] as const;

/** Hop counts the table shows: 1 to this many synchronous services. */
export const MAX_HOPS = 5;

/** A decimal as an integer and a power-of-ten scale: "99.95" → { digits: 9995n, scale: 2 }. */
interface Decimal {
  digits: bigint;
  scale: number;
}

function parsePercent(percent: string): Decimal {
  const m = /^(\d{1,3})(?:\.(\d{1,12}))?$/.exec(percent);
  if (!m || Number(percent) > 100) throw new RangeError(`expected a percentage from 0 to 100 such as "99.95", got ${JSON.stringify(percent)}`);
  const fraction = m[2] ?? '';
  return { digits: BigInt(m[1] + fraction), scale: fraction.length };
}

/** Rounds value / 10^scale half up to `decimals` places and prints it: (997002999n, 7, 3) → "99.700". */
function formatScaled(value: bigint, scale: number, decimals: number): string {
  let rounded: bigint;
  if (scale > decimals) {
    const divisor = 10n ** BigInt(scale - decimals);
    rounded = (value + divisor / 2n) / divisor;
  } else {
    rounded = value * 10n ** BigInt(decimals - scale);
  }
  const text = rounded.toString().padStart(decimals + 1, '0');
  return decimals === 0 ? text : `${text.slice(0, -decimals)}.${text.slice(-decimals)}`;
}

/** The exact chain product as a percent: digits / 10^scale percent. */
function chainProductPercent(perServicePercents: readonly string[]): Decimal {
  if (perServicePercents.length === 0) throw new RangeError('expected at least one service in the chain');
  let digits = 1n;
  let scale = 0;
  for (const p of perServicePercents) {
    const d = parsePercent(p);
    digits *= d.digits;
    scale += d.scale + 2; // each factor is a percent: divide by 100 to get a fraction
  }
  return { digits: digits * 100n, scale }; // back to percent
}

/**
 * Availability of a chain of services, in percent, rounded half up: (["99.9","99.9","99.9"], 3) → "99.700".
 * @param perServicePercents each service's availability as a decimal percent string, e.g. "99.95".
 * @param decimals digits after the point.
 * @throws RangeError for an empty chain or a value that is not a percentage.
 */
export function chainAvailabilityPercent(perServicePercents: readonly string[], decimals = 3): string {
  const { digits, scale } = chainProductPercent(perServicePercents);
  return formatScaled(digits, scale, decimals);
}

/**
 * Expected downtime per month of a chain, in minutes: (1 − a₁…aₙ) × hoursPerMonth × 60, rounded half up.
 * (["99.9"], 720, 1) → "43.2". There is no default month: hours per month is one fact, the price
 * file's `hoursPerMonth`, and every caller passes it (so downtime and costs cannot disagree).
 * @param hoursPerMonth whole hours in a month (the price file's value).
 * @throws RangeError as chainAvailabilityPercent, or for hours per month that are not a positive whole number.
 */
export function chainDowntimeMinutesPerMonth(perServicePercents: readonly string[], hoursPerMonth: number, decimals = 1): string {
  if (!Number.isSafeInteger(hoursPerMonth) || hoursPerMonth <= 0) throw new RangeError(`expected whole hours per month, got ${hoursPerMonth}`);
  const { digits, scale } = chainProductPercent(perServicePercents);
  const hundredPercent = 100n * 10n ** BigInt(scale);
  // unavailable share (percent) × minutes per month / 100
  const minutesScaled = (hundredPercent - digits) * BigInt(hoursPerMonth * 60);
  return formatScaled(minutesScaled, scale + 2, decimals);
}

/** n copies of one availability: the chain the table and the calculator assume. */
export function uniformChain(perServicePercent: string, hops: number): string[] {
  if (!Number.isInteger(hops) || hops < 1) throw new RangeError(`expected a whole number of hops ≥ 1, got ${hops}`);
  return Array.from({ length: hops }, () => perServicePercent);
}

/** One cell of the availability table. */
export interface AvailabilityCell {
  hops: number;
  /** Chain availability, percent, 3 decimals ("99.700"). */
  percent: string;
  /** Expected downtime per month, minutes, 1 decimal ("131.3"). */
  downtimeMinutes: string;
}

/** One row: a per-service availability and its chains of 1…maxHops services. */
export interface AvailabilityRow {
  /** Per-service availability, percent as written ("99.9"). */
  perServicePercent: string;
  cells: AvailabilityCell[];
}

/**
 * The table: rows = per-service availability, columns = 1…maxHops synchronous services.
 * @param hoursPerMonth the price file's hours per month (one fact for costs and downtime).
 */
export function availabilityTable(
  hoursPerMonth: number,
  levels: readonly string[] = AVAILABILITY_LEVELS,
  maxHops: number = MAX_HOPS,
): AvailabilityRow[] {
  return levels.map((perServicePercent) => ({
    perServicePercent,
    cells: Array.from({ length: maxHops }, (_, i) => {
      const chain = uniformChain(perServicePercent, i + 1);
      return {
        hops: i + 1,
        percent: chainAvailabilityPercent(chain, 3),
        downtimeMinutes: chainDowntimeMinutesPerMonth(chain, hoursPerMonth, 1),
      };
    }),
  }));
}

const HOP_WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/**
 * Named figures for the prose; unit suffixes follow src/format/number.ts (Percent = %, MinPerMonth =
 * minutes a month). For each level L ("99.9" → key "999") and hops n (word "three"):
 * - `availability.<n>.<L>Percent`: chain availability, percent rounded to 3 decimals
 *   (`availability.three.999Percent` = 99.7)
 * - `availability.<n>.<L>.downtimeMinPerMonth`: expected downtime per month at `hoursPerMonth` (the
 *   price file's), minutes, 1 decimal (`availability.three.999.downtimeMinPerMonth` = 131.3 at 730 h)
 */
export function availabilityFacts(
  hoursPerMonth: number,
  levels: readonly string[] = AVAILABILITY_LEVELS,
  maxHops: number = MAX_HOPS,
): Record<string, number> {
  const facts: Record<string, number> = {};
  for (const row of availabilityTable(hoursPerMonth, levels, maxHops)) {
    const key = row.perServicePercent.replace('.', '');
    for (const cell of row.cells) {
      const name = `availability.${HOP_WORDS[cell.hops - 1] ?? cell.hops}.${key}`;
      facts[`${name}Percent`] = Number(cell.percent);
      facts[`${name}.downtimeMinPerMonth`] = Number(cell.downtimeMinutes);
    }
  }
  return facts;
}
