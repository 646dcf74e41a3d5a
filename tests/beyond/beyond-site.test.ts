// The site's side of the beyond suite: facts from its results, the <BeyondCase> blocks, "not measured
// here", the chart data of case F, the build's decision about the beyond results, and a build where
// case F was not measured.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { parse } from 'node-html-parser';
import type { LoadResult } from '@split-on-evidence/hop-bench/schema';
import { beyondSuite } from '@split-on-evidence/hop-bench/suites';
import type { BeyondResults } from '../../src/inputs/results-source.ts';
import { BEYOND_SITE } from '../../src/inputs/site-suites.ts';
import { parseResultsText } from '@split-on-evidence/hop-bench/schema';
import { articleFiles, describedUnmeasured } from '../../src/claims/article.ts';
import { checkArticle } from '../../src/pipeline/check-article.ts';
import { decideResults, readResultsState } from '../../src/pipeline/ensure-results.ts';
import { loadLatencyChart, loadThroughputChart } from '../../src/cases/f-load/chart-data.ts';
import { beyondBlocks, withoutUnmeasured } from '../../src/claims/beyond-blocks.ts';
import { beyondFacts, notMeasuredReason } from '../../src/facts/beyond-facts.ts';
import { extractClaims } from '../../src/claims/claims.ts';
import { composeFacts } from '../../src/facts/compose.ts';
import { readReferenceText } from '../../src/inputs/reference-run.ts';
import { loadPriceHistory } from '../../src/prices/price-history.ts';
import { pricesPath } from '../../src/prices/prices.ts';
import { BEYOND_FIXTURE, FIXTURE, ROOT, tempDir } from '../support/site-build.ts';
import { variantBeyondText, variantPage } from '../support/pages.ts';
import { rmSync } from 'node:fs';

const text = readFileSync(BEYOND_FIXTURE, 'utf8');
const beyond = beyondSuite.parseResultsText(text, BEYOND_FIXTURE);
/** The ensure stage's decision about a beyond results file (state read from the file, then the pure decision). */
const decideBeyond = async (file: string, explicit: boolean, fresh: { fresh: boolean; freshReason: string }) => ({
  decision: decideResults(BEYOND_SITE, await readResultsState(BEYOND_SITE, { file, explicit }, fresh)),
});
const f = beyond.cases[0]!;
assert.ok(f.status === 'measured');
const load = f.result as LoadResult;
const work = tempDir('beyond');
after(() => rmSync(work, { recursive: true, force: true }));

/** The fixture with case F recorded as not measured (the other cases as they are). */
function notMeasured(reason: string): BeyondResults {
  return { ...beyond, cases: beyond.cases.map((c) => (c.id === 'F' ? { id: 'F', title: f.title, status: 'not-measured' as const, reason } : c)) };
}

describe('beyond facts', () => {
  test("case F's facts are its stored figures, valid levels only, and the ratios are computed from them", () => {
    const facts = beyondFacts(beyond);
    const [hop, chain] = load.targets;
    assert.equal(facts['beyond.F.measured'], 1);
    assert.equal(facts['F.chain.capacityPerSec'], chain!.capacity.perSec);
    assert.equal(facts['F.ceilingPerSec'], load.ceiling.perSec.median);
    for (const r of load.peer) assert.equal(facts[`F.peer.ratio.c${r.concurrency}`], r.ratio);
    // The quick fixture's rounds run 0.87–1.14 (c = 16) and 0.90–1.07 (c = 64): both hold 1, so both are
    // 'same' (index 2 of rules.PEER_STANDINGS), the standing the report's warning reads too.
    assert.deepEqual(load.peer.map((r) => facts[`F.peer.standing.c${r.concurrency}`]), [2, 2]);
    assert.equal(facts['F.peer.targetRatio'], 0.9);
    for (const t of [hop!, chain!]) {
      for (const l of t.closed) assert.equal(facts[`F.${t.id}.closed.callsPerSec.c${l.concurrency}`], l.validity.valid ? l.callsPerSec.median : undefined);
      const unloaded = t.closed.find((l) => l.concurrency === 1 && l.validity.valid);
      for (const l of t.open) {
        const at = `at${Math.round(l.fraction * 100)}`;
        // An invalid level's figures are never facts: no sentence can use them.
        assert.equal(facts[`F.${t.id}.open.p99Us.${at}`], l.validity.valid ? l.p99Us.median : undefined);
        assert.equal(facts[`F.${t.id}.open.uncorrectedP99Us.${at}`], l.validity.valid ? l.uncorrectedP99Us.median : undefined);
        assert.equal(facts[`F.${t.id}.open.p99OverUnloaded.${at}`], l.validity.valid && unloaded ? l.p99Us.median / unloaded.p99Us.median : undefined);
      }
      const valid = t.open.filter((l) => l.validity.valid);
      assert.equal(facts[`F.${t.id}.validOpenLevels`], valid.length);
      assert.equal(facts[`F.${t.id}.open.last.p99Us`], valid.at(-1)?.p99Us.median);
      assert.equal(facts[`F.${t.id}.open.first.loadPercent`], valid[0] ? valid[0].fraction * 100 : undefined);
    }
    // Run by run: each run's calls/s × its mean latency (µs → s) against the callers.
    const deviations = load.targets.flatMap((t) => t.closed.filter((l) => l.validity.valid).flatMap((l) => l.runs.map((r) => (100 * Math.abs((r.callsPerSec * r.latency.meanUs) / 1e6 - l.concurrency)) / l.concurrency)));
    assert.equal(facts['F.littleL.maxDeviationPercent'], Math.max(0, ...deviations));
  });

  test('a case that was not measured has no facts but its flag, and says why', () => {
    const r = notMeasured('needs more cores');
    const facts = beyondFacts(r);
    assert.deepEqual(Object.keys(facts).filter((k) => k.startsWith('F.') || k.startsWith('beyond.F.')), ['beyond.F.measured']);
    assert.equal(facts['beyond.F.measured'], 0);
    assert.equal(notMeasuredReason(r, 'F'), 'needs more cores');
    assert.equal(notMeasuredReason(beyond, 'F'), undefined);
    assert.match(notMeasuredReason(beyond, 'Z')!, /do not include case Z/);
  });
});

