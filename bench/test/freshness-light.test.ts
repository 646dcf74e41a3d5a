/**
 * The public freshness module is light: computing the cache key loads no case module, no service and
 * no child_process. Checked in a fresh process that records every module it resolves.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const FRESHNESS = new URL('../src/compat/freshness.ts', import.meta.url).href;

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

test('computing the cache key loads no case module, no service and no child_process', () => {
  const { urls, builtins } = modulesLoadedBy(FRESHNESS, 'const key = m.currentCacheInputs(); if (key.config.mode !== "full") throw new Error("not the full suite")');
  const bench = urls.filter((u) => u.includes('/bench/src/')).map((u) => u.slice(u.indexOf('/bench/src/') + 11)).sort();
  assert.deepEqual(bench, ['cases/counts.ts', 'config.ts', 'fingerprint.ts', 'freshness.ts']);
  assert.ok(!urls.includes('node:child_process'), urls.join('\n'));
  assert.ok(!builtins.includes('child_process'), 'child_process was loaded');
});

test('the check can fail: the full environment module does load child_process', () => {
  const { urls } = modulesLoadedBy(new URL('../src/harness/environment.ts', import.meta.url).href, 'm.collectEnvironment(new Date())');
  assert.ok(urls.includes('node:child_process'));
});
