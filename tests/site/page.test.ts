/**
 * Builds the site once from the labelled fixture (no bench run) and checks, by parsing the HTML, that
 * the fixture's figures land in the right places: setup line, A–D table, E table, prose figures,
 * raw bench output, the code listing (equal to the bench's files on disk) and results.json.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { parse, type HTMLElement } from 'node-html-parser';
import { parseResultsText, type FailureCaseResult, type LatencyCaseResult, type Results } from '@split-on-evidence/hop-bench/schema';
import { benchSourceFiles } from '../../src/inputs/bench-source.ts';
import { jsxElements, readMdx } from '../../src/claims/mdx-reader.ts';
import { composeFacts } from '../../src/facts/compose.ts';
import { loadPriceHistory } from '../../src/prices/price-history.ts';
import { pricesPath } from '../../src/prices/prices.ts';
import { REFERENCE_REPORT_PATH } from '../../src/facts/reference-facts.ts';
import { ARTICLE_SECTIONS } from '../support/article-sections.ts';
import { beyondSuite } from '@split-on-evidence/hop-bench/suites';
import { bySize, group, runDateText } from '../support/expected-text.ts';
import { BEYOND_FIXTURE, FIXTURE, ROOT } from '../support/site-build.ts';
import { noiseWarnings } from '@split-on-evidence/hop-bench/facts';
import { ARCHIVED_RUN, fixturePage, UNREADABLE_ARCHIVE_FILE } from '../support/pages.ts';

// <pre> must be parsed as elements (node-html-parser keeps it raw by default).
const PARSE = { blockTextElements: { script: true, style: true } };
const fixtureText = readFileSync(FIXTURE, 'utf8');
const results: Results = parseResultsText(fixtureText, FIXTURE);
const now = new Date();
const prices = loadPriceHistory(pricesPath(ROOT, {}), now, { warn: () => {} }).current;
const beyond = beyondSuite.parseResultsText(readFileSync(BEYOND_FIXTURE, 'utf8'), BEYOND_FIXTURE);
const facts = composeFacts({ results, referenceText: readFileSync(path.join(ROOT, REFERENCE_REPORT_PATH), 'utf8'), prices, now, beyond });
const articleDoc = readMdx(readFileSync(path.join(ROOT, 'content', 'split-on-evidence.mdx'), 'utf8'), 'split-on-evidence.mdx');

// Expected texts by the page's documented rules, not by its formatter (tests/support/expected-text.ts):
// counts whole, money with two decimals.
const us = bySize;
const whole = (v: number) => group(v.toFixed(0));
const ratio = (v: number) => `${bySize(v)}×`;

const latency = (id: string) => results.cases.find((c): c is LatencyCaseResult => c.kind === 'latency' && c.id === id)!;
const failure = results.cases.find((c): c is FailureCaseResult => c.kind === 'failure')!;

/** The built site (shared: read only). */
let dir: string;
let html: string;
let page: HTMLElement;
/** The bench source page (/source/). */
let sourcePage: HTMLElement;
/** The deep-dive page of the run history and the Node matrix. */
let historyPage: HTMLElement;
let buildOutput: string;

const text = (el: HTMLElement | null) => {
  assert.ok(el, 'element exists');
  // Collapse ASCII whitespace only: figures keep their narrow no-break space before the unit.
  return el.textContent.replace(/[ \t\r\n]+/g, ' ').trim();
};

before(async () => {
  // The shared fixture page: its archive holds one earlier run (the fixture, relabelled) and an
  // unreadable file that must be skipped (tests/support/pages.ts).
  const site = await fixturePage();
  buildOutput = site.stdout + site.stderr;
  assert.equal(site.code, 0, `build failed:\n${buildOutput}`);
  dir = site.dir;
  html = readFileSync(path.join(dir, 'index.html'), 'utf8');
  page = parse(html, PARSE);
  historyPage = parse(readFileSync(path.join(dir, 'node-versions-and-run-history', 'index.html'), 'utf8'), PARSE);
  sourcePage = parse(readFileSync(path.join(dir, 'source', 'index.html'), 'utf8'), PARSE);
});

describe('build from the fixture', () => {
  test('says it used the given file, did not run the bench, and printed a claims report', () => {
    assert.match(buildOutput, /using .*results-2026-11-30-full\.json \(HOP_BENCH_RESULTS\), results from 2026-11-30T06:46:55\.838Z/);
    assert.doesNotMatch(buildOutput, /running the full bench/);
    assert.match(buildOutput, /claims: (?:all \d+ hold|(\d+) of \1 hold \(\d+ fragile: false in some run\))/);
  });

  test('publishes the exact results file as results.json and links it', () => {
    assert.equal(readFileSync(path.join(dir, 'results.json'), 'utf8'), fixtureText);
    const links = page.querySelectorAll('a[data-results-link]');
    assert.ok(links.length >= 1);
    for (const a of links) assert.equal(a.getAttribute('href'), '/results.json');
  });
});

