/**
 * fast-check arbitraries of outcomes: a results file of each suite (reference A–E, beyond F–I) and
 * what else a page's words branch on (the build's time, so the prices' age; the Node version matrix).
 * Each outcome starts from a real run kept in tests/fixtures/ and varies it along the dimensions the
 * page's words branch on, keeping it a run the bench could have written (tests/outcomes/outcomes.test.ts
 * parses every one with the bench's own schemas):
 * - warnings per suite: 0, 1 or many (reference: each latency case's run spread tight, just within the
 *   noise rule, just beyond it, or with one slow run; fewer than 3 runs adds one; beyond: each measured
 *   case's warnings cut to 0, 1 or several);
 * - ratios below, at and above 1 and at the noise rule's edge (RELATION_TOLERANCE, 10 %): C ÷ B, D ÷ its
 *   hops × B, case G's variants against B and C, case H's veth pair against loopback;
 * - counts of zero, one and many: valid open levels of case F, warnings, runs (1, 2 or 3 of a suite);
 * - case F's open levels valid or not; case H measured or not; G3's resumed sessions from the lowest
 *   rate the bench accepts to 100 % (G1 and G2 resume none: a run where they do fails);
 * - the two suites on the same machine or not; a matrix of this machine, of another, or none;
 * - prices fresh, at the stale rule's edge (180 days) or stale;
 * - case G's noise check absent (results written before it) or present with its rules' false positives
 *   and power each within or beyond what the check asks (a synthetic check: NOISE_CHECK_PATTERNS).
 * Figures are changed as the bench would have measured them: every latency figure of a run scales
 * together, and each case's medians, intervals and spread are recomputed here (median, min–max
 * intervals, population coefficient of variation), independently of the bench's stats module.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { oddRunWarnings } from '@split-on-evidence/hop-bench/facts';
import { ROOT } from '../support/site-build.ts';

/** A JSON object as read from a results file (the arbitraries edit copies of the fixtures). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

/** One outcome: what the page is built from. */
export interface Outcome {
  /** The reference suite's results file (cases A–E), as JSON. */
  reference: Json;
  /** The beyond suite's results file (cases F–I), as JSON. */
  beyond: Json;
  /** The build's time, ISO 8601 (the prices' age is counted to it). */
  now: string;
  /** The Node version matrix the page finds: this machine's, another machine's, or none. */
  matrix: 'found' | 'other-machine' | 'none';
}

const fixture = (...parts: string[]) => JSON.parse(readFileSync(path.join(ROOT, 'tests', 'fixtures', ...parts), 'utf8'));

/** The real reference runs the outcomes start from (tests/fixtures/README.md, machines/README.md). */
const REFERENCE_BASES = [
  ['results-2026-11-30-full.json'],
  ['results-2026-11-30-two-runs.json'],
  ['machines', '2026-12-01-plain-2core.json'],
  ['machines', '2026-12-01-taskset-1core.json'],
  ['machines', '2026-12-01-cpu-hog.json'],
  ['machines', '2026-12-02-both-suites', 'results.json'],
].map((p) => ({ name: p.join('/'), data: fixture(...p) }));

/** The real beyond runs: a quick one and a full one. */
const BEYOND_BASES = [['beyond-results-quick.json'], ['machines', '2026-12-02-both-suites', 'beyond-results.json']].map((p) => ({ name: p.join('/'), data: fixture(...p) }));

/** Every warning a real beyond run printed, by case id: the pool the generated runs draw from. */
const WARNING_POOL: Record<string, string[]> = {};
for (const { data } of BEYOND_BASES) {
  for (const c of data.cases) if (c.status === 'measured') (WARNING_POOL[c.id] ??= []).push(...c.warnings.filter((w: string) => !WARNING_POOL[c.id]!.includes(w)));
}
// Cases with no warning in either run get the bench's own slow-run warning, as it words it.
for (const id of ['F', 'G', 'H', 'I']) {
  if ((WARNING_POOL[id]?.length ?? 0) < 3) {
    (WARNING_POOL[id] ??= []).push(...oddRunWarnings({ id: `${id}2`, runs: [{ p50Us: 100 }, { p50Us: 100 }, { p50Us: 190 }] }), ...oddRunWarnings({ id: `${id}1`, runs: [{ p50Us: 100 }, { p50Us: 170 }, { p50Us: 100 }] }));
  }
}

const clone = <T>(x: T): T => structuredClone(x);

