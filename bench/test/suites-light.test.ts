/**
 * The public suites module ("./suites") is light: computing both suites' cache keys and reading their
 * results loads no case module, no service, no process module and no child_process; only the heavy
 * parts (re-run checks, running) load the cases. Checked in a fresh process that records every module
 * it resolves.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const SUITES = new URL('../src/suites/index.ts', import.meta.url).href;
const HEAVY = /^(cases\/[^/]+\/case\.ts|harness\/process\.ts|harness\/services\/|harness\/environment\.ts)/;

/** Imports `url` in a new Node process, runs `call`, and returns every module URL it resolved. */
function modulesLoadedBy(url: string, call: string): { urls: string[]; builtins: string[] } {
  const script = `
    import { registerHooks } from 'node:module';
    const urls = [];
    registerHooks({ resolve(specifier, context, next) { const r = next(specifier, context); urls.push(r.url); return r; } });
    const m = await import(${JSON.stringify(url)});
    ${call};
    const builtins = process.moduleLoadList.filter((n) => n.startsWith('NativeModule ')).map((n) => n.slice(13));
    process.stdout.write(JSON.stringify({ urls, builtins }));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', cwd: fileURLToPath(new URL('..', import.meta.url)) });
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(run.stdout);
}

const benchModules = (urls: string[]) => [...new Set(urls.filter((u) => u.includes('/bench/src/')).map((u) => u.slice(u.indexOf('/bench/src/') + 11)))].sort();

test('the suites, their cache keys and their results parsers load no case code, no service and no child_process', () => {
  const { urls, builtins } = modulesLoadedBy(
    SUITES,
    `const fs = await import('node:fs');
     for (const s of m.SUITES) { const key = s.currentCacheInputs(); if (key.config.mode !== 'full') throw new Error('not the full suite'); s.staleReasons(key, key); }
     m.referenceSuite.parseResultsText(fs.readFileSync('../tests/fixtures/results-2026-11-30-full.json', 'utf8'), 'r');
     m.beyondSuite.parseResultsText(fs.readFileSync('../tests/fixtures/beyond-results-quick.json', 'utf8'), 'b')`,
  );
  const bench = benchModules(urls);
  assert.deepEqual(bench.filter((f) => HEAVY.test(f)), []);
  // The specs of all nine cases are loaded (data), their code is not.
  assert.equal(bench.filter((f) => /^cases\/[^/]+\/spec\.ts$/.test(f)).length, 9, bench.join('\n'));
  assert.ok(!urls.includes('node:child_process'), urls.join('\n'));
  assert.ok(!builtins.includes('child_process'), 'child_process was loaded');
});

test('the check can fail: a re-run check loads the cases, and the full environment module loads child_process', () => {
  const rerun = modulesLoadedBy(SUITES, `await m.beyondSuite.rerunReasons({ cases: [] })`);
  assert.ok(benchModules(rerun.urls).some((f) => HEAVY.test(f)), 'a case module was loaded');
  const { urls } = modulesLoadedBy(new URL('../src/harness/environment.ts', import.meta.url).href, 'm.collectEnvironment(new Date(), "0".repeat(64))');
  assert.ok(urls.includes('node:child_process'));
});