describe('<BeyondCase> blocks', () => {
  const mdx = ['a <Fig name="x" />', '<BeyondCase id="F">', '', 'b <Claim name="fy">yes</Claim>', '', '</BeyondCase>', 'c'].join('\n');

  test('finds blocks with their lines; blanks an unmeasured block but keeps its lines', () => {
    assert.deepEqual(beyondBlocks(mdx).map((b) => [b.id, b.line]), [['F', 2]]);
    const blanked = withoutUnmeasured(mdx, new Set(['F']));
    assert.equal(blanked.split('\n').length, mdx.split('\n').length);
    assert.equal(extractClaims(blanked, 'x').length, 0);
    assert.equal(extractClaims(withoutUnmeasured(mdx, new Set(['G'])), 'x').length, 1);
  });

  test('an unclosed block is an error, not silently skipped', () => {
    assert.throws(() => beyondBlocks('<BeyondCase id="F">\nno end'), /1 <BeyondCase> tags but 0/);
  });

  test("the article's F block: with F not measured, its claims are skipped and the rest still hold", () => {
    const now = new Date();
    const prices = loadPriceHistory(pricesPath(ROOT, {}), now, { warn: () => {} }).current;
    const results = parseResultsText(readFileSync(FIXTURE, 'utf8'), FIXTURE);
    const r = notMeasured('needs more cores');
    const facts = composeFacts({ results, referenceText: readReferenceText(ROOT), prices, now, beyond: r });
    const unmeasured = describedUnmeasured(ROOT, r);
    assert.deepEqual([...unmeasured], ['F']);
    const skipped = checkArticle(ROOT, facts, () => {}, [], unmeasured);
    const all = checkArticle(ROOT, composeFacts({ results, referenceText: readReferenceText(ROOT), prices, now, beyond }), () => {});
    const inBlocks = articleFiles(ROOT).flatMap((file) => {
      const mdx = readFileSync(file, 'utf8');
      return beyondBlocks(mdx).filter((b) => b.id === 'F').flatMap((b) => extractClaims(mdx.slice(b.innerStart, b.innerEnd), file));
    });
    assert.ok(inBlocks.length > 0);
    assert.equal(skipped.length, all.length - inBlocks.length);
  });
});