function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Population coefficient of variation, percent (0 for one value). */
function cvPercent(values: readonly number[]): number {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const variance = values.reduce((a, v) => a + (v - mean) ** 2, 0) / values.length;
  return mean === 0 ? 0 : (Math.sqrt(variance) / mean) * 100;
}

/** Fewer than 6 runs: the interval of a median is the runs' min–max, covering 1 − 2^(1−n) (0 for one run). */
function interval(values: readonly number[]): { lowUs: number; highUs: number } {
  if (values.length >= 6) throw new Error('tests/outcomes/arbitraries.ts: intervals of 6 runs or more are not implemented here');
  return { lowUs: Math.min(...values), highUs: Math.max(...values) };
}

/** Every latency figure of one run times `k` (its calls per second divided by it): the run as if each call took k times as long. */
function scaleRun(run: Json, k: number): void {
  for (const f of ['p50Us', 'p95Us', 'p99Us', 'minUs', 'maxUs', 'meanUs']) run[f] *= k;
  run.callsPerSec /= k;
  run.timedLoopMs *= k;
}

/** A latency case's median, spread and intervals recomputed from its runs. */
function resummarise(c: Json): void {
  const of = (f: string) => c.runs.map((r: Json) => r[f] as number);
  c.median = { p50Us: median(of('p50Us')), p95Us: median(of('p95Us')), p99Us: median(of('p99Us')), callsPerSec: median(of('callsPerSec')), p50CvPercent: cvPercent(of('p50Us')) };
  if (c.intervals) {
    const n = c.runs.length;
    c.intervals = { confidencePercent: n === 1 ? 0 : (1 - 2 ** (1 - n)) * 100, p50Us: interval(of('p50Us')), p95Us: interval(of('p95Us')), p99Us: interval(of('p99Us')) };
  }
}

/**
 * How a latency case's runs spread: as measured, all alike, just within the noise rule (coefficient of
 * variation about 9.7 %), just beyond it (about 10.9 %, one warning), or one run 1.7 × the others (a
 * slow-run warning and a spread warning).
 */
export type Spread = 'measured' | 'tight' | 'within-edge' | 'beyond-edge' | 'slow-run';
const SPREAD_FIRST_RUN: Record<Exclude<Spread, 'measured'>, number> = { tight: 1, 'within-edge': 1.22, 'beyond-edge': 1.25, 'slow-run': 1.7 };

function applySpread(c: Json, spread: Spread): void {
  if (spread === 'measured') return;
  const m = median(c.runs.map((r: Json) => r.p50Us));
  c.runs.forEach((r: Json, k: number) => scaleRun(r, (m / r.p50Us) * (k === 0 && c.runs.length > 1 ? SPREAD_FIRST_RUN[spread] : 1)));
}

/** The ratios the reference outcome aims at (of the medians' p50 unless said). */
export interface ReferenceShape {
  base: number;
  /** Each latency case's spread, A to D. */
  spreads: Spread[];
  /** B's p50 times this. */
  scaleB: number;
  /** C ÷ B at p50 (above 1: a new connection is slower, a claim of the page). */
  cOverB: number;
  /** D ÷ (D's hops × B): the chain against the sum of its hops, below, at or above 1. */
  dOverHops: number;
}

const SPREADS = fc.constantFrom<Spread>('measured', 'tight', 'within-edge', 'beyond-edge', 'slow-run');
/** Ratios at 1, at the noise rule's 10 % either side, just inside it, and well off it. */
const AROUND_ONE = fc.oneof(fc.constantFrom(1, 1.1, 1 / 1.1, 1.05, 0.95, 1.3, 0.7), fc.double({ min: 0.6, max: 1.6, noNaN: true }));

/** Reference outcomes' shapes. */
export const referenceShape: fc.Arbitrary<ReferenceShape> = fc.record({
  base: fc.nat({ max: REFERENCE_BASES.length - 1 }),
  spreads: fc.tuple(SPREADS, SPREADS, SPREADS, SPREADS),
  scaleB: fc.oneof(fc.constant(1), fc.double({ min: 0.6, max: 1.5, noNaN: true })),
  cOverB: fc.oneof(fc.constantFrom(1.02, 1.1, 1.11, 1.3, 3), fc.double({ min: 1.02, max: 4, noNaN: true })),
  dOverHops: AROUND_ONE,
});

