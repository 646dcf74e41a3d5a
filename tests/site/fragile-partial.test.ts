/**
 * Built as a user would: (1) from a fixture derived from the real run, with one quiet case (B) and one
 * run made to break the C/B claims (C's run 3 set below that run's B) (the shared edited page,
 * tests/support/edited-page.ts), the build passes, the claims report lists
 * the fragile claim with its failing run, the page marks it and only it, marks only the noisy cases, and
 * shows each median's interval; (2) a real quick run is refused for the page, and accepted with
 * --allow-partial behind a warning at the top of the page (built into a symlinked output folder, which
 * stays a link, the site landing in its target); that build's beyond results come from another machine
 * (--allow-mixed-machines), which every beyond section and the provenance panel say.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parse, type HTMLElement } from 'node-html-parser';
import { ROOT, runBuild, tempDir, type BuildRun } from '../support/site-build.ts';
import { writeOneCoreBeyond } from '../support/one-core-beyond.ts';
import { cvPercent, editedPage, editedResults, type CaseJson } from '../support/edited-page.ts';
import type { SharedSite } from '../support/shared-site.ts';

const PARSE = { blockTextElements: { script: true, style: true } };
const text = (el: HTMLElement | null) => {
  assert.ok(el, 'element exists');
  return el.textContent.replace(/[ \t\r\n]+/g, ' ').trim();
};

let work: string;
after(() => rmSync(work, { recursive: true, force: true }));
before(() => {
  work = tempDir('fragile');
});

describe('a fragile claim, a quiet case and intervals', () => {
  // The shared edited page (tests/support/edited-page.ts): fragileEdit() is this file's edit.
  const data = editedResults();
  let run: SharedSite;
  let page: HTMLElement;

  before(async () => {
    run = await editedPage();
    assert.equal(run.code, 0, run.stdout + run.stderr);
    page = parse(readFileSync(path.join(run.dir, 'index.html'), 'utf8'), PARSE);
  });

  test('the claims report names the fragile claim, the run where it fails and its values', () => {
    const ratio = Number((225 / 229).toPrecision(4));
    // One claim reads C/B: the ordering that carries over (stated once). "Slower than keeping one open" is not
    // said: paired run by run, C/B straddles 1 here, so the page takes the no-measurable-difference form.
    assert.match(run.stdout, /claims: (\d+) of \1 hold \(1 fragile: false in some run\)/);
    assert.doesNotMatch(run.stdout, /~ "Setting up a TCP connection for every call is slower than keeping one open"/);
    assert.match(run.stdout, /fragile: holds at the medians, not in run 3 of 3\n {6}claim: {3}orderingCarriesOver/);
    assert.match(run.stdout, new RegExp(`run 3: {3}ratio\\.BoverA\\.p50 = [\\d.]+, ratio\\.CoverB\\.p50 = ${ratio}\n`), run.stdout);
    assert.doesNotMatch(run.stdout, /not in runs? [12]\b/, 'runs 1 and 2 hold everywhere');
  });

  test('the page marks those claims, and only them, with a note naming the run', () => {
    const marked = page.querySelectorAll('[data-fragile-runs]');
    assert.equal(marked.length, 1);
    assert.deepEqual(marked.map((m) => m.getAttribute('data-claim')), ['orderingCarriesOver']);
    for (const m of marked) {
      assert.equal(m.getAttribute('data-fragile-runs'), '3');
      assert.equal(text(m.querySelector('.claim-note')), '(true at the median; not in run 3 of 3)');
    }
  });

  test('noisy cases are marked, and only those: B is quiet here', () => {
    const noisy: Record<string, boolean> = {};
    for (const c of data.cases as CaseJson[]) if (c.kind === 'latency') noisy[c.id] = cvPercent(c.runs.map((r) => r.p50Us)) > 10;
    assert.equal(noisy.B, false, 'the fixture has a quiet case');
    assert.ok(Object.values(noisy).some(Boolean), 'and a noisy one');
    for (const [id, expected] of Object.entries(noisy)) {
      assert.equal(page.querySelector(`#latency-table [data-noisy="${id}"]`) !== null, expected, `case ${id}`);
    }
  });

  test("the latency table shows each median's interval and its 75% coverage", () => {
    const cell = (id: string, col: string) => text(page.querySelector(`#latency-table tbody[data-case="${id}"] tr[data-row="interval"] td[data-col="${col}"]`));
    // Figures of 100 µs and more are whole microseconds on the page (rule bySize).
    assert.equal(cell('B', 'p50Us'), '229–232');
    assert.equal(cell('D', 'p50Us'), '540–784');
    const d99 = (data.cases.find((x: CaseJson) => x.id === 'D') as CaseJson).runs.map((r) => r.p99Us);
    const whole = (v: number) => Math.round(v).toLocaleString('en-US');
    assert.equal(cell('D', 'p99Us'), `${whole(Math.min(...d99))}–${whole(Math.max(...d99))}`);
    assert.equal(text(page.querySelector('#latency-table tbody[data-case="B"] tr[data-row="interval"] td')), '75% interval');
    assert.match(text(page.querySelector('[data-interval-note]')), /With 3 runs it is the lowest to the highest run, and its confidence is 75%, not 95%/);
    assert.equal(page.querySelector('#partial-warning'), null, 'a full run has no partial warning');
    assert.match(text(page.querySelector('[data-provenance] [data-prov="run"] [data-suite="reference"]')), /, 3 runs \(full suite\), took /);
    assert.match(text(page.querySelector('[data-provenance] [data-prov="reference"]')), /\(not pinned to CPUs\)$/);
  });
});

describe('partial results for the page', () => {
  let quick: string;
  let built: BuildRun | undefined;
  before(() => {
    quick = path.join(work, 'q.json');
    // A lock of its own (HOP_BENCH_LOCK_FILE): this test run publishes no figures, so it need not queue behind other files' bench runs.
    const env = { ...process.env, HOP_BENCH_LOCK_FILE: path.join(work, 'bench.lock') };
    const bench = spawnSync(process.execPath, [path.join(ROOT, 'bench', 'src', 'cli.ts'), '--quick', '--out', quick], { encoding: 'utf8', timeout: 300_000, env });
    assert.equal(bench.status, 0, bench.stderr);
  });

  test('is refused, saying why and how to proceed; nothing is published', async () => {
    const out = path.join(work, 'site-quick-refused');
    const run = await runBuild(quick, out);
    assert.equal(run.code, 1, run.stdout + run.stderr);
    assert.match(run.stderr, /q\.json holds partial results: a quick run \(npm run bench -- --quick\), made to smoke-test the bench; one run instead of 3; a tenth of the timed calls per run \(A 10,000 instead of 100,000, B 1,000 instead of 10,000, C 200 instead of 2,000, D 500 instead of 5,000\); 200 calls per variant in case E instead of 2,000\./);
    assert.match(run.stderr, /or pass --allow-partial/);
    assert.equal(existsSync(out), false);
  });

  test('with --allow-partial, a partial run builds a page that opens with the warning (into a symlinked output folder, which stays a link)', async () => {
    // A real quick run's figures are too rough to keep every claim true; the first two runs of the fixture do.
    const partial = path.join(ROOT, 'tests', 'fixtures', 'results-2026-11-30-two-runs.json');
    const refused = await runBuild(partial, path.join(work, 'site-two-refused'));
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /holds partial results: 2 runs instead of 3\./);
    // Built through a link to its folder, as a deploy set-up may have it: the link stays, the site lands in its target.
    const target = path.join(work, 'site-partial-target');
    const out = path.join(work, 'site-partial');
    mkdirSync(target);
    symlinkSync(target, out);
    // The beyond results come from another machine too (--allow-mixed-machines), tested below on this build.
    const run = await runBuild(partial, out, ['--allow-partial', '--allow-mixed-machines'], { HOP_BEYOND_RESULTS: writeOneCoreBeyond(work) });
    built = run;
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.ok(lstatSync(out).isSymbolicLink(), 'the output folder is still a link');
    assert.ok(existsSync(path.join(target, 'index.html')), 'the site is in the link target');
    assert.match(run.stdout, /build: warning: building from partial results \(--allow-partial\): 2 runs instead of 3;/);
    const page = parse(readFileSync(path.join(out, 'index.html'), 'utf8'), PARSE);
    const warning = page.querySelector('#partial-warning');
    assert.equal(warning?.getAttribute('role'), 'alert');
    const paragraphs = warning!.querySelectorAll('p').map((p) => text(p));
    assert.deepEqual(paragraphs, [
      'Not a full measurement. This page was built from partial bench results: 2 runs instead of 3.',
      'Its figures rest on less data than the article assumes: do not quote them or draw conclusions from them. A full run is npm run build -- --fresh.',
    ]);
    const html = page.toString();
    assert.ok(html.indexOf('id="partial-warning"') < html.indexOf('<h1'), 'the warning comes before the title');
  });

  // tests/site/mixed-machines.test.ts: the same beyond file is refused without the flag.
  test('with --allow-mixed-machines as well, every beyond section and the panel say the beyond figures come from another machine', () => {
    assert.ok(built && built.code === 0, 'the build above succeeded');
    const out = path.join(work, 'site-partial');
    assert.match(built.stdout, /build: warning: the two suites come from different machines or runtimes \(host vm vs one-core-vm; cores 2 vs 1\); the page says so/);
    const pages = ['tls-and-the-network', 'under-load', 'retry-storms'].map((p) => readFileSync(path.join(out, p, 'index.html'), 'utf8'));
    for (const html of pages) assert.match(html, /data-mixed-machines="[F-I]"[^>]*>\s*Case [F-I](?:['’]|&#39;)s figures come from another machine or runtime than cases A–E on this page \(host vm vs one-core-vm; cores 2 vs 1\)/);
    const index = readFileSync(path.join(out, 'index.html'), 'utf8');
    assert.match(index.replace(/<[^>]+>/g, ''), /Cases F–I ran on another machine than cases A–E \(host vm vs one-core-vm; cores 2 vs 1\)\. Field by field, cases F–I ran on /);
  });
});
