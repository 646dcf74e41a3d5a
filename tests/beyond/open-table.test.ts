// Case F's open-loop table on the real full run of 2026-12-02: the failed-or-dropped column gives each
// level's worst run, since a level fails the 1% rule on any one run and a median would hide that run.
// Expected values are read from the results file, not from the code under test.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parse } from 'node-html-parser';
import { sharedSite } from '../support/shared-site.ts';
import { ROOT } from '../support/site-build.ts';

const FULL_RUN = path.join(ROOT, 'tests', 'fixtures', 'machines', '2026-12-02-both-suites');

interface OpenLevel {
  fraction: number;
  runs: { failedPercent: number }[];
}

test("the open-loop table's failed-or-dropped column is each level's worst run", async () => {
  const site = await sharedSite({ results: path.join(FULL_RUN, 'results.json'), env: { HOP_BEYOND_RESULTS: path.join(FULL_RUN, 'beyond-results.json') } });
  assert.equal(site.code, 0, site.stderr);
  const beyond = JSON.parse(readFileSync(path.join(FULL_RUN, 'beyond-results.json'), 'utf8')) as { cases: { id: string; result: { targets: { id: string; open: OpenLevel[] }[] } }[] };
  const targets = beyond.cases.find((c) => c.id === 'F')!.result.targets;
  const page = parse(readFileSync(path.join(site.dir, 'under-load', 'index.html'), 'utf8'));
  let differs = 0;
  for (const t of targets) {
    for (const l of t.open) {
      const worst = Math.max(...l.runs.map((r) => r.failedPercent));
      const sorted = l.runs.map((r) => r.failedPercent).sort((a, b) => a - b);
      if (worst.toFixed(1) !== sorted[Math.floor(sorted.length / 2)]!.toFixed(1)) differs += 1;
      const cell = page.querySelector(`#open-levels-table tbody[data-target="${t.id}"] tr[data-row="at${Math.round(l.fraction * 100)}"] td[data-col="failedPercent"]`);
      assert.equal(cell?.textContent.trim(), worst.toFixed(1), `${t.id} ${l.fraction}`);
    }
  }
  // The fixture has a level whose worst run differs from its median, so the check can tell the two apart.
  assert.ok(differs > 0);
});