/** The reference results file of a shape. */
export function referenceResults(shape: ReferenceShape): Json {
  const r = clone(REFERENCE_BASES[shape.base]!.data);
  const cases: Record<string, Json> = Object.fromEntries(r.cases.map((c: Json) => [c.id, c]));
  ['A', 'B', 'C', 'D'].forEach((id, k) => applySpread(cases[id], shape.spreads[k]!));
  for (const id of ['A', 'B', 'C', 'D']) resummarise(cases[id]);
  const scaleCase = (c: Json, k: number) => {
    for (const run of c.runs) scaleRun(run, k);
    resummarise(c);
  };
  scaleCase(cases.B, shape.scaleB);
  // C above B at p50 and at p95 (the page claims both), by at least the ratio asked.
  const b = cases.B.median;
  const c = cases.C.median;
  scaleCase(cases.C, Math.max((shape.cOverB * b.p50Us) / c.p50Us, (1.02 * b.p95Us) / c.p95Us));
  scaleCase(cases.D, (shape.dOverHops * cases.D.hops * cases.B.median.p50Us) / cases.D.median.p50Us);
  return r;
}

/** What the beyond outcome changes. */
export interface BeyondShape {
  base: number;
  /** Warnings kept per measured case (F, G, H, I), from the pool of real ones. */
  warnings: number[];
  /** Case H measured (as in the base run) or not. */
  hMeasured: boolean;
  /** G3's resumed sessions in each run: every call, all but one, or the fewest the bench accepts. */
  resumption: 'all' | 'all-but-one' | 'floor';
  /** Case G's figures times this (against B and C of the reference run: below, at or above 1). */
  scaleG: number;
  /** Case F's open levels per target (hop, chain): as measured, every one valid, none, or only the lowest. */
  openLevels: ('measured' | 'all' | 'none' | 'lowest')[];
  /** The beyond run on the reference run's machine, or on another (CPU, cores, kernel, Node). */
  machine: 'same' | 'other-cpu' | 'other-node';
  /** Case F's peer rounds against autocannon: as measured, or every round ahead (1.01–1.04) or behind (0.93–0.97) inside the 10% band. */
  peer: 'measured' | 'ahead' | 'behind';
  /** Case G's noise check: as in the base run (absent in the kept runs), or one of NOISE_CHECK_PATTERNS. */
  noiseCheck: 'measured' | NoiseCheckPattern;
}

/**
 * Synthetic noise checks: how many of 40 A/A trials call a difference by each rule, and how many
 * injected trials the permutation test finds. A trial is 8 rounds of [arm 1, arm 2] p50s, built so
 * that its verdicts are known by construction: "up" has arm 2 1.1× arm 1 in every round (every rule
 * calls it); "first3" has the first 3 rounds up and the rest down by more (only the overlap rules,
 * which read the first 3, call it); "flat" alternates up and down (no rule calls it); "drift" has arm 2
 * 1.1× arm 1 while arm 1 climbs (the paired rules call it, the ranges overlap).
 */
type NoiseCheckPattern = 'quiet' | 'overlap-above' | 'paired-above' | 'permutation-chance' | 'permutation-above' | 'weak';
const NOISE_CHECK_PATTERNS: Record<NoiseCheckPattern, { up: number; first3: number; drift: number; found: number }> = {
  quiet: { up: 0, first3: 0, drift: 1, found: 40 },
  'overlap-above': { up: 1, first3: 10, drift: 0, found: 40 },
  'paired-above': { up: 0, first3: 0, drift: 10, found: 39 },
  // 3 of 40 all-up trials: above 5%, within what chance gives a 5% rule; 7 of 40: beyond it.
  'permutation-chance': { up: 3, first3: 0, drift: 0, found: 40 },
  'permutation-above': { up: 7, first3: 8, drift: 0, found: 40 },
  weak: { up: 1, first3: 1, drift: 1, found: 25 },
};
const TRIAL: Record<'up' | 'first3' | 'flat' | 'drift', [number, number][]> = {
  up: Array.from({ length: 8 }, () => [100, 110]),
  first3: Array.from({ length: 8 }, (_, k) => (k < 3 ? [100, 110] : [100, 90])),
  flat: Array.from({ length: 8 }, (_, k) => (k % 2 === 0 ? [100, 110] : [110, 100])),
  drift: Array.from({ length: 8 }, (_, k) => [100 * (1 + (k % 3)), 110 * (1 + (k % 3))]),
};