describe('setup line', () => {
  test('shows CPU, cores, RAM, OS, Node and run date from results.environment', () => {
    const setup = page.querySelector('#about-figures [data-setup="reference"]');
    assert.equal(
      text(setup),
      'Cases A–E: measured on AMD EPYC, 2 cores, 24 GB RAM; Linux 6.18.44-fc-v857 (linux x64); Node v24.20.0; run started 30 November 2026, 06:46 UTC, 3 runs (full suite).',
    );
    assert.equal(setup!.querySelector('time')!.getAttribute('datetime'), '2026-11-30T06:46:55.838Z');
  });
});

describe('A–D table', () => {
  const rate = whole;

  for (const id of ['A', 'B', 'C', 'D']) {
    test(`case ${id}: the median row and each run's row show the fixture's figures`, () => {
      const body = page.querySelector(`#latency-table tbody[data-case="${id}"]`);
      assert.ok(body, `tbody for case ${id}`);
      const c = latency(id);
      assert.equal(text(body.querySelector('th')), `${id}. ${c.title}`);
      const cells = (row: string) =>
        ['p50Us', 'p95Us', 'p99Us', 'callsPerSec'].map((col) => text(body.querySelector(`tr[data-row="${row}"] td[data-col="${col}"]`)));
      assert.deepEqual(cells('median'), [us(c.median.p50Us), us(c.median.p95Us), us(c.median.p99Us), rate(c.median.callsPerSec)]);
      for (const r of c.runs) {
        assert.deepEqual(cells(`run${r.run}`), [us(r.p50Us), us(r.p95Us), us(r.p99Us), rate(r.callsPerSec)]);
      }
    });
  }

  test('spot values are where a reader expects them', () => {
    assert.equal(text(page.querySelector('#latency-table tbody[data-case="B"] tr[data-row="median"] td[data-col="p50Us"]')), '230');
    assert.equal(text(page.querySelector('#latency-table tbody[data-case="D"] tr[data-row="run0"] td[data-col="p99Us"]')), '3,158');
    assert.equal(text(page.querySelector('#latency-table tbody[data-case="A"] tr[data-row="median"] td[data-col="p50Us"]')), '0.08');
    assert.equal(text(page.querySelector('#latency-table tbody[data-case="A"] tr[data-row="median"] td[data-col="callsPerSec"]')), '23,697,605');
  });
});

describe('E table', () => {
  for (const v of failure.variants) {
    test(`variant ${v.id}: each run and the total`, () => {
      const body = page.querySelector(`#failure-table tbody[data-variant="${v.id}"]`);
      assert.ok(body, `tbody for ${v.id}`);
      assert.equal(text(body.querySelector('th')), v.label);
      const cells = (row: string) =>
        ['failed', 'invoicesWritten', 'duplicates', 'slowCalls', 'slowestMs'].map((col) =>
          text(body.querySelector(`tr[data-row="${row}"] td[data-col="${col}"]`)),
        );
      const int = (n: number) => Math.round(n).toLocaleString('en-US');
      for (const r of v.runs) {
        assert.deepEqual(cells(`run${r.run}`), [r.failed, r.invoicesWritten, r.duplicates, r.slowCalls, r.slowestMs].map(int));
      }
      const sum = (k: 'failed' | 'invoicesWritten' | 'duplicates' | 'slowCalls') => v.runs.reduce((a, r) => a + r[k], 0);
      assert.deepEqual(
        cells('total'),
        [sum('failed'), sum('invoicesWritten'), sum('duplicates'), sum('slowCalls'), Math.max(...v.runs.map((r) => r.slowestMs))].map(int),
      );
    });
  }

  test('the threshold and spot values come from the fixture', () => {
    assert.match(text(page.querySelector('#failure-table thead')), /Calls over 400 ms/);
    assert.equal(text(page.querySelector('#failure-table tbody[data-variant="retry"] tr[data-row="total"] td[data-col="duplicates"]')), '57');
    assert.equal(text(page.querySelector('#failure-table tbody[data-variant="no-retry"] tr[data-row="run1"] td[data-col="failed"]')), '21');
  });
});

