/**
 * The outcome generator (arbitraries.ts) reaches every dimension the page's words branch on, and every
 * results file it writes passes the bench's own schemas: 200 outcomes of a fixed seed are parsed and
 * counted here, by reading the results directly (not through the site's facts or words).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { noiseWarnings } from '@split-on-evidence/hop-bench/facts';
import { parseResults } from '@split-on-evidence/hop-bench/schema';
import { beyondSuite } from '@split-on-evidence/hop-bench/suites';
import { outcomes, type Json } from './arbitraries.ts';

const SEED = 20261204;
const READ_ON = '2026-10-19';
const CURRENT = { reference: 'a'.repeat(64), beyond: 'b'.repeat(64) };
const DAY_MS = 86_400_000;

const bucket = (n: number) => (n === 0 ? 'zero' : n === 1 ? 'one' : 'many');
const median = (c: Json) => c.median.p50Us as number;

test('200 generated outcomes pass the schemas and reach every dimension the words branch on', () => {
  const seen = new Map<string, Set<string>>();
  const mark = (dimension: string, value: string) => (seen.get(dimension) ?? seen.set(dimension, new Set()).get(dimension)!).add(value);
  for (const o of fc.sample(outcomes(READ_ON, CURRENT), { seed: SEED, numRuns: 200 })) {
    const reference = parseResults(structuredClone(o.reference), 'generated results.json');
    const beyond = beyondSuite.parseResultsText(JSON.stringify(o.beyond), 'generated beyond-results.json');
    const cases = Object.fromEntries(reference.cases.map((c) => [c.id, c])) as Record<string, Json>;
    mark('reference warnings', bucket(noiseWarnings(reference).length));
    mark('beyond warnings', bucket(beyond.cases.reduce((n, c) => n + (c.status === 'measured' ? c.warnings.length : 0), 0)));
    mark('reference runs', String(reference.config.runs));
    const cOverB = median(cases.C) / median(cases.B);
    mark('C ÷ B', cOverB < 1.1 ? 'within 10 %' : 'beyond 10 %');
    const dOverHops = median(cases.D) / (cases.D.hops * median(cases.B));
    mark('D ÷ hops × B', dOverHops < 0.999 ? 'below 1' : dOverHops <= 1.001 ? 'at 1' : 'above 1');
    if (Math.abs(dOverHops - 1.1) < 1e-9 || Math.abs(dOverHops - 1 / 1.1) < 1e-9) mark('D ÷ hops × B', 'at the 10 % edge');
    const h = beyond.cases.find((c) => c.id === 'H');
    mark('case H', h?.status ?? 'absent');
    const g = beyond.cases.find((c) => c.id === 'G') as Json;
    if (g?.status === 'measured') {
      const rates = g.result.variants.flatMap((v: Json) => v.runs.map((r: Json) => `${v.id} ${r.reuseRatePercent === 100 ? '100 %' : r.reuseRatePercent === 0 ? '0 %' : 'between'}`));
      for (const r of rates) mark('TLS resumption', r);
      const g1OverB = median(g.result.variants[0]) / median(cases.B);
      mark('G1 ÷ B', g1OverB < 0.95 ? 'below 0.95' : g1OverB <= 1.05 ? 'about 1' : 'above 1.05');
      // The noise check's outcomes, counted from its stored rounds: A/A trials whose first three ratios all sit on one side of 1 (the paired
      // overlap rule calls them), whose first three arm-2 p50s all clear the arm-1 ones (the range rule), and injected trials all up in every round.
      const nc = g.result.noiseCheck;
      mark('noise check', nc === undefined ? 'absent' : 'present');
      if (nc !== undefined) {
        const side = (t: number[][]) => t.slice(0, 3).every(([a, b]) => b! > a!) || t.slice(0, 3).every(([a, b]) => b! < a!);
        const ranges = (t: number[][]) => Math.min(...t.slice(0, 3).map((x) => x[1]!)) > Math.max(...t.slice(0, 3).map((x) => x[0]!));
        const allUp = (t: number[][]) => t.every(([a, b]) => b! > a!);
        const share = (k: number) => (k / nc.aa.length > 0.05 ? 'above 5 %' : 'within 5 %');
        mark('noise check, paired overlap', share(nc.aa.filter(side).length));
        mark('noise check, ranges', share(nc.aa.filter(ranges).length));
        mark('noise check, every round up (A/A)', share(nc.aa.filter(allUp).length));
        mark('noise check, injected found', nc.injected.filter(allUp).length / nc.injected.length >= 0.9 ? 'at least 90 %' : 'below 90 %');
      }
    }
    const f = beyond.cases.find((c) => c.id === 'F') as Json;
    if (f?.status === 'measured') for (const t of f.result.targets) mark('valid open levels', bucket(t.validOpenLevels));
    if (f?.status === 'measured') {
      for (const row of f.result.peer) {
        const ratios = (row.rounds ?? [row]).map((x: Json) => x.benchPerSec / x.autocannonPerSec);
        const inBand = ratios.every((x: number) => Math.abs(x - 1) <= 0.1);
        mark('peer rounds', !inBand ? 'other' : ratios.every((x: number) => x > 1) ? 'ahead in band' : ratios.every((x: number) => x < 1) ? 'behind in band' : 'other');
      }
    }
    const e = (x: Json) => `${x.cpuModel}|${x.cores}|${x.osRelease}|${x.nodeVersion}`;
    mark('machines', e(reference.environment) === e(beyond.environment) ? 'same' : 'mixed');
    mark('matrix', o.matrix);
    const ageDays = Math.floor(Date.parse(o.now) / DAY_MS) - Math.floor(Date.parse(`${READ_ON}T00:00:00Z`) / DAY_MS);
    mark('prices', ageDays < 180 ? 'fresh' : ageDays === 180 ? 'at the edge' : 'stale');
    mark('reference source', reference.environment.benchSourceSha256 === CURRENT.reference ? 'current' : 'earlier');
    mark('beyond source', beyond.environment.benchSourceSha256 === CURRENT.beyond ? 'current' : 'earlier');
  }
  const expected: Record<string, string[]> = {
    'reference warnings': ['zero', 'one', 'many'],
    'beyond warnings': ['zero', 'one', 'many'],
    'reference runs': ['2', '3'],
    'C ÷ B': ['within 10 %', 'beyond 10 %'],
    'D ÷ hops × B': ['below 1', 'at 1', 'above 1', 'at the 10 % edge'],
    'case H': ['measured', 'not-measured'],
    'TLS resumption': ['G1 0 %', 'G2 0 %', 'G3 100 %', 'G3 between'],
    'G1 ÷ B': ['below 0.95', 'about 1', 'above 1.05'],
    'noise check': ['absent', 'present'],
    'noise check, paired overlap': ['within 5 %', 'above 5 %'],
    'noise check, ranges': ['within 5 %', 'above 5 %'],
    'noise check, every round up (A/A)': ['within 5 %', 'above 5 %'],
    'noise check, injected found': ['at least 90 %', 'below 90 %'],
    'valid open levels': ['zero', 'one', 'many'],
    'peer rounds': ['ahead in band', 'behind in band', 'other'],
    machines: ['same', 'mixed'],
    matrix: ['found', 'other-machine', 'none'],
    prices: ['fresh', 'at the edge', 'stale'],
    'reference source': ['current', 'earlier'],
    'beyond source': ['current', 'earlier'],
  };
  for (const [dimension, values] of Object.entries(expected)) {
    assert.deepEqual([...(seen.get(dimension) ?? [])].sort(), [...values].sort(), dimension);
  }
});