/** A noise check of a pattern, as the bench stores it (harness/noise-check-schema.ts). */
function noiseCheckOf(pattern: NoiseCheckPattern): Json {
  const p = NOISE_CHECK_PATTERNS[pattern];
  const aa = [...Array(p.up).fill(TRIAL.up), ...Array(p.first3).fill(TRIAL.first3), ...Array(p.drift).fill(TRIAL.drift)];
  while (aa.length < 40) aa.push(TRIAL.flat);
  const injected = [...Array(p.found).fill(TRIAL.up)];
  while (injected.length < 40) injected.push(TRIAL.flat);
  return { subject: 'case B’s hop (plain HTTP, one kept-alive connection)', config: { trials: 40, rounds: 8, warmupCalls: 10, callsPerArm: 50, injectedRatio: 1.25, overlapRuns: 3 }, calibrationP50Us: 100, delayUs: 25, aa: clone(aa), injected: clone(injected) };
}

const OPEN = fc.constantFrom<'measured' | 'all' | 'none' | 'lowest'>('measured', 'all', 'none', 'lowest');
const WARNINGS = fc.oneof(fc.constantFrom(0, 1), fc.integer({ min: 2, max: 6 }));

/** Beyond outcomes' shapes. */
export const beyondShape: fc.Arbitrary<BeyondShape> = fc.record({
  base: fc.nat({ max: BEYOND_BASES.length - 1 }),
  warnings: fc.tuple(WARNINGS, WARNINGS, WARNINGS, WARNINGS),
  hMeasured: fc.boolean(),
  resumption: fc.constantFrom<'all' | 'all-but-one' | 'floor'>('all', 'all-but-one', 'floor'),
  scaleG: AROUND_ONE,
  openLevels: fc.tuple(OPEN, OPEN),
  machine: fc.constantFrom<'same' | 'other-cpu' | 'other-node'>('same', 'same', 'other-cpu', 'other-node'),
  peer: fc.constantFrom<'measured' | 'ahead' | 'behind'>('measured', 'ahead', 'behind'),
  noiseCheck: fc.constantFrom<'measured' | NoiseCheckPattern>('measured', 'quiet', 'overlap-above', 'paired-above', 'permutation-chance', 'permutation-above', 'weak'),
});

/** Per-round ratios of a peer shape, this generator ÷ autocannon, all on one side of 1 and inside the band. */
const PEER_ROUND_RATIOS = { ahead: [1.01, 1.02, 1.04], behind: [0.93, 0.95, 0.97] } as const;

/** Whether no valid open level's p99 interval lies wholly below that of a valid level with less offered load. */
function p99NeverFalls(open: Json[]): boolean {
  const valid = open.filter((l) => l.validity.valid).sort((a, b) => a.fraction - b.fraction);
  return valid.every((later, j) => valid.slice(0, j).every((earlier) => !(later.p99Us.high < earlier.p99Us.low)));
}

