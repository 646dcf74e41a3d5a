// The CPU a call spends and its price (issue 30 item 4): case F's CPU per call at a single caller, priced
// at the newest price snapshot's per-CPU price, and the sentences that state it. Expectations are written
// out by hand from the figures below.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { LoadResult } from '@split-on-evidence/hop-bench/schema';
import { WORDS } from '../../src/prose/words.ts';
import { factReader } from '../../src/claims/named.ts';
import { cpuPerCallUs } from '../../src/cases/f-load/facts.ts';
import { callCpuCostFacts, CPU_PRICE_ITEM } from '../../src/facts/call-cpu-cost.ts';
import { loadPriceHistory } from '../../src/prices/price-history.ts';

const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
const reader = (facts: Record<string, number>) =>
  factReader((name: string) => {
    if (!(name in facts)) throw new Error(`unknown fact ${name}`);
    return facts[name]!;
  });
const words = (s: string) => s.split(/\s+/).filter(Boolean).length;

type Run = LoadResult['targets'][number]['closed'][number]['runs'][number];
const run = (callsPerSec: number, clientCpuPercent: number, services: number[]): Run => ({
  windowMs: 1000, callsPerSec, latency: { p50Us: 1, p99Us: 1, p999Us: 1, meanUs: 1, maxUs: 1, count: 1 } as Run['latency'], sent: 1, errors: {}, failedPercent: 0,
  probe: { clientCpuPercent, services: services.map((cpuPercent, k) => ({ label: `s${k}`, cpuPercent })), eventLoopDelayP50Us: 0, eventLoopDelayP99Us: 0, eventLoopDelayMaxUs: 0 },
});

describe('CPU per call', () => {
  test('each run’s CPU share over its calls per second, median of the runs', () => {
    // 40% of a core at 4,000 calls/s = 0.4 s ÷ 4,000 = 100 µs; 60% + 30% over 4,000 = 225 µs.
    assert.deepEqual(cpuPerCallUs([run(4000, 40, [60, 30])]), { client: 100, services: 225, total: 325 });
    // Three runs: client 100, 50, 200 µs → 100; services 200, 100, 100 → 100; total 300, 150, 300 → 300.
    assert.deepEqual(cpuPerCallUs([run(1000, 10, [20]), run(2000, 10, [20]), run(500, 10, [5])]), { client: 100, services: 100, total: 300 });
  });

  test('a run with no completed call gives no figure', () => {
    assert.equal(cpuPerCallUs([run(1000, 10, [20]), run(0, 10, [20])]), null);
  });

  test('priced per billion calls at the newest snapshot’s 1-CPU price', () => {
    const prices = loadPriceHistory('content/prices.json', new Date('2026-12-01T00:00:00Z')).current;
    const item = prices.items.find((i) => i.id === CPU_PRICE_ITEM)!;
    // The sentence names the provider and the CPU count from this item; keep them true to it.
    assert.equal(item.provider, 'Render');
    assert.equal(item.unit, 'per-instance-month');
    const facts = callCpuCostFacts({ ...prices, hoursPerMonth: 730 }, { 'F.hop.cpuPerCallUs.total': 243, 'F.chain.cpuPerCallUs.services': 1000 });
    // $25 ÷ (730 h × 3,600 s) per CPU-second; 243 µs × 10^9 = 243,000 CPU-seconds → 231.16 cents.
    const centsPerCpuSecond = (Number(item.price) * 100) / (730 * 3600 * Number(item.specs!.cpu));
    assert.ok(Math.abs(facts['F.hop.cpuCostPerBillionCalls.totalCents']! - 243_000 * centsPerCpuSecond) < 1e-9);
    if (item.price === '25' && item.specs!.cpu === '1') {
      assert.equal(Math.round(facts['F.hop.cpuCostPerBillionCalls.totalCents']! * 100) / 100, 231.16);
      assert.equal(Math.round(facts['F.chain.cpuCostPerBillionCalls.servicesCents']! * 100) / 100, 951.29);
    }
    assert.equal(facts['F.hop.cpuCostPerBillionCalls.clientCents'], undefined);
    assert.equal(facts['cpuPrice.monthCents'], Number(item.price) * 100);
    assert.equal(new Date(facts['cpuPrice.readOnDay']! * 86_400_000).toISOString().slice(0, 10), item.readOn);
  });

  test('a price file without the 1-CPU item gives no price facts (the removed-item check names it)', () => {
    const prices = loadPriceHistory('content/prices.json', new Date('2026-12-01T00:00:00Z')).current;
    // No item, no price facts: the build's check of removed price items names the item and the sentence (tests/site/matrix-section.test.ts).
    assert.deepEqual(callCpuCostFacts({ ...prices, items: prices.items.filter((i) => i.id !== CPU_PRICE_ITEM) }, { 'F.hop.cpuPerCallUs.total': 243 }), {});
  });
});

