/**
 * Bad results never reach the page: a corrupt file, a file missing a field, a file missing a case,
 * and a file that does not exist each stop the build with a message naming the file, the field and
 * the fix, exit 1, and leave a previously built output folder byte-identical. (A build into a
 * symlinked output folder is tested in fragile-partial.test.ts, on a build that test makes anyway.)
 */
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { FIXTURE, runBuild, snapshotDir, tempDir } from '../support/site-build.ts';
import { fixturePage } from '../support/pages.ts';
import { copySite } from '../support/shared-site.ts';

let work: string;
let out: string;
let before_: Map<string, Buffer>;

before(async () => {
  work = tempDir('bad');
  out = path.join(work, 'site');
  // A previous build to leave untouched: a copy of the shared fixture page.
  const site = await fixturePage();
  assert.equal(site.code, 0, site.stdout + site.stderr);
  copySite(site, out);
  before_ = snapshotDir(out);
  assert.ok(before_.has('index.html') && before_.has('results.json'));
});

after(() => rmSync(work, { recursive: true, force: true }));

function variant(name: string, edit: (data: Record<string, any>) => void): string {
  const data = JSON.parse(readFileSync(FIXTURE, 'utf8'));
  edit(data);
  const file = path.join(work, name);
  writeFileSync(file, JSON.stringify(data));
  return file;
}

async function expectFailure(file: string, patterns: RegExp[]) {
  const run = await runBuild(file, out);
  assert.equal(run.code, 1, `expected exit 1, got ${run.code}\n${run.stdout}${run.stderr}`);
  for (const p of patterns) assert.match(run.stderr, p);
  assert.match(run.stderr, /was left as it was/);
  const now = snapshotDir(out);
  assert.deepEqual([...now.keys()].sort(), [...before_.keys()].sort(), 'same files');
  for (const [name, bytes] of before_) assert.ok(now.get(name)!.equals(bytes), `${name} unchanged`);
  return run;
}

describe('bad results files', () => {
  test('corrupt JSON: names the file, says it is not JSON, gives the fix', async () => {
    const file = path.join(work, 'corrupt.json');
    writeFileSync(file, readFileSync(FIXTURE, 'utf8').slice(0, 500));
    await expectFailure(file, [new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is not a valid hop-bench results file`), /not valid JSON/, /Fix: /]);
  });

  test('a missing field: names the field and what was expected', async () => {
    const file = variant('no-cpu.json', (d) => delete d.environment.cpuModel);
    await expectFailure(file, [/no-cpu\.json/, /environment\.cpuModel: missing \(expected string\)/, /Fix: /]);
  });

  test('a wrong type deep inside: names the full path', async () => {
    const file = variant('bad-p50.json', (d) => (d.cases[1].runs[0].p50Us = 'fast'));
    await expectFailure(file, [/cases\.1\.runs\.0\.p50Us/, /received "fast"/]);
  });

  test('a case the page needs is missing: names the case and the fix', async () => {
    // As a `--cases A,B,C,E` run writes it: no D in the cases, the configuration or the report.
    const file = variant('no-d.json', (d) => {
      d.cases = d.cases.filter((c: { id: string }) => c.id !== 'D');
      d.config.cases = d.config.cases.filter((id: string) => id !== 'D');
      delete d.config.latency.D;
      d.report = d.report
        .replace(', D 5,000 (500)', '')
        .replace(/^D\. .*\n.*runs: .*\n/m, '')
        .replace(/, D [\d+,]+(?: [\d+,]+)*/, '');
    });
    await expectFailure(file, [/no-d\.json/, /latency case "D"/, /Fix: run the full bench/]);
  });

  test('a file that does not exist: names it and the fix, and does not run the bench', async () => {
    const run = await expectFailure(path.join(work, 'nowhere.json'), [/nowhere\.json: no such file \(named by HOP_BENCH_RESULTS\)/, /Fix: /]);
    assert.doesNotMatch(run.stdout, /running the full bench/);
  });

  test('an unknown option: usage and exit 2, output untouched', async () => {
    const run = await runBuild(FIXTURE, out, ['--frsh']);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /Usage: npm run build/);
    for (const [name, bytes] of before_) assert.ok(readFileSync(path.join(out, name)).equals(bytes));
  });
});

describe('the output folder', () => {
  test('a hand-edited median is refused as results the bench did not write', async () => {
    const file = variant('edited-median.json', (d) => (d.cases[1].median.p50Us = 200));
    await expectFailure(file, [/cases\.1\.median\.p50Us: is 200 but the median of the runs is/, /re-run it \(npm run bench\)/]);
  });
});
