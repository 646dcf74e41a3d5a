/**
 * "Across Node versions" and the price change table on the built page. Build 1: a labelled fixture
 * matrix (a real full matrix run, relabelled to this machine) and a two-snapshot price fixture: the
 * table, the chart and the marks follow the fixture's files. The shared fixture page (no matrix, the
 * real price file with one snapshot): the one command that makes a matrix, and no change table. The
 * shared variant page: another machine's matrix is not shown as this one's. Build 4: a removed item
 * the prose uses fails the build and leaves a previous output as it was.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parse, type HTMLElement } from 'node-html-parser';
import { FIXTURE, runBuild, snapshotDir, tempDir } from '../support/site-build.ts';
import { fixturePage, MATRIX_FIXTURE, relabelledMatrix, variantPage } from '../support/pages.ts';
import { copySite, emptyFolder, sharedSite, type SharedSite } from '../support/shared-site.ts';

const PRICE_FIXTURE = 'tests/costs/fixtures/price-history-test-two-snapshots.json';

let work: string;
let withMatrix: HTMLElement;
let without: HTMLElement;
let otherMachine: HTMLElement;
let withMatrixNode: HTMLElement;
let withoutNode: HTMLElement;
let otherMachineNode: HTMLElement;
const text = (el: HTMLElement | null) => {
  assert.ok(el, 'element exists');
  return el.textContent.replace(/\s+/g, ' ').trim();
};

/** This machine as the matrix records it (what the page compares against). */
function thisMachine() {
  return { hostname: os.hostname(), cpuModel: os.cpus()[0]?.model.trim() || 'unknown CPU', cores: os.availableParallelism() };
}

