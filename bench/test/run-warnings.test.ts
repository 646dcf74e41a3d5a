// Hyperfine-style warnings about single runs: a slow run (> 1.5× the others) and statistical outliers.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { noiseWarnings, outlierRuns, slowRuns } from '../src/harness/noise.ts';
import { parseResultsText, type LatencyCaseResult, type Results } from '../src/harness/schema.ts';
import { modifiedZScores } from '../src/harness/stats.ts';

const load = (): Results =>
  parseResultsText(readFileSync(new URL('../../tests/fixtures/results-2026-11-30-full.json', import.meta.url), 'utf8'), 'fixture');

/** The fixture with every latency case steady at 100 µs, then case `id`'s run p50s set to `p50s`. */
function withRuns(id: string, p50s: number[]): Results {
  const r = load();
  for (const c of r.cases) if (c.kind === 'latency') c.runs.forEach((run) => (run.p50Us = 100));
  const c = r.cases.find((x) => x.id === id) as LatencyCaseResult;
  p50s.forEach((v, k) => (c.runs[k]!.p50Us = v));
  return r;
}

const caseOf = (r: Results, id: string) => r.cases.find((x) => x.id === id) as LatencyCaseResult;

test('a run more than 1.5× the median of the others is named, with the ratio and a remedy', () => {
  // run 3: 220 / median(100, 102) = 220 / 101 = 2.178… → "2.2×"
  const r = withRuns('D', [100, 102, 220]);
  assert.deepEqual(slowRuns(caseOf(r, 'D')).map((s) => [s.run, s.ratioToOthers]), [[3, 220 / 101]]);
  const warnings = noiseWarnings(r).filter((w) => w.includes(' of D'));
  // the same run is also an outlier (z = 0.6745 × 118 / 2 = 39.8): named once, by the plainer warning
  assert.deepEqual(warnings, ['run 3 of D was 2.2× the others: something else was using the CPU; re-run with --runs 5.']);
});

test('1.5× exactly is not flagged; just above is', () => {
  assert.deepEqual(slowRuns(caseOf(withRuns('B', [100, 100, 150]), 'B')), []);
  assert.equal(slowRuns(caseOf(withRuns('B', [100, 100, 150.1]), 'B')).length, 1);
});

test('a fast outlier is named as a statistical outlier with its modified z-score', () => {
  // median 100, deviations 0, 2, 60 → MAD 2, below the floor 5% × 100 = 5; z(40) = 0.6745 × (40 − 100) / 5 = −8.094
  const r = withRuns('C', [100, 102, 40]);
  assert.deepEqual(outlierRuns(caseOf(r, 'C')).map((o) => o.run), [3]);
  assert.ok(Math.abs(outlierRuns(caseOf(r, 'C'))[0]!.z - -8.094) < 1e-9);
  const warnings = noiseWarnings(r).filter((w) => w.includes(' of C'));
  assert.deepEqual(warnings, [
    'run 3 of C (p50 40.0 µs) is a statistical outlier among its 3 runs (modified z-score -8.1, beyond ±3.5): ' +
      'close other programs and re-run, or re-run with --runs 5 so one stray run weighs less.',
  ]);
});

test('two runs that agree closely do not make a third, 9% away, an outlier (the MAD floor)', () => {
  // B of a real run here: MAD 0.1 would give z = 0.6745 × (194.5 − 214.2) / 0.1 = −132.9; the floor
  // 5% × 214.2 = 10.71 gives −1.24, within ±3.5.
  const r = withRuns('B', [194.5, 214.2, 214.3]);
  assert.deepEqual(outlierRuns(caseOf(r, 'B')), []);
  assert.ok(modifiedZScores([194.5, 214.2, 214.3])[0]! < -100, 'without the floor the same runs would flag run 1');
});

test('steady runs give no run warnings', () => {
  const r = withRuns('B', [100, 103, 98]);
  assert.deepEqual(slowRuns(caseOf(r, 'B')), []);
  assert.deepEqual(outlierRuns(caseOf(r, 'B')), []);
  assert.deepEqual(noiseWarnings(r), []);
});

test("case G's variants get the reference cases' run warnings, by the same helpers (a spread above 10% CV, a slow run)", async () => {
  const { runWarningsG } = await import('../src/cases/g-tls/case.ts');
  const variant = (id: string, p50s: number[]) => ({ id, runs: p50s.map((p50Us, run) => ({ run, p50Us })) });
  // The last full build's case G (µs). Population CVs, computed by hand: G1 7.97%, G2 15.67%, G3 4.98%;
  // no run is 1.5× the median of the others (G2's run 2: 5,603.9 / 4,214.3 = 1.33).
  const build = { variants: [variant('G1', [464.5, 563.2, 535.0]), variant('G2', [3811.6, 5603.9, 4617.0]), variant('G3', [3079.5, 3352.4, 3472.2])] };
  assert.deepEqual(runWarningsG(build as never), ["G2's p50 varied between runs by a 16% coefficient of variation (3811.6–5603.9 µs): close other programs, or raise --runs."]);
  // A slow run: 300 / median(100, 102) = 2.97… → "3.0×", named before any spread line.
  const slow = { variants: [variant('G1', [100, 102, 300]), variant('G2', [100, 100, 100]), variant('G3', [100, 100, 100])] };
  const w = runWarningsG(slow as never);
  assert.equal(w[0], 'run 3 of G1 was 3.0× the others: something else was using the CPU; re-run with --runs 5.');
  assert.match(w[1]!, /^G1's p50 varied between runs by a \d+% coefficient of variation/);
  assert.equal(w.length, 2);
  // Steady variants: none.
  assert.deepEqual(runWarningsG({ variants: [variant('G1', [100, 101, 99]), variant('G2', [400, 410, 405]), variant('G3', [300, 301, 302])] } as never), []);
});
