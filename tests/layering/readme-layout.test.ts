/**
 * The README's Layout section stays a map a newcomer can read in one screen (issue 17): at most 25
 * lines, and it names where a new case, a new fact, a claim, a chart and a price go. Every folder it
 * names exists (the bench's relative to bench/), so the map cannot drift from the tree unnoticed.
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
