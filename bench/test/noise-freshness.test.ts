import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import type { ReferenceCase } from '../src/harness/case.ts';
import { canonicalJson } from '../src/harness/cache-key.ts';
import { REFERENCE_SPECS, referenceSuite } from '../src/suites/reference.ts';
import { beyondSuite } from '../src/suites/beyond.ts';
import { latencyNoise, NOISY_CV_PERCENT, noiseWarnings } from '../src/harness/noise.ts';
import { parseResultsText, type LatencyCaseResult, type Results } from '../src/harness/schema.ts';

const load = (): Results =>
  parseResultsText(readFileSync(new URL('../../tests/fixtures/results-2026-11-30-full.json', import.meta.url), 'utf8'), 'fixture');

const latency = (r: Results, id: string) => r.cases.find((c) => c.id === id) as LatencyCaseResult;

test('noise: coefficient of variation and range of the run p50s', () => {
  const r = load();
  const b = latency(r, 'B');
  [100, 100, 100].forEach((v, k) => (b.runs[k]!.p50Us = v));
  assert.deepEqual(latencyNoise(b), { id: 'B', runs: 3, p50CvPercent: 0, p50MinUs: 100, p50MaxUs: 100, p50RangePercent: 0, noisy: false });
  [80, 100, 120].forEach((v, k) => (b.runs[k]!.p50Us = v));
  const n = latencyNoise(b);
  assert.equal(n.p50RangePercent, 50);
  assert.ok(Math.abs(n.p50CvPercent - 16.3299) < 1e-3, String(n.p50CvPercent));
  assert.equal(n.noisy, n.p50CvPercent > NOISY_CV_PERCENT);
  assert.ok(n.noisy);
});

test('noise warnings name the case, the spread and a remedy', () => {
  const r = load();
  for (const c of r.cases) if (c.kind === 'latency') c.runs.forEach((run) => (run.p50Us = 50));
  assert.deepEqual(noiseWarnings(r), []);
  [80, 100, 120].forEach((v, k) => (latency(r, 'B').runs[k]!.p50Us = v));
  assert.deepEqual(noiseWarnings(r), ["B's p50 varied between runs by a 16% coefficient of variation (80.0–120.0 µs): close other programs, or raise --runs."]);
  r.config.runs = 1;
  assert.match(noiseWarnings(r)[0]!, /^Only 1 run\(s\): .* Use --runs 3 or more/);
});

test('cache key: unchanged inputs are fresh; each changed input is named', () => {
  const { cacheInputsOf, staleReasons } = referenceSuite;
  const stored = cacheInputsOf(load());
  assert.deepEqual(staleReasons(stored, structuredClone(stored)), []);
  assert.deepEqual(staleReasons(stored, { ...stored, nodeVersion: 'v24.21.0' }), ['the Node version changed (v24.20.0 → v24.21.0)']);
  assert.match(staleReasons(stored, { ...stored, sourceSha256: 'f'.repeat(64) })[0]!, /^the bench source changed/);
  assert.match(staleReasons(stored, { ...stored, lockfileSha256: 'e'.repeat(64) })[0]!, /^the lockfile changed/);
  assert.deepEqual(staleReasons(stored, { ...stored, cores: stored.cores + 1 }), [`the core count changed (${stored.cores} → ${stored.cores + 1})`]);
  assert.match(staleReasons(stored, { ...stored, cpuModel: 'Other CPU' })[0]!, /^the CPU changed/);
  const config = structuredClone(stored.config);
  config.latency.B!.timedCalls += 1;
  assert.deepEqual(staleReasons(stored, { ...stored, config }), ['the bench configuration changed']);
  assert.deepEqual(staleReasons({ ...stored, config: referenceSuite.buildConfig({ quick: true }) }, stored), [
    'the results are from a quick run; the page needs the full suite',
  ]);
});

