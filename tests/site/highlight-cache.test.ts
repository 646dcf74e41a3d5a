/**
 * The bench listing's highlighted HTML is kept between builds under a key of everything it depends on:
 * the same input reads the stored file, a change to the code or the language highlights afresh, and a
 * stored file is only ever the highlighter's own output. (That the stored HTML is <Code>'s, byte for
 * byte, was checked by building the site with <Code> and with the cache: identical folders.)
 */
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { loadCodeThemes } from '../../src/highlight/code-themes.ts';
import { HIGHLIGHT_CACHE_DIR, highlightedHtml } from '../../src/highlight/highlight.ts';
import { ROOT } from '../support/site-build.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'soe-highlight-'));
after(() => rmSync(root, { recursive: true, force: true }));
for (const file of ['package-lock.json', 'src/highlight/code-themes.ts']) cpSync(path.join(ROOT, file), path.join(root, file));
const cached = () => readdirSync(path.join(root, HIGHLIGHT_CACHE_DIR)).sort();

test('the same input is read from the cache; other code or another language is highlighted afresh', async () => {
  const themes = await loadCodeThemes();
  const first = await highlightedHtml(root, 'const answer = 42;\n', 'ts', themes);
  assert.match(first, /^<pre class="astro-code [^"]*" style="[^"]*" tabindex="0" data-language="ts"><code>/);
  assert.match(first, /answer/);
  const [name] = cached();
  assert.equal(cached().length, 1);
  assert.equal(readFileSync(path.join(root, HIGHLIGHT_CACHE_DIR, name!), 'utf8'), first, 'the stored file is the output');
  // A marker written into the stored file comes back: the second call did not highlight again.
  writeFileSync(path.join(root, HIGHLIGHT_CACHE_DIR, name!), 'stored');
  assert.equal(await highlightedHtml(root, 'const answer = 42;\n', 'ts', themes), 'stored');
  const other = await highlightedHtml(root, 'const answer = 43;\n', 'ts', themes);
  assert.match(other, /43/);
  const json = await highlightedHtml(root, 'const answer = 42;\n', 'json', themes);
  assert.match(json, /data-language="json"/);
  assert.equal(cached().length, 3, 'one file per input');
  assert.deepEqual(cached().filter((f) => f.includes('.tmp-')), [], 'no temp file left');
});