describe('case F charts', () => {
  test('latency against load: p50, p99 and uncorrected p99 per target with a valid level; valid levels only', () => {
    const chart = loadLatencyChart(load);
    const withValid = load.targets.filter((t) => t.open.some((l) => l.validity.valid));
    assert.equal(chart.spec.series.length, 3 * withValid.length);
    for (const [k, t] of withValid.entries()) {
      const valid = t.open.filter((l) => l.validity.valid);
      const p99 = chart.spec.series[3 * k + 1]!.data as { x: number; y: number }[];
      assert.deepEqual(p99.map((p) => p.x), valid.map((l) => Math.round(l.fraction * 100)));
      assert.deepEqual(p99.map((p) => p.y), valid.map((l) => Math.max(l.p99Us.median, 1)));
    }
    assert.equal(chart.table.rows.length, load.targets.reduce((n, t) => n + t.open.filter((l) => l.validity.valid).length, 0));
    assert.ok(chart.spec.series.filter((s) => s.dashed).every((s) => s.label.endsWith('uncorrected')));
  });

  test('throughput against concurrency: one line per target, a point per valid level only', () => {
    const chart = loadThroughputChart(load);
    assert.deepEqual(chart.spec.series.map((s) => s.data), load.targets.map((t) => t.closed.filter((l) => l.validity.valid).map((l) => ({ x: l.concurrency, y: l.callsPerSec.median }))));
  });

  test('an invalid level is on no chart: marking every level invalid empties both charts', () => {
    const invalid = { valid: false, reasons: [{ code: 'client-cpu' as const, runs: [1], value: 99, limit: 70 }] };
    const all = { ...load, targets: load.targets.map((t) => ({ ...t, closed: t.closed.map((l) => ({ ...l, validity: invalid })), open: t.open.map((l) => ({ ...l, validity: invalid })) })) };
    assert.equal(loadLatencyChart(all).spec.series.length, 0);
    assert.deepEqual(loadThroughputChart(all).spec.series.map((s) => s.data), [[], []]);
    const facts = beyondFacts({ ...beyond, cases: beyond.cases.map((c) => (c.id === 'F' ? { ...c, result: all } : c)) } as BeyondResults);
    assert.deepEqual(Object.keys(facts).filter((k) => /\.(closed|open)\.\w+\.(c|at)\d+$|\.open\.(first|last)\./.test(k)), []);
  });
});

describe('the build decides about the beyond results', () => {
  const fresh = { fresh: false, freshReason: '' };
  test('a named file that is missing stops the build with the fix; --fresh runs', async () => {
    const missing = path.join(work, 'none.json');
    const d = (await decideBeyond(missing, true, fresh)).decision;
    assert.equal(d.action, 'fail');
    assert.match(d.action === 'fail' ? d.message : '', /HOP_BEYOND_RESULTS/);
    assert.equal((await decideBeyond(missing, true, { fresh: true, freshReason: '--fresh' })).decision.action, 'run');
    assert.deepEqual((await decideBeyond(missing, false, fresh)).decision, { action: 'run', reason: 'no beyond results yet' });
  });

  test('the default file from a quick run is stale (the page needs the full suite); a named one is used with notes', async () => {
    const copy = path.join(work, 'beyond-latest.json');
    writeFileSync(copy, text);
    const d = (await decideBeyond(copy, false, fresh)).decision;
    assert.equal(d.action, 'run');
    assert.match(d.action === 'run' ? d.reason : '', /from a quick run; the page needs the full suite/);
    const named = (await decideBeyond(copy, true, fresh)).decision;
    assert.equal(named.action, 'reuse');
  });
});

describe('a build where case F was not measured', () => {
  test('builds, says why on the page, and draws none of its charts', async () => {
    // The shared variant page: its beyond results say F was not measured, and why.
    const variantText = variantBeyondText();
    const f = JSON.parse(variantText).cases.find((c: { id: string }) => c.id === 'F');
    assert.equal(f.status, 'not-measured');
    const run = await variantPage();
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /beyond case F was not measured here; the page says why/);
    const out = run.dir;
    const page = parse(readFileSync(path.join(out, 'under-load', 'index.html'), 'utf8'));
    const note = page.querySelector('[data-not-measured="F"]');
    assert.ok(note, 'the page has the not-measured note');
    assert.ok(note.textContent.replace(/\s+/g, ' ').includes(`was not measured here, because ${f.reason}.`), note.textContent);
    assert.equal(page.getElementById('chart-load-latency'), null);
    assert.equal(page.getElementById('little-table'), null);
    assert.equal(page.querySelector('h1')!.textContent.trim(), 'Under load: where the tail comes from');
    // The main article keeps its paragraph and link; it shows no figure of case F, so it needs no note (issue 29: case F's caveats stay on its page).
    const main = parse(readFileSync(path.join(out, 'index.html'), 'utf8'));
    assert.ok(main.querySelector('a[href="under-load/"]'), 'the article links the page');
    assert.equal(main.querySelectorAll('[data-fact^="F."]').length, 0, 'and shows no figure of case F');
    assert.equal(readFileSync(path.join(out, 'beyond-results.json'), 'utf8'), variantText);
  });
});