describe('prose figures', () => {
  test('every figure in the prose shows its fact, formatted, with the fact value in data-value', () => {
    const figs = page.querySelectorAll('article span.fig[data-fact]');
    assert.ok(figs.length >= 40, `expected many prose figures, found ${figs.length}`);
    for (const fig of figs) {
      const name = fig.getAttribute('data-fact')!;
      assert.ok(name in facts, `unknown fact ${name}`);
      assert.equal(Number(fig.getAttribute('data-value')), facts[name], `data-value of ${name}`);
    }
  });

  test('the headline sentence carries this run\'s medians and duplicate counts', () => {
    const lead = page.querySelectorAll('article p').find((p) => p.textContent.includes('The bench behind this page'));
    assert.ok(lead);
    const t = text(lead);
    assert.match(t, /the result that matters most comes from its failure test/);
    assert.match(t, /wrote 57 duplicate invoices in 6,000 calls, about one for every hundred calls; clients that retried with a key wrote no duplicates/);
    assert.match(t, /one HTTP hop on loopback over a reused connection took 230\u202fµs at the median and a chain of three services took 737\u202fµs, against 0\.08\u202fµs for an in-process call\./);
    // Issue 29: no machine detail in the first screens; the setup line under the measured table names the machine.
    assert.doesNotMatch(t, /AMD EPYC|2 cores|v24\.20\.0/);
  });

  test('ratios and derived words match the fixture (C/B ≈ 1.36 here, not the reference 2.18)', () => {
    const byName = (name: string) => page.querySelectorAll(`article [data-fact="${name}"]`).map((el) => text(el));
    assert.ok(byName('ratio.BoverA.p50').includes('2,900×'), 'against the timer-bound A: two significant figures (2,879)');
    assert.ok(byName('ref.ratio.BoverA.p50').includes('550×'), 'the reference: 551.6 to two significant figures');
    // C against B in the prose: each run's C p50 over the same run's B p50 (1.36, 1.36, 1.45 here), not the medians' ratio.
    const cOverBRuns = latency('C').runs.map((r, k) => r.p50Us / latency('B').runs[k]!.p50Us);
    // The headline reads the median of those ratios (the middle one of the 3 runs), the centre of the range beside it.
    assert.equal(cOverBRuns.length, 3);
    const cOverBMedian = [...cOverBRuns].sort((a, x) => a - x)[1]!;
    // Between 1% and twice, a cost reads "N% more than", N the whole per cent apart (ratioPhrase's rule).
    const percentMore = Math.round((cOverBMedian - 1) * 100);
    assert.ok(percentMore >= 1 && percentMore < 100, `the fixture's C ÷ B (${cOverBMedian}) is in the "N% more than" band`);
    assert.equal(text(page.querySelector('article [data-word="newConnectionCost"]')), `A fresh connection per call costs ${percentMore}% more than a reused one`);
    assert.ok(byName('ratio.CoverB.pairedP50.low').includes(ratio(Math.min(...cOverBRuns))));
    assert.ok(byName('ratio.CoverB.pairedP50.high').includes(ratio(Math.max(...cOverBRuns))));
    assert.deepEqual(byName('ratio.CoverB.p50'), [], 'no ratio of medians from different runs in the prose');
    // The B/A bullet leads with its guarded statement, not with a phrase for a timer-bound ratio.
    assert.ok(!byName('ratio.BoverA.p50').some((t) => /times as much as/.test(t)));
    // "Three chained hops cost …": each run's mean chained call over the same run's mean single hop, averaged (3.14 here; the median-over-median ratio is 3.20).
    const ownRun = latency('D').runs.map((r, k) => r.meanUs / latency('B').runs[k]!.meanUs);
    assert.ok(byName('ratio.DoverB.mean').includes(`${(ownRun.reduce((a, x) => a + x, 0) / ownRun.length).toFixed(2)}×`), byName('ratio.DoverB.mean').join(' '));
    assert.deepEqual(byName('ratio.DoverB.p50'), [], 'no ratio of medians from different runs in the prose');
    // The chain against its hops through each run's means: the fixture's per-run ratios straddle 1.
    const perRun = latency('D').runs.map((r, k) => r.meanUs / (latency('D').hops * latency('B').runs[k]!.meanUs));
    assert.ok(Math.min(...perRun) < 1 && Math.max(...perRun) > 1, `per-run ratios ${perRun.join(', ')}`);
    assert.equal(text(page.querySelector('article [data-word="chainVsHopSum"]')), 'not measurably different from');
    // The reference's C ÷ B is paired too, from the p50 its report prints for each run: 156.1/71.6, 165.9/76.4, 154.4/71.7.
    assert.deepEqual(byName('ref.ratio.CoverB.p50'), [], 'no ratio of the reference medians in the prose');
    assert.deepEqual([byName('ref.ratio.CoverB.pairedP50.min'), byName('ref.ratio.CoverB.pairedP50.max')], [['2.15×'], ['2.18×']]);
    // And its chain over its single hop, run by run: 268.0/71.6, 307.5/76.4, 268.5/71.7.
    assert.deepEqual([byName('ref.ratio.DoverB.pairedP50.min'), byName('ref.ratio.DoverB.pairedP50.max')], [['3.74×'], ['4.02×']]);
  });

  test('failure-case prose uses the fixture counts', () => {
    const byName = (name: string) => page.querySelectorAll(`article [data-fact="${name}"]`).map((el) => text(el));
    assert.deepEqual(byName('E.noRetry.failed.total'), ['58 calls']);
    assert.ok(byName('E.retry.duplicates.total').includes('57 duplicates'));
    assert.deepEqual(byName('E.retryKey.slowCallsPercent'), ['1.1%']);
    assert.deepEqual(byName('E.clientTimeoutMs'), ['500\u202fms', '500\u202fms', '500\u202fms'], 'the set-up, the slowest call against it, and the deadline paragraph');
    assert.deepEqual(byName('availability.three.999Percent'), ['99.7%']);
  });

  test('each <Fig> shows its fact exactly as its digits and unit props ask, in source order', () => {
    // Units by name suffix, as the article's conventions state them (not read from the formatter).
    const unit = (name: string): [prefix: string, suffix: string, divideBy: number] => {
      const last = (suffix: string) => name.split('.').some((segment) => segment.endsWith(suffix));
      if (last('MinPerMonth')) return ['', '\u202fminutes a month', 1];
      if (last('PerSec')) return ['', '\u202fcalls/s', 1];
      if (last('Percent')) return ['', '%', 1];
      if (last('Cents')) return ['$', '', 100];
      if (last('Us')) return ['', '\u202fµs', 1];
      if (last('Ms')) return ['', '\u202fms', 1];
      if (last('GB')) return ['', '\u202fGB', 1];
      if (last('Min')) return ['', '\u202fmin', 1];
      return ['', '', 1];
    };
    const figs = jsxElements(articleDoc, ['Fig']);
    const shown = page.querySelectorAll('article span.fig[data-fact]').filter((el) => el.getAttribute('class') === 'fig');
    assert.deepEqual(shown.map((el) => el.getAttribute('data-fact')), figs.map((f) => (f.attributes.name as { value: string }).value));
    figs.forEach((fig, i) => {
      const name = (fig.attributes.name as { value: string }).value;
      const digits = fig.attributes.digits?.kind === 'expression' ? Number(fig.attributes.digits.source) : undefined;
      const withUnit = !(fig.attributes.unit?.kind === 'expression' && fig.attributes.unit.source === 'false');
      const [prefix, suffix, divideBy] = unit(name);
      const isMoney = divideBy === 100;
      const value = facts[name]! / divideBy;
      // Rates are whole calls per second; money has cents; everything else is written by its size.
      const isRate = name.endsWith('PerSec') && !name.endsWith('MinPerMonth');
      const significant = fig.attributes.significant?.kind === 'expression' ? Number(fig.attributes.significant.source) : undefined;
      const rounded = significant === undefined ? undefined : Number(value.toPrecision(significant));
      const number =
        rounded !== undefined
          ? fig.attributes.millions && rounded >= 1e6 ? `${rounded / 1e6} million` : group(String(rounded))
          : digits !== undefined ? group(value.toFixed(digits)) : isMoney ? group(value.toFixed(2)) : isRate ? whole(value) : bySize(value);
      assert.equal(text(shown[i]!), withUnit ? `${prefix}${number}${suffix}` : number, `<Fig name="${name}"> at line ${fig.start.line}`);
    });
  });

  test('one value is written one way: B\'s median p50 in the prose, the tables and the chart twin', () => {
    const expected = us(latency('B').median.p50Us); // "230"
    const where = {
      prose: text(page.querySelector('article span.fig[data-fact="B.p50Us"]')).replace(/\u202fµs$/, ''),
      latencyTable: text(page.querySelector('#latency-table tbody[data-case="B"] tr[data-row="median"] td[data-col="p50Us"]')),
      referenceComparison: text(page.querySelector('#reference-comparison tr[data-case="B"] [data-col="currentP50Us"]')),
      chartTwin: page.querySelectorAll('#chart-latency-percentiles details tbody tr').map((tr) => tr.querySelectorAll('th, td').map(text)).find((cells) => cells[0]!.startsWith('B'))![2],
      runHistory: text(historyPage.querySelectorAll('#run-history tbody tr[data-current="true"] td')[2]!),
    };
    assert.deepEqual(where, { prose: expected, latencyTable: expected, referenceComparison: expected, chartTwin: expected, runHistory: expected });
  });

  test('prose and tables agree on ratio precision', () => {
    const prose = (name: string) => text(page.querySelector(`article span.fig.ratio[data-fact="${name}"]`));
    const table = (id: string, col: string) => text(page.querySelector(`#reference-comparison tr[data-case="${id}"] [data-col="${col}"]`));
    // The table's range is the runs' lowest and highest paired ratio, as the prose gives them.
    assert.equal(table('C', 'currentRatioToBase'), `1.36× (${prose('ratio.CoverB.pairedP50.low').replace('×', '')}–${prose('ratio.CoverB.pairedP50.high')})`);
    // The chain's headline in the prose is a different statistic (paired per-run means), shown to the same two decimals.
    assert.match(prose('ratio.DoverB.mean'), /^\d\.\d\d×$/);
    assert.equal(table('C', 'baselineRatioToBase'), `2.17× (${prose('ref.ratio.CoverB.pairedP50.min').replace('×', '')}–${prose('ref.ratio.CoverB.pairedP50.max')})`);
    assert.equal(table('D', 'baselineRatioToBase'), `3.74× (${prose('ref.ratio.DoverB.pairedP50.min').replace('×', '')}–${prose('ref.ratio.DoverB.pairedP50.max')})`);
  });

  test('every claim was rendered with its predicate', () => {
    const claims = page.querySelectorAll('article .claim[data-claim]');
    assert.ok(claims.length >= 8);
    assert.ok(claims.some((c) => c.getAttribute('data-claim') === 'keyNeitherFailsNorDuplicates'));
    for (const c of claims) assert.match(c.getAttribute('title')!, /^Checked at build: /);
  });
});

