/**
 * The bench's layering rules (.dependency-cruiser.cjs) can fail: run on a deliberately bad bench
 * (bench/test/fixtures/layering), each reports exactly its violations, and allowed imports pass.
 * (That the project keeps the rules is `npm run deps`, and tests/layering for the whole project.)
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CONFIG = `${ROOT}.dependency-cruiser.cjs`;
const DEPCRUISE = `${ROOT}node_modules/dependency-cruiser/bin/dependency-cruiser.mjs`;
const BAD = fileURLToPath(new URL('./fixtures/layering/', import.meta.url));
const BENCH_RULES = ['cache-key-is-light', 'suites-load-cases-lazily', 'case-imports-only-harness-and-itself', 'harness-imports-no-case', 'consistency-without-report-parser'];

test('each bench rule reports its violation in the bad bench, and nothing else', () => {
  const run = spawnSync(process.execPath, [DEPCRUISE, 'bench/src', '--config', CONFIG, '--output-type', 'json'], { cwd: BAD, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  assert.ok(run.stdout.trim().startsWith('{'), `dependency-cruiser printed no report:\n${run.stderr}`);
  const { violations } = (JSON.parse(run.stdout) as { summary: { violations: { from: string; to: string; rule: { name: string } }[] } }).summary;
  const found = violations.filter((v) => BENCH_RULES.includes(v.rule.name)).map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
  assert.deepEqual(found, [
    'cache-key-is-light: bench/src/cases/x-one/spec.ts → child_process',
    'cache-key-is-light: bench/src/harness/cache-key.ts → bench/src/harness/process.ts',
    'case-imports-only-harness-and-itself: bench/src/cases/x-one/case.ts → bench/src/cases/y-two/case.ts',
    'case-imports-only-harness-and-itself: bench/src/cases/x-one/case.ts → bench/src/loose.ts',
    'consistency-without-report-parser: bench/src/harness/consistency.ts → bench/src/harness/report.ts',
    'harness-imports-no-case: bench/src/harness/shared.ts → bench/src/cases/y-two/case.ts',
    'suites-load-cases-lazily: bench/src/suites/bad.ts → bench/src/cases/x-one/case.ts',
  ]);
  // Every bench rule is proved by at least one line above.
  assert.deepEqual([...new Set(found.map((f) => f.split(':')[0]))].sort(), [...BENCH_RULES].sort());
});
