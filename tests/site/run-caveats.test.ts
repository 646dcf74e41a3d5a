/**
 * Each beyond case's figures open with their run's caveats (src/prose/provenance.ts, BeyondCase):
 * on the fixture page (a real quick run of the beyond suite) every measured case says its figures come
 * from a quick run, and every warning the bench wrote into the results file for a case is shown, word
 * for word, in that case's block; on the real full run of 2026-12-02 no block calls it quick, and its
 * warnings (cases F and H) are shown where F's and H's figures are. Expected values are read from the
 * results files, not from the code under test.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parse } from 'node-html-parser';
import { runCaveats } from '../../src/prose/provenance.ts';
import { fixturePage } from '../support/pages.ts';
import { sharedSite } from '../support/shared-site.ts';
import { BEYOND_FIXTURE, ROOT } from '../support/site-build.ts';

const FULL_RUN = path.join(ROOT, 'tests', 'fixtures', 'machines', '2026-12-02-both-suites');
/** The page of each beyond case's figures. */
const CASE_PAGE: Record<string, string> = { F: 'under-load', G: 'tls-and-the-network', H: 'tls-and-the-network', I: 'retry-storms' };
const norm = (s: string) => s.replace(/\s+/g, ' ').trim();

interface CaseJson {
  id: string;
  status: string;
  warnings?: string[];
}

/** Checks the built site `dir` against the beyond results file `file`. */
function checkCaveats(dir: string, file: string) {
  const beyond = JSON.parse(readFileSync(file, 'utf8'));
  const quick = beyond.config.mode !== 'full';
  for (const c of beyond.cases as CaseJson[]) {
    if (c.status !== 'measured') continue;
    const page = parse(readFileSync(path.join(dir, CASE_PAGE[c.id]!, 'index.html'), 'utf8'));
    const mode = page.querySelector(`[data-run-mode="${c.id}"]`);
    assert.equal(Boolean(mode), quick, `case ${c.id}: a ${beyond.config.mode} run`);
    if (mode) assert.match(norm(mode.textContent), new RegExp(`^Case ${c.id}'s figures come from a quick run of the second suite \\(--quick\\): ${beyond.config.runs === 1 ? 'one run' : `${beyond.config.runs} runs`} with smaller counts than a full run`));
    const shown = page.querySelectorAll(`[data-bench-warning="${c.id}"]`).map((li) => norm(li.textContent));
    assert.deepEqual(shown, (c.warnings ?? []).map(norm), `case ${c.id}: the bench's warnings, word for word`);
  }
}

test('a quick run: every measured case says so, with the bench warnings of its own case', async () => {
  const site = await fixturePage();
  assert.equal(site.code, 0, site.stderr);
  const beyond = JSON.parse(readFileSync(BEYOND_FIXTURE, 'utf8'));
  assert.equal(beyond.config.mode, 'quick', 'the fixture is a quick run');
  assert.ok(beyond.cases.some((c: CaseJson) => (c.warnings ?? []).length > 0), 'the fixture has warnings to show');
  checkCaveats(site.dir, BEYOND_FIXTURE);
});

test('the real full run of 2026-12-02: no quick-run sentence; its warnings where F and H are', async () => {
  const site = await sharedSite({ results: path.join(FULL_RUN, 'results.json'), env: { HOP_BEYOND_RESULTS: path.join(FULL_RUN, 'beyond-results.json') } });
  assert.equal(site.code, 0, site.stderr);
  checkCaveats(site.dir, path.join(FULL_RUN, 'beyond-results.json'));
});

test('a custom run (e.g. --runs 2) is not called full either', () => {
  const caveats = runCaveats({ config: { mode: 'custom', runs: 2 }, cases: [{ id: 'G', status: 'measured', warnings: [] }] }, 'G');
  assert.equal(caveats.mode, "Case G's figures come from a custom run of the second suite, not its full configuration: 2 runs, so they rest on less data than the words around them assume.");
  assert.deepEqual(runCaveats({ config: { mode: 'full', runs: 3 }, cases: [{ id: 'G', status: 'not-measured' }] }, 'G'), { warnings: [] });
});