/** A page of a built site (default: the main article). */
async function pageOf(site: Promise<SharedSite>, file = 'index.html'): Promise<HTMLElement> {
  const run = await site;
  assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`.slice(-3000));
  return parse(readFileSync(path.join(run.dir, file), 'utf8'), { blockTextElements: { script: true, style: true } });
}
/** The deep-dive page that holds the run history and the Node matrix. */
const NODE_PAGE = 'node-versions-and-run-history/index.html';

before(async () => {
  work = tempDir('matrix');
  const matrixSite = sharedSite({ results: FIXTURE, env: { HOP_BENCH_MATRIX: relabelledMatrix(thisMachine()), HOP_PRICES_FILE: PRICE_FIXTURE, HOP_BENCH_ARCHIVE: emptyFolder() } });
  withMatrix = await pageOf(matrixSite);
  withMatrixNode = await pageOf(matrixSite, NODE_PAGE);
  // No matrix and the project's price file.
  without = await pageOf(fixturePage());
  withoutNode = await pageOf(fixturePage(), NODE_PAGE);
  // A matrix made on another machine ("elsewhere", see tests/support/pages.ts).
  otherMachine = await pageOf(variantPage());
  otherMachineNode = await pageOf(variantPage(), NODE_PAGE);
});

after(() => rmSync(work, { recursive: true, force: true }));

/** The fixture, read independently of the page's code: per version, each run's p50 of B, C and D. */
function fixtureRuns() {
  const summary = JSON.parse(readFileSync(readdirSync(MATRIX_FIXTURE).filter((f) => f.endsWith('.matrix.json')).map((f) => path.join(MATRIX_FIXTURE, f))[0]!, 'utf8'));
  return summary.versions
    .filter((v: { status: string }) => v.status === 'ok')
    .map((v: { version: string; resultsFile: string; v8Version: string; opensslVersion: string }) => {
      const r = JSON.parse(readFileSync(path.join(MATRIX_FIXTURE, v.resultsFile), 'utf8'));
      const runs = (id: string) => r.cases.find((c: { id: string }) => c.id === id).runs.map((x: { p50Us: number }) => x.p50Us) as number[];
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!; // three runs: the middle one
      return { version: v.version, v8: v.v8Version, openssl: v.opensslVersion, B: runs('B'), C: runs('C'), D: runs('D'), median };
    });
}

describe('Across Node versions, from this machine’s matrix', () => {
  test('has a section of its own on the run-history page, one row per version with p50s and ratios, and V8 and OpenSSL per version', () => {
    const heading = withMatrixNode.querySelectorAll('article h2').find((h) => text(h) === 'Across Node versions');
    assert.ok(heading, 'the section heading');
    const section = withMatrixNode.querySelector('section.node-matrix')!;
    assert.equal(section.getAttribute('data-matrix'), 'found');
    const expected = fixtureRuns();
    const rows = section.querySelectorAll('#node-matrix tbody tr');
    assert.deepEqual(rows.map((r) => r.getAttribute('data-node')), expected.map((e: { version: string }) => e.version));
    for (const e of expected) {
      const row = section.querySelector(`#node-matrix tr[data-node="${e.version}"]`)!;
      const cells = ['', '', '', ...row.querySelectorAll('td').map((c) => text(c))];
      const versionCells = section.querySelector(`#node-matrix-versions tr[data-node="${e.version}"]`)!.querySelectorAll('td').map((c) => text(c));
      assert.equal(versionCells[0], e.v8);
      assert.equal(versionCells[1], e.openssl);
      const mB = e.median(e.B);
      const mC = e.median(e.C);
      const mD = e.median(e.D);
      const fmtUs = (v: number) => (v < 100 ? v.toFixed(1) : Math.round(v).toLocaleString('en-US'));
      assert.ok(cells[3]!.startsWith(fmtUs(mB)), `B p50 of ${e.version}: ${cells[3]} vs ${mB}`);
      assert.ok(cells[4]!.startsWith(fmtUs(mC)), `C p50 of ${e.version}: ${cells[4]} vs ${mC}`);
      assert.ok(cells[5]!.startsWith(fmtUs(mD)), `D p50 of ${e.version}: ${cells[5]} vs ${mD}`);
      assert.ok(cells[6]!.startsWith(`${(mC / mB).toFixed(2)}×`), `C ÷ B of ${e.version}: ${cells[6]}`);
      assert.ok(cells[7]!.startsWith(`${(mD / mB).toFixed(2)}×`), `D ÷ B of ${e.version}: ${cells[7]}`);
    }
  });

  test('marks exactly the figures a permutation test on the runs calls different from the baseline’s', () => {
    const expected = fixtureRuns();
    const baseline = expected.find((e: { version: string }) => e.version.startsWith('24.'))!;
    const apart = (a: number[], b: number[]) => permutationP(a, b) <= 0.05;
    const section = withMatrixNode.querySelector('section.node-matrix')!;
    assert.equal(section.querySelector(`tr[data-node="${baseline.version}"]`)!.getAttribute('data-baseline'), 'true');
    for (const e of expected) {
      for (const id of ['B', 'C', 'D'] as const) {
        const marked = section.querySelector(`tr[data-node="${e.version}"] td[data-case="${id}"]`)!.getAttribute('data-beyond-noise') === 'true';
        assert.equal(marked, e !== baseline && apart(e[id], baseline[id]), `${e.version} ${id}`);
        if (marked) assert.match(text(section.querySelector(`tr[data-node="${e.version}"] td[data-case="${id}"]`)), /†/);
      }
      for (const id of ['C', 'D'] as const) {
        const ratios = (x: { B: number[]; C: number[]; D: number[] }) => x[id].map((v, i) => v / x.B[i]!);
        const marked = section.querySelector(`tr[data-node="${e.version}"] td[data-ratio="${id}"]`)!.getAttribute('data-beyond-noise') === 'true';
        assert.equal(marked, e !== baseline && apart(ratios(e), ratios(baseline)), `${e.version} ${id} ÷ B`);
      }
    }
  });

  test('charts B, C and D p50 per version from the same figures', () => {
    const chart = withMatrixNode.querySelector('#chart-node-matrix')!;
    const spec = JSON.parse(chart.querySelector('script[data-chart-spec]')!.text);
    const expected = fixtureRuns();
    assert.deepEqual(spec.labels, expected.map((e: { version: string }) => ['Node', e.version]));
    assert.deepEqual(
      spec.series.map((s: { data: number[] }) => s.data),
      ['B', 'C', 'D'].map((id) => expected.map((e: Record<string, any>) => e.median(e[id]))),
    );
    assert.equal(chart.querySelectorAll('details tbody tr').length, expected.length, 'the chart’s table twin');
  });
});