test('the current inputs describe this machine and the full suite', () => {
  const now = referenceSuite.currentCacheInputs();
  assert.equal(now.nodeVersion, process.version);
  assert.match(now.sourceSha256, /^[0-9a-f]{64}$/);
  // Against values from outside the code under test: the configuration a full run recorded in the
  // fixture, and the reference counts and seeds of the hop-bench spec.
  assert.equal(canonicalJson(now.config), canonicalJson(load().config));
  assert.equal(now.config.mode, 'full');
  assert.equal(now.config.runs, 3);
  assert.deepEqual(now.config.cases, ['A', 'B', 'C', 'D', 'E']);
  assert.deepEqual(
    Object.fromEntries(Object.entries(now.config.latency).map(([id, c]) => [id, [c.warmupCalls, c.timedCalls]])),
    { A: [10_000, 100_000], B: [1_000, 10_000], C: [200, 2_000], D: [500, 5_000] },
  );
  assert.equal(now.config.failure.E!.callsPerVariant, 2_000);
  assert.deepEqual([now.config.serverSeedBase, now.config.clientSeed], [20261019, 7]);
});

test('the specs as data and the case modules agree, case by case and in order', async () => {
  assert.deepEqual(
    REFERENCE_SPECS.map((c) => [c.id, c.kind, c.title, c.config.full, c.config.quick]),
    (await referenceSuite.loadCases() as ReferenceCase[]).map((c) => [c.id, c.kind, c.title, c.config.full, c.config.quick]),
  );
});

test('canonicalJson ignores key order', () => {
  assert.equal(canonicalJson({ b: 1, a: { d: [1, { f: 1, e: 2 }], c: 3 } }), '{"a":{"c":3,"d":[1,{"e":2,"f":1}]},"b":1}');
});

test("the beyond suite's cache key: the same one staleReasons, in the beyond suite's words", () => {
  const stored = beyondSuite.cacheInputsOf(beyondSuite.parseResultsText(
    readFileSync(new URL('../../tests/fixtures/beyond-results-quick.json', import.meta.url), 'utf8'),
    'beyond fixture',
  ));
  assert.deepEqual(beyondSuite.staleReasons(stored, structuredClone(stored)), []);
  assert.match(beyondSuite.staleReasons(stored, { ...stored, sourceSha256: 'f'.repeat(64) })[0]!, /^the beyond cases or shared harness changed \(/);
  assert.deepEqual(beyondSuite.staleReasons(stored, { ...stored, nodeVersion: 'v0.0.1' }), [`the Node version changed (${stored.nodeVersion} → v0.0.1)`]);
  // The fixture is a quick run: against the full configuration the reason says so, in beyond words.
  assert.deepEqual(beyondSuite.staleReasons(stored, { ...stored, config: beyondSuite.fullConfig() }), [
    'the beyond results are from a quick run; the page needs the full suite',
  ]);
  // The two suites' keys cover different files: a beyond case is outside the reference key.
  const rel = (files: string[]) => files.map((f) => f.split('/bench/')[1]);
  assert.ok(rel(beyondSuite.sourceFiles()).includes('src/cases/i-retry-storm/case.ts'));
  assert.ok(!rel(referenceSuite.sourceFiles()).includes('src/cases/i-retry-storm/case.ts'));
});

test("a new case folder of another suite stays out of the reference key without an edit; the beyond key covers it", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'hop-bench-key-'));
  try {
    for (const f of ['src/cases/a-in-process/case.ts', 'src/cases/j-new-case/case.ts', 'src/harness/shared.ts', 'src/suites/beyond.ts']) {
      mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
      writeFileSync(path.join(root, f), 'export {};\n');
    }
    writeFileSync(path.join(root, 'package.json'), '{}\n');
    const rel = (files: string[]) => files.map((f) => path.relative(root, f).split(path.sep).join('/'));
    assert.deepEqual(rel(referenceSuite.sourceFiles(root)), ['package.json', 'src/cases/a-in-process/case.ts', 'src/harness/shared.ts']);
    assert.deepEqual(rel(beyondSuite.sourceFiles(root)), [
      'package.json',
      'src/cases/a-in-process/case.ts',
      'src/cases/j-new-case/case.ts',
      'src/harness/shared.ts',
      'src/suites/beyond.ts',
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