describe('raw output and code listing', () => {
  test('the bench output is results.report, unedited', () => {
    const pre = page.querySelector('#bench-output');
    assert.ok(pre);
    assert.equal(pre.textContent, results.report);
  });

  test('the source page holds every bench source file, each equal to the file on disk', () => {
    const files = benchSourceFiles(ROOT);
    const figures = sourcePage.querySelectorAll('details[data-source-file]');
    assert.deepEqual(
      figures.map((f) => f.getAttribute('data-source-file')),
      files.map((f) => `bench/${f.relativePath}`),
    );
    for (const [i, f] of files.entries()) {
      const pre = figures[i]!.querySelector('pre');
      assert.ok(pre, `a <pre> for ${f.relativePath}`);
      assert.ok(pre.classList.contains('astro-code'), 'highlighted by shiki');
      const onDisk = readFileSync(f.absolutePath, 'utf8');
      assert.equal(pre.textContent.replace(/\n$/, ''), onDisk.replace(/\n$/, ''), `listing of ${f.relativePath}`);
    }
    assert.ok(figures.some((f) => f.getAttribute('data-source-file') === 'bench/src/cases/e-failure/case.ts'));
    assert.ok(figures.some((f) => f.getAttribute('data-source-file') === 'bench/package.json'));
  });

  test('each listed file has a copy button, hidden until JavaScript enables it', () => {
    for (const fig of sourcePage.querySelectorAll('details[data-source-file]')) {
      const button = fig.querySelector('button.copy-button');
      assert.ok(button);
      assert.ok(button.hasAttribute('hidden'));
      assert.ok(sourcePage.getElementById(button.getAttribute('data-copy-target')!));
    }
  });

  test('the article links to each folder of files on the source page, and keeps the bench output', () => {
    const links = page.querySelectorAll('[data-source-folder]');
    const listed = sourcePage.querySelectorAll('details[data-source-file]');
    const folderOf = (file: string) => file.slice(0, file.lastIndexOf('/') + 1);
    // One link per folder, at the folder's first file, counting the folder's files; a folder whose files
    // are not contiguous in path order (a subfolder sorts between them) still gets one link.
    const seen = new Set<string>();
    const expected = listed.filter((d) => {
      const folder = folderOf(d.getAttribute('data-source-file')!);
      return !seen.has(folder) && Boolean(seen.add(folder));
    });
    assert.deepEqual(links.map((a) => a.getAttribute('href')), expected.map((d) => `/source/#${d.id}`));
    assert.equal(new Set(links.map((a) => a.getAttribute('data-source-folder'))).size, links.length, 'no folder is linked twice');
    assert.equal(links.reduce((n, a) => n + Number(a.getAttribute('data-source-count')), 0), listed.length);
    assert.equal(page.querySelectorAll('details[data-source-file]').length, 0, 'the listing itself is not on the article');
  });
});

