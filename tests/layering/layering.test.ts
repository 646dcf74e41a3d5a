/**
 * The layering rules (.dependency-cruiser.cjs) hold for this project, and each of them can fail: run
 * on a deliberately bad project (tests/layering/fixtures/bad) every project-wide rule reports its
 * violation, and the scan that content/ holds no code (content-files.ts) finds the fixture's. The bench's own rules (case folders, light suites, consistency) are proved in
 * bench/test/layering.test.ts; the components rule in tests/layering/components.test.ts.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../support/site-build.ts';
import { astroBenchViolations } from './astro-imports.ts';
import { contentCodeFiles } from './content-files.ts';

const CONFIG = path.join(ROOT, '.dependency-cruiser.cjs');
const DEPCRUISE = path.join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruiser.mjs');
const BAD = path.join(ROOT, 'tests', 'layering', 'fixtures', 'bad');

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

/** Runs dependency-cruiser with the project's rules in `cwd` over `paths`; returns its violations. */
function cruise(cwd: string, paths: string[]): Violation[] {
  const run = spawnSync(process.execPath, [DEPCRUISE, ...paths, '--config', CONFIG, '--output-type', 'json'], { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  assert.ok(run.stdout.trim().startsWith('{'), `dependency-cruiser printed no report:\n${run.stderr}`);
  const report = JSON.parse(run.stdout) as { summary: { violations: Violation[] } };
  return report.summary.violations;
}

test('this project keeps its layering rules', () => {
  const violations = cruise(ROOT, ['src', 'bench/src', 'bench/test', 'tests']);
  assert.deepEqual(violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`), []);
  assert.deepEqual(astroBenchViolations(ROOT), []);
  assert.deepEqual(contentCodeFiles(ROOT), []);
});

test('every rule fails on a project that breaks it, and only there', () => {
  const found = cruise(BAD, ['src', 'bench/src'])
    .map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)
    .sort();
  assert.deepEqual(found, [
    'bench-imports-no-site: bench/src/uses-site.ts → src/page.ts',
    'content-holds-no-code: src/uses-content.ts → content/words.ts',
    'no-circular: bench/src/cycle-a.ts → bench/src/cycle-b.ts',
    'production-imports-no-tests: bench/src/uses-tests.ts → bench/test/helper.ts',
    'production-imports-no-tests: src/uses-tests.ts → tests/helper.ts',
    'site-uses-public-bench-modules: src/page.ts → bench/src/internal.ts',
  ]);
  assert.deepEqual(astroBenchViolations(BAD), [{ file: 'src/Widget.astro', specifier: '../bench/src/internal.ts' }]);
  // The fixture's content/ holds article.mdx (allowed) and words.ts (code).
  assert.deepEqual(contentCodeFiles(BAD), ['content/words.ts']);
});
