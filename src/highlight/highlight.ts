/**
 * Highlighted HTML for the bench listing (/source/), exactly as Astro's <Code> renders it (the same
 * highlighter, createShikiHighlighter from @astrojs/internal-helpers, which <Code> itself imports: a
 * dependency of astro, declared in package.json at the version astro pins; with <Code>'s defaults), kept on disk between builds.
 * Highlighting every bench file in two themes takes about 7 s of CPU per build, and most builds list
 * files that did not change, so each file's HTML is stored under a key of everything it depends on: its
 * text, its language, both themes (their names and code-themes.ts, which derives them) and the lockfile
 * (the highlighter's and the bundled themes' versions). The theme objects themselves are not hashed:
 * the highlighter adds fields to them as it uses them.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createShikiHighlighter } from '@astrojs/internal-helpers/shiki';
import type { LanguageRegistration } from 'shiki';
import type { CodeTheme } from './code-themes.ts';

/** Where the highlighted files are kept, under the project root (beside tsc's incremental state). */
export const HIGHLIGHT_CACHE_DIR = path.join('node_modules', '.cache', 'soe-highlight');

/**
 * The HTML of `code` highlighted as `lang` in the light and dark `themes`, as <Code code lang themes />
 * renders it: from the cache under `rootDir` when this very input was highlighted before, else
 * highlighted now and stored (written whole, then renamed into place).
 * @throws Error when the highlighter fails, or the cache folder cannot be written.
 */
export async function highlightedHtml(rootDir: string, code: string, lang: 'json' | 'ts', themes: { light: CodeTheme; dark: CodeTheme }): Promise<string> {
  const dir = path.join(rootDir, HIGHLIGHT_CACHE_DIR);
  const file = path.join(dir, `${cacheKey(rootDir, code, lang, themes)}.html`);
  try {
    return readFileSync(file, 'utf8');
  } catch {
    // not highlighted yet
  }
  // <Code>'s defaults: theme "github-dark" (unused beside `themes`, but part of the highlighter's key),
  // defaultColor "light", no wrap, not inline, no transformers, no meta, no extra attributes.
  // Both languages are bundled with Shiki; <Code> passes such names, where the helper's type names only registrations.
  const langs = [lang] as unknown as LanguageRegistration[];
  const highlighter = await createShikiHighlighter({ langs, theme: 'github-dark', themes });
  const html = await highlighter.codeToHtml(code, lang, { defaultColor: 'light', wrap: false, inline: false, transformers: [], meta: undefined, attributes: {} });
  mkdirSync(dir, { recursive: true });
  const temp = `${file}.tmp-${process.pid}`;
  writeFileSync(temp, html);
  renameSync(temp, file);
  return html;
}

const inputsSha256 = new Map<string, string>();

/** SHA-256 (hex) over the code, the language, both themes' names, code-themes.ts and the project's lockfile. */
function cacheKey(rootDir: string, code: string, lang: string, themes: { light: CodeTheme; dark: CodeTheme }): string {
  let inputs = inputsSha256.get(rootDir);
  if (inputs === undefined) {
    const hash = createHash('sha256');
    for (const file of ['package-lock.json', path.join('src', 'highlight', 'code-themes.ts')]) hash.update(readFileSync(path.join(rootDir, file))).update('\0');
    inputs = hash.digest('hex');
    inputsSha256.set(rootDir, inputs);
  }
  return createHash('sha256').update(JSON.stringify([inputs, lang, themes.light.name, themes.dark.name])).update('\0').update(code).digest('hex');
}