/** The beyond results file of a shape, run beside `reference` (a reference results file). */
export function beyondResults(shape: BeyondShape, reference: Json): Json {
  const r = clone(BEYOND_BASES[shape.base]!.data);
  ['F', 'G', 'H', 'I'].forEach((id, k) => {
    const c = r.cases.find((x: Json) => x.id === id);
    if (c?.status !== 'measured') return;
    const pool = WARNING_POOL[id]!;
    c.warnings = Array.from({ length: Math.min(shape.warnings[k]!, pool.length) }, (_, j) => pool[j]!);
  });
  const f = r.cases.find((x: Json) => x.id === 'F');
  if (f?.status === 'measured') {
    f.result.targets.forEach((t: Json, k: number) => {
      const mode = shape.openLevels[k] ?? 'measured';
      if (mode === 'measured') return;
      // A generator-limited level stays as measured: its rate, not its runs, put it out.
      t.open.forEach((l: Json, j: number) => {
        if (l.generatorLimited) return;
        const valid = mode === 'all' || (mode === 'lowest' && j === 0);
        l.validity = valid ? { valid: true, reasons: [] } : { valid: false, reasons: [{ code: 'scheduler-lag', runs: [1], value: 2 * t.unloadedP50Us, limit: t.unloadedP50Us }] };
      });
      t.validOpenLevels = t.open.filter((l: Json) => l.validity.valid).length;
      t.p99NeverFalls = p99NeverFalls(t.open);
    });
  }
  if (f?.status === 'measured' && shape.peer !== 'measured') {
    const wanted = PEER_ROUND_RATIOS[shape.peer];
    for (const row of f.result.peer) {
      const rounds: Json[] = row.rounds ?? [{ autocannonPerSec: row.autocannonPerSec, benchPerSec: row.benchPerSec }];
      rounds.forEach((round, k) => (round.benchPerSec = round.autocannonPerSec * wanted[k % wanted.length]!));
      const ratios = rounds.map((round) => round.benchPerSec / round.autocannonPerSec).sort((a, b) => a - b);
      row.ratio = ratios[Math.floor(ratios.length / 2)]!;
      row.benchPerSec = row.autocannonPerSec * row.ratio;
      if (row.rounds) [row.ratioLow, row.ratioHigh] = [ratios[0]!, ratios.at(-1)!];
    }
  }
  const g = r.cases.find((x: Json) => x.id === 'G');
  if (g?.status === 'measured') {
    const floor = r.config.caseConfigs.G.minReuseRatePercent;
    for (const v of g.result.variants) {
      for (const run of v.runs) {
        scaleRun(run, shape.scaleG);
        if (v.id === 'G3') {
          const resumed = shape.resumption === 'all' ? run.samples : shape.resumption === 'all-but-one' ? run.samples - 1 : Math.ceil((floor / 100) * run.samples);
          run.resumedCalls = resumed;
          run.reuseRatePercent = (resumed / run.samples) * 100;
        }
      }
      resummarise(v);
    }
    if (shape.noiseCheck !== 'measured') {
      g.result.noiseCheck = noiseCheckOf(shape.noiseCheck);
      r.config.caseConfigs.G.noiseCheck = g.result.noiseCheck.config;
    }
  }
  if (!shape.hMeasured) {
    const k = r.cases.findIndex((x: Json) => x.id === 'H');
    if (k >= 0) r.cases[k] = { id: 'H', title: r.cases[k].title, status: 'not-measured', reason: 'Case H needs root and iproute2 to create two network namespaces; run the bench as root on Linux to measure it.' };
  }
  r.environment = { ...r.environment, ...machineFields(reference.environment), startedAt: r.environment.startedAt };
  if (shape.machine === 'other-cpu') Object.assign(r.environment, { cpuModel: `${reference.environment.cpuModel} (another)`, cores: reference.environment.cores * 2, osRelease: `${reference.environment.osRelease}-other` });
  if (shape.machine === 'other-node') Object.assign(r.environment, { nodeVersion: 'v26.12.1', v8Version: '14.1.146.11-node.20' });
  return r;
}

/** The fields two runs on one machine and runtime share. */
function machineFields(env: Json): Json {
  const { cpuModel, cores, ramBytes, osType, osRelease, platform, arch, nodeVersion, v8Version, hostname } = env;
  return { cpuModel, cores, ramBytes, osType, osRelease, platform, arch, nodeVersion, v8Version, hostname };
}

const DAY_MS = 86_400_000;

/**
 * The build's time: an hour or a day after the later run, or the prices' age at the stale rule's edge
 * (180 days, 181) or well beyond it; never before either run.
 * @param pricesReadOn the oldest day the price file's prices were read (YYYY-MM-DD).
 */
export function buildTime(choice: number, reference: Json, beyond: Json, pricesReadOn: string): string {
  const lastRun = Math.max(Date.parse(reference.environment.startedAt), Date.parse(beyond.environment.startedAt));
  const read = Date.parse(`${pricesReadOn}T12:00:00Z`);
  const at = [lastRun + DAY_MS / 24, lastRun + DAY_MS, read + 180 * DAY_MS, read + 181 * DAY_MS, read + 400 * DAY_MS][choice]!;
  return new Date(Math.max(at, lastRun + 60_000)).toISOString();
}

/**
 * Outcomes over both suites.
 * @param pricesReadOn the oldest day the price file's prices were read (YYYY-MM-DD).
 * @param currentSha256 each suite's source hash as the bench is now: a run made from it does not predate the source.
 */
export function outcomes(pricesReadOn: string, currentSha256: { reference: string; beyond: string }): fc.Arbitrary<Outcome> {
  return fc
    .record({
      reference: referenceShape,
      beyond: beyondShape,
      now: fc.nat({ max: 4 }),
      matrix: fc.constantFrom<Outcome['matrix']>('found', 'other-machine', 'none'),
      // Whether each suite's run was made from the bench source as it is now (else it predates it, as the fixtures do).
      current: fc.tuple(fc.boolean(), fc.boolean()),
    })
    .map(({ reference, beyond, now, matrix, current }) => {
      const ref = referenceResults(reference);
      const bey = beyondResults(beyond, ref);
      if (current[0]) ref.environment.benchSourceSha256 = currentSha256.reference;
      if (current[1]) bey.environment.benchSourceSha256 = currentSha256.beyond;
      return { reference: ref, beyond: bey, now: buildTime(now, ref, bey, pricesReadOn), matrix };
    });
}
