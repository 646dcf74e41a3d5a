/**
 * The registry of the beyond suite, in the order its cases run. One import and one line per case.
 *
 * How a case plugs in (cases F–I):
 *   1. Write bench/src/beyond/<letter>-<name>.ts exporting one `BeyondCase` (types.ts): a zod
 *      `configSchema` and `resultSchema` (every field documented, units in the names), `config.full`
 *      and `config.quick` (quick under 10 s), `available()` (never throws; say why not in one
 *      sentence), `run(ctx, config)` (closes everything it opens; checks `ctx.signal`), `report()`
 *      and optionally `warnings()`. Start services through services/children.ts so stopAll()
 *      reaches them on any exit. Cases G and H run reference code (cases/measure.ts; B, C, D
 *      through target mode), so the beyond cache key covers bench/src including cases/.
 *   2. Add one import and one line to BEYOND_CASES below.
 *   3. Site: add one line to BEYOND_FACTS in src/lib/beyond-facts.ts mapping your result to named
 *      facts ("G.handshake.p99Us", …), and wrap your article section in
 *      <BeyondCase id="G">…</BeyondCase> so a machine that cannot run it says why instead.
 * The runner (runner.ts) checks availability, runs, validates the result with your resultSchema and
 * records "not measured here, because …" for an unavailable case. The results file
 * (bench/results/beyond-latest.json; schema in results-schema.ts) is composed from your schemas.
 */
import { caseI } from './cases/i-retry-storm.ts';
import { caseF } from './f-load.ts';
import { caseG } from './cases/g-tls.ts';
import { caseH } from './cases/h-network.ts';
import type { BeyondCase } from './types.ts';

/** A registered case, whatever its Config and Result types. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyBeyondCase = BeyondCase<any, any>;

/** The beyond cases, in run order. */
export const BEYOND_CASES: readonly AnyBeyondCase[] = [
  caseF,
  caseG,
  caseH,
  caseI,
];

/** The registered case `id`, or undefined. */
export function beyondCase(id: string): AnyBeyondCase | undefined {
  return BEYOND_CASES.find((c) => c.id === id);
}
