/**
 * The pure builders behind the charts and their table twins, checked with exact values from the
 * fixture results file (a real full run, 2026-11-30) and the fixture price file.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { parseResultsText, type Results } from '@split-on-evidence/hop-bench/schema';
import { formatNumber, powerOfTenBelow, wrapLabel } from '../../src/components/charts/chart-spec.ts';
import { costGrowthChart } from '../../src/components/charts/data/cost.ts';
import { caseDistribution, latencyDistributionChart } from '../../src/components/charts/data/distribution.ts';
import { failureRunsChart } from '../../src/cases/e-failure/chart-data.ts';
import { latencyCases, latencyPercentilesChart } from '../../src/components/charts/data/latency.ts';
import { parsePrices } from '../../src/prices/prices.ts';

const RESULTS_FILE = 'tests/fixtures/results-2026-11-30-full.json';
const results: Results = parseResultsText(readFileSync(RESULTS_FILE, 'utf8'), RESULTS_FILE);
const PRICES_FILE = 'tests/costs/fixtures/prices-2026-10-19.json';
const prices = parsePrices(readFileSync(PRICES_FILE, 'utf8'), PRICES_FILE, new Date('2026-11-30T12:00:00Z'));

describe('latency percentiles chart', () => {
  const { spec, table } = latencyPercentilesChart(latencyCases(results));
  it('plots the medians of p50, p95, p99 per case on a log axis', () => {
    assert.equal(spec.y.scale, 'logarithmic');
    assert.deepEqual(spec.labels, [
      ['A', 'in-process', 'function', 'call'],
      ['B', 'HTTP,', 'keep-alive'],
      ['C', 'HTTP, new', 'connection', 'per call'],
      ['D', '3', 'sequential', 'HTTP hops'],
    ]);
    // Below A's 0.08 µs median, so its bar shows.
    assert.equal(spec.y.min, 0.01);
    assert.deepEqual(
      spec.series.map((s) => [s.label, s.data]),
      [
        ['p50 (median call)', [0.08, 230.322, 314.325, 737.292]],
        ['p95', [0.13, 276.91, 445.88, 1028.113]],
        ['p99', [0.231, 619.638, 1609.884, 2898.067]],
      ],
    );
  });
  it('its table twin holds the same figures', () => {
    assert.deepEqual(table.columns, ['Case', 'Network hops', 'p50 (µs)', 'p95 (µs)', 'p99 (µs)']);
    assert.deepEqual(
      table.rows.map((r) => [r.header, ...r.cells]),
      [
        // As the latency table and the prose write them: whole µs from 100, two decimals below 10.
        ['A: in-process function call', '0', '0.08', '0.13', '0.23'],
        ['B: HTTP, keep-alive', '1', '230', '277', '620'],
        ['C: HTTP, new connection per call', '1', '314', '446', '1,610'],
        ['D: 3 sequential HTTP hops', '3', '737', '1,028', '2,898'],
      ],
    );
  });
});

describe('latency distribution chart', () => {
  it('sums each case’s runs bin by bin on the shared log grid', () => {
    const [a, b] = latencyCases(results).map((c) => caseDistribution(c));
    assert.deepEqual(
      b.bins.slice(0, 4).map((bin) => [bin.fromUs, bin.toUs, bin.calls]),
      [
        [89.1251, 100, 137],
        [100, 112.202, 29 + 179],
        [112.202, 125.893, 71 + 13],
        [125.893, 141.254, 63 + 26 + 14],
      ],
    );
    assert.deepEqual(a.bins.slice(0, 3).map((bin) => bin.calls), [19 + 24, 3 + 1, 11585 + 6827 + 107]);
    assert.equal(a.totalCalls, 300_000);
    assert.equal(b.totalCalls, 30_000);
  });
  it('merges neighbouring bins for the chart: 20 stored bins per decade drawn as 10, every call kept', () => {
    const [, b] = latencyCases(results).map((c) => caseDistribution(c, 2));
    // Stored bins 89.1–100 (137) and 100–112 (29 + 179) fall in 79.4–100 and 100–125.9 once merged.
    assert.equal(b.binsPerDecade, 10);
    assert.deepEqual(b.bins.slice(0, 2).map((bin) => [bin.fromUs, bin.toUs, bin.calls]), [
      [79.4328, 100, 137],
      [100, 125.893, 29 + 179 + 71 + 13],
    ]);
    assert.equal(b.totalCalls, 30_000);
    assert.throws(() => caseDistribution(latencyCases(results)[0]!, 3), /cannot merge 3 of 20 bins per decade/);
  });
  it('keeps every call: bins add up to timed calls × runs for each case', () => {
    for (const c of latencyCases(results)) {
      const d = caseDistribution(c);
      assert.equal(d.totalCalls, c.runs.reduce((sum, run) => sum + run.samples, 0), c.id);
      assert.equal(d.bins.length, d.bins.at(-1)!.index - d.bins[0].index + 1, `${c.id}: bins are contiguous`);
    }
  });
  it('plots shares in percent at each bin’s geometric middle, log x', () => {
    const { spec, table } = latencyDistributionChart(results, 1);
    assert.equal(spec.x.scale, 'logarithmic');
    const b = spec.series[1];
    assert.equal(b.label, 'B: HTTP, keep-alive');
    const first = (b.data as { x: number; y: number }[])[0];
    assert.equal(first.x, Math.sqrt(89.1251 * 100));
    assert.equal(first.y, (100 * 137) / 30_000);
    for (const s of spec.series) {
      const total = (s.data as { y: number }[]).reduce((sum, p) => sum + p.y, 0);
      assert.ok(Math.abs(total - 100) < 1e-9, `${s.label}: shares add to ${total}`);
    }
    assert.deepEqual(table.columns, ['Bin (µs)', 'A: calls (300,000 in all)', 'B: calls (30,000 in all)', 'C: calls (6,000 in all)', 'D: calls (15,000 in all)']);
    assert.deepEqual(table.rows[0], { header: '0.045 to 0.05', cells: ['43', '0', '0', '0'] });
    assert.deepEqual(table.rows[2], { header: '0.056 to 0.063', cells: ['18,519', '0', '0', '0'] });
  });
  it('refuses edges off the histogram grid', () => {
    const broken = structuredClone(latencyCases(results)[1]);
    broken.runs[0].histogram.edgesUs[1] = 140;
    assert.throws(() => caseDistribution(broken), /edge 140 µs is off the histogram grid/);
  });
});

describe('failure chart', () => {
  const { spec, table } = failureRunsChart(results);
  it('plots failed, duplicates and slow calls per variant and run', () => {
    assert.equal(spec.labels?.length, 9);
    assert.deepEqual(spec.labels?.[0], ['no retry', 'run 1']);
    assert.deepEqual(spec.labels?.[3], ['retry, no key', 'run 1']);
    assert.deepEqual(spec.labels?.[8], ['retry + key', 'run 3']);
    assert.deepEqual(
      spec.series.map((s) => [s.label, s.data]),
      [
        ['Failed calls', [17, 21, 20, 0, 0, 0, 0, 0, 0]],
        ['Duplicate invoices', [0, 0, 0, 21, 20, 16, 0, 0, 0]],
        ['Calls over 400 ms', [17, 21, 20, 21, 20, 16, 24, 23, 21]],
      ],
    );
  });
  it('its table twin holds every run’s figures (slowest call in whole ms, as the failure table)', () => {
    assert.deepEqual(table.rows[0], { header: 'no retry', cells: ['1', '2,000', '17', '2,000', '0', '17', '502'] });
    assert.deepEqual(table.rows[3], { header: 'retry, no idempotency key', cells: ['1', '2,000', '0', '2,021', '21', '21', '601'] });
    assert.deepEqual(table.rows[8], { header: 'retry + idempotency key', cells: ['3', '2,000', '0', '2,000', '0', '21', '600'] });
  });
  it('needs a failure case', () => {
    const noE = { ...results, cases: results.cases.filter((c) => c.kind !== 'failure') };
    assert.throws(() => failureRunsChart(noE), /no failure-injection case/);
  });
});

describe('cost chart', () => {
  const { spec, table } = costGrowthChart(prices);
  it('rises with services for instances and stays flat for the control plane', () => {
    assert.deepEqual(
      spec.series.map((s) => [s.label, (s.data as { x: number; y: number }[]).map((p) => [p.x, p.y]), s.dashed ?? false]),
      [
        ['Render 0.5 CPU, 512 MB instances', [[1, 14], [2, 28], [3, 42], [5, 70], [10, 140], [20, 280]], false],
        ['Render 1 CPU, 2 GB instances', [[1, 50], [2, 100], [3, 150], [5, 250], [10, 500], [20, 1000]], false],
        ['EKS control plane, standard support (2 clusters)', [[1, 146], [2, 146], [3, 146], [5, 146], [10, 146], [20, 146]], true],
        ['EKS control plane, extended support (2 clusters)', [[1, 876], [2, 876], [3, 876], [5, 876], [10, 876], [20, 876]], true],
      ],
    );
  });
  it('its table twin prints the same amounts from integer cents', () => {
    assert.deepEqual(table.rows.at(-1), { header: '20', cells: ['40', '280.00', '1,000.00', '146.00', '876.00'] });
  });
});

describe('number formatting for tables', () => {
  it('groups thousands, rounds and drops trailing zeros', () => {
    assert.equal(formatNumber(1208.881), '1,208.881');
    assert.equal(formatNumber(0.08), '0.08');
    assert.equal(formatNumber(502.396072, 1), '502.4');
    assert.equal(formatNumber(600.036515, 1), '600');
    assert.equal(formatNumber(23697604.537, 0), '23,697,605');
  });
});

describe('axis and label helpers', () => {
  it('finds the power of ten strictly below a value', () => {
    assert.equal(powerOfTenBelow(0.08), 0.01);
    assert.equal(powerOfTenBelow(230.322), 100);
    assert.equal(powerOfTenBelow(100), 10);
    assert.equal(powerOfTenBelow(0.1), 0.01);
  });
  it('wraps labels at spaces, keeping long words whole', () => {
    assert.deepEqual(wrapLabel('HTTP, new connection per call'), ['HTTP, new', 'connection per', 'call']);
    assert.deepEqual(wrapLabel('idempotency', 5), ['idempotency']);
  });
});