const PRICE = {
  'cpuPrice.monthCents': 2500, 'cpuPrice.cpus': 1, 'cpuPrice.readOnDay': 20_745, // 2026-10-19
};
const both = {
  ...PRICE, 'beyond.F.measured': 1,
  'F.hop.unloadedCounts': 1, 'F.chain.unloadedCounts': 1,
  'F.hop.cpuPerCallUs.client': 100, 'F.hop.cpuPerCallUs.services': 143, 'F.hop.cpuPerCallUs.total': 243,
  'F.chain.cpuPerCallUs.client': 132, 'F.chain.cpuPerCallUs.services': 1556, 'F.chain.cpuPerCallUs.total': 1688,
  'F.hop.cpuCostPerBillionCalls.clientCents': 95.13, 'F.hop.cpuCostPerBillionCalls.servicesCents': 136.04, 'F.hop.cpuCostPerBillionCalls.totalCents': 231.16,
  'F.chain.cpuCostPerBillionCalls.clientCents': 125.57, 'F.chain.cpuCostPerBillionCalls.servicesCents': 1480.21, 'F.chain.cpuCostPerBillionCalls.totalCents': 1605.78,
};
const article = (facts: Record<string, number>) => {
  const s = plain(WORDS.boundaryCpuCost(reader(facts)));
  assert.ok(words(s) <= 40, `${words(s)} words: ${s}`);
  return s;
};
const breakdown = (facts: Record<string, number>) => plain(WORDS.loadCpuBreakdown(reader(facts)));

describe('the article’s CPU sentence', () => {
  test('both targets', () => {
    assert.equal(article(both), 'With one caller, a call spent 243 µs of CPU, caller and services together, over one hop and 1,688 µs over the three-hop chain: $2.31 and $16.06 per billion calls at Render’s $25-a-month 1-CPU price, read 19 October 2026.');
  });

  test('only the hop, or only the chain, counted at one caller', () => {
    assert.equal(article({ ...both, 'F.chain.unloadedCounts': 0 }), 'With one caller, a call spent 243 µs of CPU, caller and services together, over one hop: $2.31 per billion calls at Render’s $25-a-month 1-CPU price, read 19 October 2026; the chain’s single-caller level did not count.');
    assert.equal(article({ ...both, 'F.hop.unloadedCounts': 0 }), 'With one caller, a call spent 1,688 µs of CPU, caller and services together, over the three-hop chain: $16.06 per billion calls at Render’s $25-a-month 1-CPU price, read 19 October 2026; the single hop’s single-caller level did not count.');
  });

  test('neither counted', () => {
    assert.equal(article({ 'beyond.F.measured': 1, 'F.hop.unloadedCounts': 0, 'F.chain.unloadedCounts': 0 }), 'Neither the hop’s nor the chain’s single-caller level counted in this run, so the page gives no CPU time per call.');
  });

  test('case F not measured: the article places the sentence outside its block', () => {
    assert.equal(article({ 'beyond.F.measured': 0 }), 'Case F did not run here, so the page gives no CPU time per call.');
  });

  test('an amount under a cent, and a price with cents', () => {
    assert.match(article({ ...both, 'F.hop.cpuCostPerBillionCalls.totalCents': 0.4, 'cpuPrice.monthCents': 2550, 'cpuPrice.cpus': 2 }), /: under \$0\.01 and \$16\.06 per billion calls at Render’s \$25\.50-a-month 2-CPU price,/);
  });
});

describe('the under-load page’s CPU breakdown', () => {
  const TAIL = ' Prices use Render’s $25-a-month 1-CPU price, read 19 October 2026. The generator writes requests to raw sockets, so a caller using Node’s HTTP client would spend more.';
  const LEAD = 'With a single caller, where no call waits behind another, each process’s CPU time over the level’s window divided by its calls gives the CPU of one call. ';
  test('both targets', () => {
    assert.equal(breakdown(both), `${LEAD}For the hop, the generator spent 100 µs of CPU a call and its service 143 µs, $0.95 and $1.36 per billion calls. For the chain, the generator spent 132 µs of CPU a call and its three services together 1,556 µs, $1.26 and $14.80 per billion calls.${TAIL}`);
  });
  test('one target did not count', () => {
    assert.equal(breakdown({ ...both, 'F.chain.unloadedCounts': 0 }), `${LEAD}For the hop, the generator spent 100 µs of CPU a call and its service 143 µs, $0.95 and $1.36 per billion calls. The chain’s single-caller level did not count, so it has no figure.${TAIL}`);
    assert.equal(breakdown({ ...both, 'F.hop.unloadedCounts': 0 }), `${LEAD}The hop’s single-caller level did not count, so it has no figure. For the chain, the generator spent 132 µs of CPU a call and its three services together 1,556 µs, $1.26 and $14.80 per billion calls.${TAIL}`);
  });
  test('neither counted', () => {
    assert.equal(breakdown({ 'F.hop.unloadedCounts': 0, 'F.chain.unloadedCounts': 0 }), 'Neither target’s single-caller level counted, so this run gives no CPU time per call.');
  });
});
