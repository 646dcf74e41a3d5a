/**
 * The README's layout. Its first screen (issue 29) holds the two commands, `npm ci && npm run build`
 * and `npm ci && npm test` (CI runs the second exactly as written), each alone in a code block within
 * the first 30 lines and followed by one line saying what it does; the whole README is at most 1,500
 * words (every whitespace-separated token, code and tables included). Its Layout section stays a map a
 * newcomer can read in one screen (issue 17): at most 25 lines, and it names where a new case, a new
 * fact, a claim, a chart and a price go. Every folder it names exists (the bench's relative to bench/),
 * so the map cannot drift from the tree unnoticed.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../support/site-build.ts';

/** The lines of a README section, from its heading to the next "## " heading, without blank lines. */
export function sectionLines(readme: string, heading: string): string[] {
  const lines = readme.split('\n');
  const start = lines.indexOf(`## ${heading}`);
  if (start < 0) throw new Error(`README has no "## ${heading}" section`);
  const end = lines.findIndex((l, i) => i > start && l.startsWith('## '));
  return lines.slice(start + 1, end < 0 ? undefined : end).filter((l) => l.trim() !== '');
}

test('sectionLines: the lines between two headings, blank lines left out', () => {
  assert.deepEqual(sectionLines('# T\n## A\n\nx\n\ny\n## B\nz\n', 'A'), ['x', 'y']);
  assert.deepEqual(sectionLines('## A\nx', 'A'), ['x']);
  assert.throws(() => sectionLines('## B\n', 'A'), /no "## A" section/);
});

/** The two commands the README's first screen must hold, as CI runs them. */
export const FIRST_SCREEN_COMMANDS = ['npm ci && npm run build', 'npm ci && npm test'] as const;
/** How many lines the first screen is. */
export const FIRST_SCREEN_LINES = 30;
/** The README's length limit, in whitespace-separated tokens. */
export const MAX_README_WORDS = 1500;

/**
 * What is wrong with a README's first screen and length (empty when nothing): a command missing from
 * the first FIRST_SCREEN_LINES lines as a code line of its own, a command not followed (after its code
 * block) by exactly one line of text, or more than MAX_README_WORDS words.
 */
export function readmeProblems(readme: string): string[] {
  const problems: string[] = [];
  const lines = readme.split('\n');
  for (const command of FIRST_SCREEN_COMMANDS) {
    const at = lines.findIndex((l) => l.trim() === command);
    if (at < 0 || at >= FIRST_SCREEN_LINES) {
      problems.push(`\`${command}\` is not a code line of its own in the first ${FIRST_SCREEN_LINES} lines${at < 0 ? '' : ` (line ${at + 1})`}`);
      continue;
    }
    const fence = lines.findIndex((l, i) => i > at && l.startsWith('```'));
    const after = lines.slice(fence + 1);
    const first = after.findIndex((l) => l.trim() !== '');
    const text = first < 0 ? [] : after.slice(first, after.findIndex((l, i) => i > first && l.trim() === '') >>> 0);
    if (fence < 0 || text.length !== 1 || text[0]!.startsWith('```') || fence + 1 + first >= FIRST_SCREEN_LINES) {
      problems.push(`\`${command}\` is not followed, within the first ${FIRST_SCREEN_LINES} lines, by one line saying what it does`);
    }
  }
  const words = readme.split(/\s+/).filter(Boolean).length;
  if (words > MAX_README_WORDS) problems.push(`the README has ${words} words; the limit is ${MAX_README_WORDS}`);
  return problems;
}

test('readmeProblems: passes a first screen with both commands, each with its line, and fails each way it can go wrong', () => {
  const good = ['# T', '', 'What it is.', '', '```sh', 'npm ci && npm run build', '```', '', 'Builds it.', '', '```sh', 'npm ci && npm test', '```', '', 'Tests it.', ''];
  assert.deepEqual(readmeProblems(good.join('\n')), []);
  const pushed = [...good.slice(0, 3), ...Array<string>(30).fill('history'), ...good.slice(3)].join('\n');
  assert.match(readmeProblems(pushed).join('\n'), /`npm ci && npm run build` is not a code line of its own in the first 30 lines \(line 36\)/);
  assert.match(readmeProblems(good.join('\n').replace('npm ci && npm test', 'npm install && npm test')).join('\n'), /`npm ci && npm test` is not a code line/);
  assert.match(readmeProblems(good.join('\n').replace('Builds it.', 'Builds it,\nand more.')).join('\n'), /`npm ci && npm run build` is not followed, within the first 30 lines, by one line/);
  assert.match(readmeProblems(good.join('\n').replace('Tests it.\n', '')).join('\n'), /`npm ci && npm test` is not followed/);
  // The good README's own words, counted by hand: 24, so 1,477 more make 1,501.
  assert.deepEqual(readmeProblems(`${good.join('\n')}\n${'word '.repeat(1476)}`), []);
  assert.match(readmeProblems(`${good.join('\n')}\n${'word '.repeat(1477)}`).join('\n'), /the README has 1501 words; the limit is 1500/);
});

test("the README's first screen holds both commands, each with one line of what it does, and the README is at most 1,500 words", () => {
  assert.deepEqual(readmeProblems(readFileSync(path.join(ROOT, 'README.md'), 'utf8')), []);
});

test("the README's Layout section: ≤ 25 lines, names where each new thing goes, and every folder it names exists", () => {
  const layout = sectionLines(readFileSync(path.join(ROOT, 'README.md'), 'utf8'), 'Layout');
  assert.ok(layout.length <= 25, `the Layout section has ${layout.length} lines; the limit is 25`);
  const text = layout.join(' ');
  for (const what of ['A new case', 'A new fact', 'a claim', 'A chart', 'a new price']) assert.match(text, new RegExp(`\\*\\*${what}\\*\\*`, 'i'), `says where ${what.toLowerCase()} goes`);
  const folders = [...text.matchAll(/`((?:bench|src|content|tests)\/[\w./-]*\/)`/g)].map((m) => m[1]!);
  assert.ok(folders.length >= 5, `names folders (${folders.join(', ')})`);
  // The bench's own folders are named relative to bench/.
  for (const f of folders) assert.ok(existsSync(path.join(ROOT, f)) || existsSync(path.join(ROOT, 'bench', f)), `${f} exists`);
});