describe('Across Node versions, without a matrix of this machine', () => {
  test('says how to produce one, in one command, and shows no figures and no empty section', () => {
    assert.equal(withoutNode.querySelectorAll('h2, h3').filter((h) => text(h) === 'Across Node versions').length, 0, 'no heading with nothing under it');
    const section = withoutNode.querySelector('section.node-matrix')!;
    assert.equal(section.getAttribute('data-matrix'), 'none');
    assert.match(text(section), /No Node version matrix has been run on this machine yet\..*npm run bench:matrix$/);
    assert.equal(section.querySelector('table'), null);
    assert.equal(withoutNode.querySelector('#chart-node-matrix'), null);
  });

  test('never shows another machine’s matrix as this one’s', () => {
    const section = otherMachineNode.querySelector('section.node-matrix')!;
    assert.equal(section.getAttribute('data-matrix'), 'other-machine');
    assert.match(text(section), /come from another machine \(elsewhere, Some Other CPU, 64 cores\), so they are not shown as this machine's\. To produce this machine's, run: npm run bench:matrix/);
    assert.equal(section.querySelector('table'), null);
  });
});

describe('price changes on the page', () => {
  test('two snapshots: item, old price, new price, change and the effect on the 20-service row', () => {
    const rows = withMatrix.querySelectorAll('[data-cost-table="price-changes"] tbody tr');
    assert.deepEqual(
      rows.map((r) => [r.getAttribute('data-price-change'), ...r.querySelectorAll('th, td').map((c) => text(c))]),
      [
        ['render.small', 'Render 0.5 CPU, 512 MB per instance-month', '7', '8.25', '+17.9%', '280.00 → 330.00 +50.00'],
        ['eks.standard', 'EKS control plane, standard support per cluster-hour', '0.10', '0.12', '+20.0%', '146.00 → 175.20 +29.20'],
      ],
    );
    // The rest of the page computes from the newest snapshot: 40 instances × $8.25.
    assert.deepEqual(
      withMatrix.querySelectorAll('[data-cost-table="services"] tr[data-services="20"] td[data-cents]').map((c) => Number(c.getAttribute('data-cents'))),
      [33_000, 100_000],
    );
  });

  test('one snapshot: no change table', () => {
    assert.equal(without.querySelector('.price-changes'), null);
    assert.equal(without.querySelector('[data-cost-table="price-changes"]'), null);
  });

  test('a removed item that the prose uses fails the build, naming the fact and the sentence, and keeps the output', async () => {
    const out = copySite(await fixturePage(), path.join(work, 'site-none'));
    const before_ = snapshotDir(out);
    const data = JSON.parse(readFileSync(PRICE_FIXTURE, 'utf8'));
    data.snapshots[1].items = data.snapshots[1].items.filter((i: { id: string }) => i.id !== 'render.medium');
    const file = path.join(work, 'removed.json');
    writeFileSync(file, JSON.stringify(data));
    const run = await runBuild(FIXTURE, out, [], { HOP_PRICES_FILE: file, HOP_BENCH_MATRIX: emptyFolder() });
    assert.equal(run.code, 1, run.stdout);
    assert.match(run.stderr, /snapshot "2026-11-20" \(snapshots\[1\]\), field "items": has no item "render\.medium" \(snapshot "2026-10-19" had it\), but the article uses its fact "cost\.render\.medium\.[A-Za-z0-9.]+" in content\/split-on-evidence\.mdx:\d+, in the sentence: ".+"\. Fix: /);
    assert.deepEqual(snapshotDir(out), before_, 'the previous output is byte-identical');
  });
});

/**
 * The two-sided permutation p-value of the difference of mean logs, by brute force over every split of
 * the pooled runs (written here apart from the bench's permutation-test.ts).
 */
function permutationP(a: number[], b: number[]): number {
  const pooled = [...a, ...b].map(Math.log);
  const meanDiff = (inB: boolean[]) => {
    const ys = pooled.filter((_, i) => inB[i]);
    const xs = pooled.filter((_, i) => !inB[i]);
    return ys.reduce((s, v) => s + v, 0) / ys.length - xs.reduce((s, v) => s + v, 0) / xs.length;
  };
  const observed = Math.abs(meanDiff(pooled.map((_, i) => i >= a.length)));
  let extreme = 0;
  let splits = 0;
  for (let mask = 0; mask < 2 ** pooled.length; mask++) {
    const inB = pooled.map((_, i) => (mask & (1 << i)) !== 0);
    if (inB.filter(Boolean).length !== b.length) continue;
    splits++;
    if (Math.abs(meanDiff(inB)) >= observed - 1e-12) extreme++;
  }
  return extreme / splits;
}