describe('structure', () => {
  test('all fourteen sections and the sources, in order, each in the table of contents; then each deep dive', () => {
    const headings = page.querySelectorAll('article h2').map((h) => text(h));
    assert.deepEqual(headings, [...ARTICLE_SECTIONS]);
    const toc = page.querySelectorAll('nav.toc ol a').map((a) => a.getAttribute('href'));
    assert.deepEqual(toc, page.querySelectorAll('article h2').map((h) => `#${h.id}`));
    const deepDives = page.querySelectorAll('nav.toc [data-deep-dives] a').map((a) => a.getAttribute('href'));
    assert.deepEqual(deepDives, ['tls-and-the-network/', 'under-load/', 'retry-storms/', 'node-versions-and-run-history/']);
    for (const h of page.querySelectorAll('article h2, article h3')) {
      assert.equal(h.nextElementSibling?.classList.contains('anchor'), true, `self-link beside ${h.id}`);
      assert.equal(h.nextElementSibling?.getAttribute('href'), `#${h.id}`);
    }
  });

  test('the cost and availability sections hold their computed tables, not placeholders', () => {
    assert.equal(page.querySelector('[data-placeholder]'), null);
    const at = (needle: string) => html.indexOf(needle);
    assert.ok(at('id="costs-from-published-prices"') > 0);
    assert.ok(at('id="costs-from-published-prices"') < at('data-cost-table="services"'), 'cost table after the costs heading');
    assert.ok(at('data-cost-table="services"') < at('id="mvps-and-serverless"'), 'cost table before the next section');
    assert.ok(page.querySelector('[data-availability-table] tr[data-level="99.9"] td[data-hops="3"][data-percent="99.700"]'));
  });

  test('the provenance panel gives each suite its own machine, run, duration and source, and the prices and the data', () => {
    const env = results.environment;
    const beyondResults = JSON.parse(readFileSync(BEYOND_FIXTURE, 'utf8'));
    const beyondEnv = beyondResults.environment;
    const prov = (key: string) => text(page.querySelector(`[data-provenance] [data-prov="${key}"]`));
    const suite = (key: string, id: string) => text(page.querySelector(`[data-provenance] [data-prov="${key}"] [data-suite="${id}"]`));
    // Both fixtures ran on one machine and runtime: those rows are shown once, for both suites.
    assert.equal(`${env.nodeVersion} ${env.v8Version} ${env.cpuModel}`, `${beyondEnv.nodeVersion} ${beyondEnv.v8Version} ${beyondEnv.cpuModel}`);
    assert.equal(suite('runtime', 'both'), `Cases A–I: Node ${env.nodeVersion}, V8 ${env.v8Version}`);
    assert.equal(page.querySelector('[data-provenance] [data-prov="runtime"] [data-suite="reference"]'), null, 'not twice');
    assert.match(suite('machine', 'both'), new RegExp(`^Cases A–I: ${env.cpuModel}, ${env.cores} cores, \\d+ GB RAM$`));
    assert.ok(suite('os', 'reference').includes(env.osRelease) && suite('os', 'beyond').includes(beyondEnv.osRelease));
    assert.ok(suite('source', 'reference').includes(env.benchSourceSha256.slice(0, 12)));
    assert.ok(suite('source', 'beyond').includes(beyondEnv.benchSourceSha256.slice(0, 12)));
    if (env.gitCommit) assert.ok(suite('source', 'reference').includes(env.gitCommit.slice(0, 12)));
    assert.match(suite('run', 'reference'), /^Cases A–E: 30 November 2026, 06:46 UTC, 3 runs \(full suite\), took 2\.4\u202Fmin$/);
    const minutes = (ms: number) => `${(ms / 60_000).toFixed(1)}\u202Fmin`;
    assert.equal(suite('run', 'beyond'), `Cases F–I: ${runDateText(beyondEnv.startedAt)}, one run (quick suite, with smaller counts than a full run), took ${minutes(beyondResults.durationMs)}`);
    assert.equal(suite('run', 'reference'), `Cases A–E: ${runDateText(env.startedAt)}, 3 runs (full suite), took ${minutes(results.durationMs)}`);
    // The reference fixture predates the current bench source: the panel says so, with its hash. The beyond
    // fixture does too once the bench changes after it was regenerated; until then the panel has no such line for it.
    assert.ok(suite('predates', 'reference').includes(env.benchSourceSha256.slice(0, 12)), prov('predates'));
    if (beyondEnv.benchSourceSha256 === beyondSuite.sourceSha256()) {
      assert.equal(page.querySelector('[data-provenance] [data-prov="predates"] [data-suite="beyond"]'), null, prov('predates'));
    } else {
      assert.ok(suite('predates', 'beyond').includes(beyondEnv.benchSourceSha256.slice(0, 12)), prov('predates'));
    }
    // The kernels of the two fixtures differ, and the panel names exactly that.
    assert.notEqual(env.osRelease, beyondEnv.osRelease);
    assert.equal(prov('machines'), `Cases F–I ran on the same host, CPU, cores, RAM, OS, Node and V8 as cases A–E; what differs: kernel ${env.osRelease} (cases A–E) vs ${beyondEnv.osRelease} (cases F–I)`);
    assert.match(prov('prices'), /^read 2026-10-19, \d+ days before this build \(content\/prices\.json\)$/);
    assert.ok(page.querySelector('[data-provenance] [data-prov="data"] a[href$="results.json"]'));
    assert.match(prov('reproduce'), /npm run bench/);
    assert.match(prov('reproduce'), /npm run bench -- --suite beyond \(cases F–I\)/);
    assert.match(prov('reference'), /^the reference suite: the figures of the main article's measured sections/);
    assert.match(prov('beyond'), /^the second suite \(cases F, G, H, I\): the figures of the deep dives/);
  });

  test("the panel gives the bench's warnings: the reference run's word for word, the beyond cases' counted (each case shows its own)", () => {
    const warned = page.querySelectorAll('[data-provenance] [data-bench-warning="reference"]').map((li) => text(li));
    const expected = noiseWarnings(results);
    assert.ok(expected.length > 0, 'the fixture has warnings to show');
    assert.deepEqual(warned, expected.map((w) => w.replace(/\s+/g, ' ').trim()));
    const beyondCount = JSON.parse(readFileSync(BEYOND_FIXTURE, 'utf8')).cases.reduce((n: number, c: { warnings?: string[] }) => n + (c.warnings?.length ?? 0), 0);
    assert.match(text(page.querySelector('[data-provenance] [data-prov="warnings"] [data-suite="beyond"]')), new RegExp(`^Cases F–I: ${beyondCount} warnings, each shown, word for word, at the head of its case's figures\\.$`));
  });

  test("one duration per suite: the prose states the panel's figure", () => {
    const prose = text(page.querySelector('#article'));
    for (const id of ['reference', 'beyond']) {
      const shown = text(page.querySelector(`[data-provenance] [data-prov="run"] [data-suite="${id}"] [data-duration]`));
      assert.match(shown, /^\d+\.\d\u202Fmin$/);
      assert.ok(prose.includes(`took ${shown} for cases A–E`) || prose.includes(`and ${shown} for cases F–I`), `${id}: ${shown} in the prose`);
    }
  });

  test("the beyond suite's report is printed as printed", () => {
    const printed = JSON.parse(readFileSync(BEYOND_FIXTURE, 'utf8')).report;
    assert.equal(page.querySelector('#beyond-bench-output')!.textContent, printed);
  });

  test('the comparison with the reference run pairs each run with its own B, on both machines', () => {
    const row = (id: string) => page.querySelector(`#reference-comparison tr[data-case="${id}"]`)!;
    const cell = (id: string, col: string) => text(row(id).querySelector(`[data-col="${col}"]`));
    assert.equal(cell('B', 'baselineP50Us'), '71.7');
    assert.equal(cell('B', 'currentP50Us'), us(latency('B').median.p50Us));
    // Reference, from its printed runs: 156.1/71.6 = 2.180, 165.9/76.4 = 2.171, 154.4/71.7 = 2.153; 268.0/71.6 = 3.743, 307.5/76.4 = 4.025, 268.5/71.7 = 3.745.
    assert.equal(cell('C', 'baselineRatioToBase'), '2.17× (2.15–2.18×)');
    assert.equal(cell('D', 'baselineRatioToBase'), '3.74× (3.74–4.02×)');
    // This build's fixture: C ÷ B 1.361, 1.365, 1.451; D ÷ B 2.569, 2.508, 3.800.
    assert.equal(cell('C', 'currentRatioToBase'), '1.36× (1.36–1.45×)');
    assert.equal(cell('D', 'currentRatioToBase'), '2.57× (2.51–3.80×)');
    // 1.3647 ÷ 2.1715 and 2.5690 ÷ 3.7448; 3 runs against 3 are too few for the noise test to mark either.
    assert.equal(cell('C', 'ratioOfRatios'), '0.63×');
    assert.equal(cell('D', 'ratioOfRatios'), '0.69×');
    assert.equal(cell('B', 'ratioOfRatios'), 'base');
    assert.equal(text(page.querySelector('#reference-comparison th[data-head="currentRatioToBase"]')), '÷ B in the same run, this build');
    assert.equal(
      text(page.querySelector('#reference-comparison caption')),
      'This build against the reference run (Apple M1 Max, Node v24.20.0, 2026-10-19): median p50 in µs, and each case’s p50 divided by case B’s p50 in the same run, on each machine. Each ratio is the median of 3 runs’ ratios, with the lowest and highest run’s in brackets; the reference’s come from the p50 its report prints for each run.',
    );
    assert.doesNotMatch(text(page.querySelector('#reference-comparison')), /only medians|different runs/);
    assert.equal(text(historyPage.querySelector('#run-history th[data-head="cOverB"]')), 'C ÷ B, medians');
    assert.match(text(historyPage.querySelector('#run-history caption')), /ratios of medians, not paired per repeat/);
    // And the prose says which figure the table uses, beside its own paired ones.
    assert.match(text(page.querySelector('article')), /[Tt]he table below divides each run[’']s median of a case by the same run[’']s median of case B, on each machine/);
  });

  test('row A of the comparison shows its ratios as n/a, with a footnote giving the reason', () => {
    const row = page.querySelector('#reference-comparison tr[data-case="A"]')!;
    for (const col of ['currentRatioToBase', 'baselineRatioToBase', 'ratioOfRatios']) {
      const cell = row.querySelector(`[data-col="${col}"]`)!;
      assert.equal(text(cell), 'n/a†', col);
      assert.equal(cell.querySelector('a')!.getAttribute('href'), '#reference-comparison-note-timer');
    }
    assert.equal(row.querySelector('[data-col="ratioOfRatios"]')!.getAttribute('data-beyond-noise'), 'false');
    assert.match(text(page.getElementById('reference-comparison-note-timer')), /^† Not applicable for A: each timed in-process call includes the two clock reads/);
    assert.notEqual(text(page.querySelector('#reference-comparison tr[data-case="C"] [data-col="currentRatioToBase"]')), 'n/a†');
  });

  test('noisy cases are marked, and only those', () => {
    for (const id of ['A', 'B', 'C', 'D']) {
      const p50s = latency(id).runs.map((r) => r.p50Us);
      const mean = p50s.reduce((a, b) => a + b, 0) / p50s.length;
      const cv = (Math.sqrt(p50s.reduce((a, v) => a + (v - mean) ** 2, 0) / p50s.length) / mean) * 100;
      const marked = page.querySelector(`#latency-table [data-noisy="${id}"]`) !== null;
      assert.equal(marked, cv > 10, `case ${id}: cv ${cv.toFixed(1)}%`);
    }
  });

  test('the run history lists archived runs oldest first, this build marked, bad files skipped', () => {
    const rows = historyPage.querySelectorAll('#run-history tbody tr');
    assert.deepEqual(rows.map((r) => r.getAttribute('data-run')), [ARCHIVED_RUN.startedAt, results.environment.startedAt]);
    assert.deepEqual(rows.map((r) => r.getAttribute('data-current')), ['false', 'true']);
    assert.equal(text(rows[0]!.querySelectorAll('td')[1]!), ARCHIVED_RUN.nodeVersion);
    assert.equal(text(rows[0]!.querySelectorAll('td')[2]!), us(latency('B').median.p50Us));
    assert.match(buildOutput, new RegExp(`\\[history\\] skipped .*${UNREADABLE_ARCHIVE_FILE.replaceAll('.', '\\.')}`));
  });

  // No NaN/empty-cell check here: the build's own check (src/pipeline/check-html.ts) ran before this
  // page was published, and tests/site/build-stages.test.ts shows that check failing on bad pages.

  test('text dates and data dates are shown apart, each labelled', () => {
    const dates = page.querySelector('.dates')!;
    assert.match(
      text(dates),
      /^Published \d{1,2} \w+ 20\d\d; text last revised \d{1,2} \w+ 20\d\d\. Figures from the bench runs of 30 November 2026 \(cases A–E\) and 2 December 2026 \(cases F–I\); page built \d{1,2} \w+ 20\d\d\.$/,
    );
    assert.equal(dates.querySelector('[data-date="run"]')!.getAttribute('datetime'), results.environment.startedAt.slice(0, 10));
    const day = (key: string) => dates.querySelector(`[data-date="${key}"]`)!.getAttribute('datetime')!;
    assert.ok(day('published') <= day('revised') && day('revised') <= day('built') && day('run') <= day('built'), 'no date contradicts another');
  });

  test('the advice comes right after the short answer; the page ends with reproducing, sources, and the listing last', () => {
    const headings = page.querySelectorAll('article h2').map((h) => text(h));
    assert.deepEqual(headings.slice(0, 2), ['The short answer', 'What to do now']);
    assert.deepEqual(headings.slice(-3), ['Reproducing the numbers', 'Sources', 'The source of the bench']);
    assert.ok(html.indexOf('data-source-folder') > 0, 'the article lists the bench folders (each file in full on the source page)');
    assert.ok(html.indexOf('id="sources"') < html.indexOf('data-source-folder'), 'the sources come before the list of bench files');
  });
});
