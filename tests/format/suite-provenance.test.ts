/**
 * Each suite's provenance in words (src/prose/provenance.ts), on the two real runs of
 * 2026-12-02 kept as labelled fixtures and on copies changed one field at a time: the kernel counts as
 * a difference, a source hash other than the current one is said, and the duration reads as the
 * article's <Fig digits={1}> reads the same fact.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { betweenSuitesText, compareMachines, crossSuiteBasisText, gapText, machineComparisonText, runDurationText, runsText, suiteProvenance } from '../../src/prose/provenance.ts';
import type { Environment } from '@split-on-evidence/hop-bench/schema';
import { runDateText } from '../support/expected-text.ts';
import { BEYOND_FIXTURE, FIXTURE } from '../support/site-build.ts';

const reference = JSON.parse(readFileSync(FIXTURE, 'utf8'));
const beyond = JSON.parse(readFileSync(BEYOND_FIXTURE, 'utf8'));
const withEnv = (run: { environment: Environment }, change: Partial<Environment>) => ({ ...run, environment: { ...run.environment, ...change } as Environment });

test('the duration reads as <Fig name="…durationMin" digits={1}> reads it (minutes to one decimal, a narrow space, "min"), for both suites', () => {
  for (const run of [reference, beyond]) {
    assert.equal(runDurationText(run.durationMs), `${(run.durationMs / 60_000).toFixed(1)}\u202fmin`);
  }
});

test('runs and mode: a quick or custom run says so', () => {
  assert.equal(runsText(3, 'full'), '3 runs (full suite)');
  // Case I runs one storm per policy whatever the count: the count says so, and only above one run.
  assert.equal(runsText(3, 'full', ['F', 'G', 'H', 'I']), '3 runs (full suite; case I one storm per policy)');
  assert.equal(runsText(3, 'full', ['F', 'G', 'H']), '3 runs (full suite)');
  assert.equal(runsText(1, 'quick', ['F', 'G', 'H', 'I']), 'one run (quick suite, with smaller counts than a full run)');
  assert.equal(runsText(2, 'custom', ['I']), "2 runs (custom suite: not the full suite's configuration; case I one storm per policy)");
  assert.match(runsText(1, 'quick'), /^one run \(quick suite/);
  assert.match(runsText(2, 'custom'), /^2 runs \(custom suite: not the full suite's configuration\)$/);
});

test('a source hash other than the current one is said, with both hashes; the same one is not', () => {
  const hash = reference.environment.benchSourceSha256 as string;
  assert.equal(suiteProvenance('reference', reference, 'cases A–E', hash).predatesSource, undefined);
  const other = 'f'.repeat(64);
  assert.equal(suiteProvenance('reference', reference, 'cases A–E', other).predatesSource, `the source now hashes ${other.slice(0, 12)}`);
  assert.equal(suiteProvenance('beyond', beyond, 'cases F–I').predatesSource, undefined, 'unknown current source: nothing said');
});

test('the machines compare field by field, the kernel and V8 included', () => {
  const same = withEnv(beyond, { osRelease: reference.environment.osRelease });
  assert.deepEqual(compareMachines(reference.environment, same.environment).differ, []);
  assert.match(machineComparisonText(reference.environment, same.environment), /^the same machine and runtime as cases A–E in every field recorded/);
  const kernel = withEnv(beyond, { osRelease: '6.1.0-test' });
  assert.deepEqual(compareMachines(reference.environment, kernel.environment).differ, [`kernel ${reference.environment.osRelease} (cases A–E) vs 6.1.0-test (cases F–I)`]);
  const v8 = withEnv(same, { v8Version: '12.0' });
  assert.match(machineComparisonText(reference.environment, v8.environment), /; what differs: V8 .* vs 12\.0 \(cases F–I\)$/);
  assert.doesNotMatch(machineComparisonText(reference.environment, kernel.environment), /same machine and runtime/);
});

test('a cross-suite ratio names both runs, their dates and the gap between them', () => {
  const text = crossSuiteBasisText('These ratios', reference, beyond);
  assert.ok(text.includes(`the reference suite's run of ${runDateText(reference.environment.startedAt)} (cases A–E; 3 runs, full suite)`), text);
  assert.ok(text.includes(`the second suite's run of ${runDateText(beyond.environment.startedAt)} (cases F–I; one run, quick suite)`), text);
  const hours = Math.round((Date.parse(beyond.environment.startedAt) - Date.parse(reference.environment.startedAt)) / 3_600_000);
  const gap = hours < 48 ? `${hours} hours` : `${Math.round(hours / 24)} days`;
  assert.ok(text.includes(` ${gap} apart and not alike in every field: kernel `), text);
  assert.equal(gapText('2026-12-02T02:00:00Z', '2026-12-02T02:03:00Z'), '3 minutes');
  assert.equal(gapText('2026-12-02T02:00:00Z', '2026-12-02T07:00:00Z'), '5 hours');
  assert.equal(gapText('2026-12-02T02:00:00Z', '2026-12-01T02:00:00Z'), '24 hours');
});

test('"Between the suites": the same machine, or another machine, runtime or both, said in a sentence that reads', () => {
  const base = {
    hostname: 'vm', cpuModel: 'AMD EPYC', cores: 2, ramBytes: 24 * 1024 ** 3, osType: 'Linux', osRelease: '6.18.44', platform: 'linux', arch: 'x64',
    nodeVersion: 'v24.20.0', v8Version: '13.6', startedAt: '2026-12-02T02:00:00.000Z',
  } as Environment;
  const other = (change: Partial<Environment>) => ({ ...base, ...change }) as Environment;
  assert.equal(betweenSuitesText(base, base), 'Cases F–I ran on the same machine and runtime as cases A–E in every field recorded (host, CPU, cores, RAM, OS, kernel, Node and V8)');
  assert.equal(
    betweenSuitesText(base, other({ hostname: 'laptop', cores: 1 })),
    'Cases F–I ran on another machine than cases A–E (host vm vs laptop; cores 2 vs 1). Field by field, cases F–I ran on the same CPU, RAM, OS, kernel, Node and V8 as cases A–E; what differs: host vm (cases A–E) vs laptop (cases F–I); cores 2 (cases A–E) vs 1 (cases F–I)',
  );
  assert.equal(
    betweenSuitesText(base, other({ nodeVersion: 'v22.23.5' })),
    'Cases F–I ran on another runtime than cases A–E (Node v24.20.0 vs v22.23.5). Field by field, cases F–I ran on the same host, CPU, cores, RAM, OS, kernel and V8 as cases A–E; what differs: Node v24.20.0 (cases A–E) vs v22.23.5 (cases F–I)',
  );
  assert.equal(
    betweenSuitesText(base, other({ hostname: 'laptop', nodeVersion: 'v22.23.5' })),
    'Cases F–I ran on another machine and runtime than cases A–E (host vm vs laptop; Node v24.20.0 vs v22.23.5). Field by field, cases F–I ran on the same CPU, cores, RAM, OS, kernel and V8 as cases A–E; what differs: host vm (cases A–E) vs laptop (cases F–I); Node v24.20.0 (cases A–E) vs v22.23.5 (cases F–I)',
  );
  // A kernel update alone is not another machine (machineDifferences leaves it out); the comparison names it.
  assert.equal(betweenSuitesText(base, other({ osRelease: '6.18.45' })), 'Cases F–I ran on the same host, CPU, cores, RAM, OS, Node and V8 as cases A–E; what differs: kernel 6.18.44 (cases A–E) vs 6.18.45 (cases F–I)');
});
