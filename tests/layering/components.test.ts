/**
 * Components read no files and no environment variables: what they show comes from the one page-input
 * loader (src/inputs/page-inputs.ts). Checked for this project, and proved able to fail on a project
 * that breaks it on purpose (tests/layering/fixtures/components): dependency-cruiser's rule
 * "components-read-no-files" for the .ts helpers, and the scan of component-reads.ts for what
 * dependency-cruiser cannot see (.astro files, process.env, import.meta.env).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { componentReads } from './component-reads.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CONFIG = path.join(ROOT, '.dependency-cruiser.cjs');
const DEPCRUISE = path.join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruiser.mjs');
const BAD = path.join(ROOT, 'tests', 'layering', 'fixtures', 'components');
const RULE = 'components-read-no-files';

/** The violations of RULE when dependency-cruiser runs with the project's rules in `cwd` over src/. */
function ruleViolations(cwd: string): string[] {
  const run = spawnSync(process.execPath, [DEPCRUISE, 'src', '--config', CONFIG, '--output-type', 'json'], { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  assert.ok(run.stdout.trim().startsWith('{'), `dependency-cruiser printed no report:\n${run.stderr}`);
  const report = JSON.parse(run.stdout) as { summary: { violations: { from: string; to: string; rule: { name: string } }[] } };
  return report.summary.violations.filter((v) => v.rule.name === RULE).map((v) => `${v.from} → ${v.to}`).sort();
}

test('no component or component helper of this project reads a file or the environment', () => {
  assert.deepEqual(ruleViolations(ROOT), []);
  assert.deepEqual(componentReads(ROOT), []);
});

test('each check fails on components that read files or the environment, and only there', () => {
  assert.deepEqual(ruleViolations(BAD), ['src/cases/x-example/data.ts → fs/promises', 'src/components/helper.ts → fs']);
  // Written out from the fixture's files: Clean.astro only mentions reads in comments; pages are not components.
  assert.deepEqual(componentReads(BAD), [
    { file: 'src/components/ReadsEnv.astro', reads: 'process.env' },
    { file: 'src/components/helper.ts', reads: 'process.env' },
    { file: 'src/cases/x-example/Chart.astro', reads: 'import.meta.env' },
    { file: 'src/cases/x-example/Chart.astro', reads: 'node:fs' },
  ]);
});
