/**
 * The section "With TLS and over a network": built from the labelled beyond fixture (a real quick run
 * with G and H), its table carries the fixture's figures, the round-trip model is the cited range times
 * the round trips, and a build whose beyond results did not measure G or H says why instead.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { before, test } from 'node:test';
import { parse, type HTMLElement } from 'node-html-parser';
import { bySize, runDateText } from '../support/expected-text.ts';
import { BEYOND_FIXTURE, FIXTURE } from '../support/site-build.ts';
import { fixturePage, variantBeyondText, variantPage } from '../support/pages.ts';
import { gFacts } from '../../src/cases/g-tls/facts.ts';
import { AZ_RTT_SOURCE, ROUND_TRIPS, networkModelRows } from '../../src/cases/h-network/network-model.ts';
import { hFacts } from '../../src/cases/h-network/facts.ts';
import { WORDS } from '../../src/prose/words.ts';
import type { FactRead } from '../../src/claims/named.ts';
import { NOISE } from '../../src/facts/noise-facts.ts';

let page: HTMLElement;
const beyond = JSON.parse(readFileSync(BEYOND_FIXTURE, 'utf8'));
const results = JSON.parse(readFileSync(FIXTURE, 'utf8'));

before(async () => {
  const site = await fixturePage();
  assert.equal(site.code, 0, site.stdout + site.stderr);
  page = parse(readFileSync(path.join(site.dir, 'tls-and-the-network', 'index.html'), 'utf8'));
});

const text = (el: HTMLElement | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

test('the TLS table holds the fixture medians of B, G1, C, G2, G3 and the veth figures', () => {
  const table = page.querySelector('table[data-tls-table]');
  assert.ok(table, 'the section has its table');
  const rows = table.querySelectorAll('tbody tr').map((tr) => tr.querySelectorAll('th,td').map(text));
  assert.deepEqual(rows.map((r) => r[0]!.split(':')[0]), ['B', 'G1', 'C', 'G2', 'G3', 'D']);
  const g = beyond.cases.find((c: { id: string }) => c.id === 'G').result;
  const h = beyond.cases.find((c: { id: string }) => c.id === 'H').result;
  const g2 = g.variants.find((v: { id: string }) => v.id === 'G2').median.p50Us;
  const b = results.cases.find((c: { id: string }) => c.id === 'B').median.p50Us;
  const hB = h.reference.cases.find((c: { id: string }) => c.id === 'B').median.p50Us;
  const n = (s: string) => Number(s.replace(/,/g, ''));
  assert.equal(n(rows[3]![1]!), Math.round(g2), 'G2 p50 on loopback');
  assert.equal(n(rows[0]![1]!), Math.round(b), 'B p50 from the reference suite');
  assert.equal(n(rows[0]![5]!), Math.round(hB), 'B p50 across the veth pair');
});

test('the round-trip model is round trips × the cited range, labelled arithmetic', () => {
  const table = page.querySelector('table[data-network-model]');
  assert.ok(table);
  assert.match(text(table.querySelector('caption')), /arithmetic, not measured/);
  const expected: Record<string, number> = { B: 1, G1: 1, C: 2, G2: 3, G3: 3, D: 3 };
  for (const tr of table.querySelectorAll('tbody tr')) {
    const id = tr.getAttribute('data-case')!;
    const cells = tr.querySelectorAll('td').map(text);
    assert.equal(Number(cells[0]), expected[id], `${id} round trips`);
    assert.equal(Number(cells[2]), expected[id]! * 1, `${id} at the low end (1 ms)`);
    assert.equal(Number(cells[3]), expected[id]! * 9, `${id} at the high end (9 ms)`);
  }
  assert.deepEqual([AZ_RTT_SOURCE.lowMs, AZ_RTT_SOURCE.highMs], [1, 9], 'AWS: "single-digit millisecond latency"');
  assert.ok(page.innerHTML.includes('AWS Fault Isolation Boundaries'), 'the source is cited');
});

test('model rows and G facts from tiny inputs', () => {
  const rows = networkModelRows(
    { cases: [{ kind: 'latency', id: 'B', median: { p50Us: 500 } }] } as never,
    { cases: [] } as never,
  );
  const b = rows.find((r) => r.id === 'B')!;
  assert.deepEqual([b.loopbackP50Ms, b.totalLowMs, b.totalHighMs], [0.5, 1.5, 9.5]);
  assert.equal(rows.find((r) => r.id === 'G2')!.loopbackP50Ms, null, 'G not measured: no loopback figure');
  assert.deepEqual(ROUND_TRIPS.map((r) => r.roundTrips), [1, 1, 2, 3, 3, 3]);
  const variant = (id: string, p50Us: number, group = 'X25519MLKEM768') => ({
    id, title: id, median: { p50Us, p95Us: p50Us, p99Us: p50Us, callsPerSec: 1 }, runs: [{ run: 0, p50Us, reuseRatePercent: id === 'G3' ? 100 : 0, tls: { protocol: 'TLSv1.3', cipher: 'c', group } }],
  });
  const facts = gFacts({ opensslVersion: '3', certificateType: 'x', variants: [variant('G1', 100), variant('G2', 400), variant('G3', 200)] }, { minReuseRatePercent: 99 });
  assert.equal(facts['G.ratio.G2overG3.p50'], 2);
  assert.equal(facts['G.ratio.G2overG1.p50'], 4);
  assert.equal(facts['G.ratio.G2overG1.p50.noise'], -1, 'one run a side: the noise rule cannot judge');
  assert.equal(facts['G.G3.reuseRatePercent.min'], 100);
  assert.equal(facts['G.G3.runs'], 1);
  assert.equal(facts['G.G3.keyExchangeOnResume'], 1);
  assert.equal(gFacts({ opensslVersion: '3', certificateType: 'x', variants: [variant('G3', 1, 'none')] })['G.G3.keyExchangeOnResume'], 0);
});

test('without G and H measured, the page says why and still shows the model', async () => {
  // The shared variant page: its beyond results say G and H were not measured, and why.
  const variant = JSON.parse(variantBeyondText());
  const reason = (id: string) => variant.cases.find((c: { id: string }) => c.id === id).reason as string;
  assert.equal(variant.cases.find((c: { id: string }) => c.id === 'G').status, 'not-measured');
  const run = await variantPage();
  assert.equal(run.code, 0, run.stdout + run.stderr);
  const html = parse(readFileSync(path.join(run.dir, 'tls-and-the-network', 'index.html'), 'utf8'));
  for (const id of ['G', 'H']) assert.ok(text(html.querySelector(`[data-not-measured="${id}"]`)).includes(reason(id)), `case ${id}'s reason`);
  assert.equal(html.querySelector('table[data-tls-table]'), null, 'no TLS figures without G');
  const model = html.querySelector('table[data-network-model]');
  assert.ok(model, 'the model needs no beyond figures');
  assert.match(text(model.querySelector('tr[data-case="G2"]')), /not measured/);
});

test("the chart's caption gives each group of rows the run count its figures have", () => {
  const caption = text(page.querySelector('figure#chart-tls-network figcaption') ?? page.querySelector('#chart-tls-network figcaption') ?? page.querySelector('figcaption'));
  const runsOf = (n: number) => (n === 1 ? 'one run' : `${n} runs`);
  const b = results.cases.find((c: { id: string }) => c.id === 'B');
  const g = beyond.cases.find((c: { id: string }) => c.id === 'G').result;
  const h = beyond.cases.find((c: { id: string }) => c.id === 'H').result;
  assert.ok(caption.includes(`B, C and D on loopback: median of ${runsOf(b.runs.length)} of the reference suite`), caption);
  assert.ok(caption.includes(`G1–G3 on loopback: median of ${runsOf(g.variants[0].runs.length)} of the second suite's case G`), caption);
  assert.ok(caption.includes(`across the veth pair between two network namespaces: median of ${runsOf(h.reference.cases[0].runs.length)} of the second suite's case H`), caption);
});

test('the ratios across the two suites say what they divide: both runs, their dates and how far apart', () => {
  const notes = page.querySelectorAll('[data-cross-suite]').map(text);
  assert.equal(notes.length, 2, 'one in case G, one in case H');
  assert.match(notes[0]!, /^The loopback ratios G1 ÷ B and G2 ÷ C divide figures from two separate runs: /);
  assert.match(notes[1]!, /^The ratios of B, C and D divide figures from two separate runs: /);
  for (const note of notes) {
    assert.ok(note.includes(runDateText(results.environment.startedAt)) && note.includes(runDateText(beyond.environment.startedAt)), note);
    // The fixtures' kernels differ: the note names it.
    assert.ok(note.includes(`kernel ${results.environment.osRelease} (cases A–E) vs ${beyond.environment.osRelease} (cases F–I)`), note);
  }
});

/** A fact reader over `facts`, as the build gives a derived word. */
const reader = (facts: Record<string, number>): FactRead => Object.assign((n: string) => facts[n]!, { atLeast: (v: number, b: number) => v >= b, atMost: (v: number, b: number) => v <= b });

test('veth and TLS words under the one noise rule: overlap, one run, a difference, and a ratio below 1 flagged', () => {
  const veth = (ratio: number, noise: number) => WORDS.vethG2(reader({ 'H.ratio.G2vethOverG2.p50': ratio, 'H.ratio.G2vethOverG2.p50.noise': noise }));
  assert.match(veth(1.2, NOISE.same), /^the runs overlap, so they cannot tell the two apart \(the medians alone would say across the pair it costs .* it does on loopback\)$/);
  assert.match(veth(0.86, NOISE.same), /^the runs overlap, so they cannot tell the two apart \(the medians alone would say across the pair it costs .* it does on loopback\); a second network stack only adds work, so a lower figure comes from something that differed between the two measurements, not from the pair$/);
  assert.equal(veth(1.2, NOISE.differ), 'across the pair it costs 20% more than it does on loopback, outside the noise between runs');
  assert.equal(veth(0.6, NOISE.differ), 'across the pair it costs 40% less than it does on loopback, outside the noise between runs; a second network stack only adds work, so a lower figure comes from something that differed between the two measurements, not from the pair');
  assert.match(veth(0.41, NOISE.unjudged), /^across the pair it costs 41% as much as it does on loopback, from one run on a side, too few to tell a difference from the noise between runs; a second network stack only adds work/);
  // Every TLS variant has its veth line, each from its own pair of facts.
  assert.equal(WORDS.vethG1(reader({ 'H.ratio.G1vethOverG1.p50': 1.29, 'H.ratio.G1vethOverG1.p50.noise': NOISE.differ })), 'across the pair it costs 29% more than it does on loopback, outside the noise between runs');
  assert.equal(WORDS.vethG3(reader({ 'H.ratio.G3vethOverG3.p50': 1.39, 'H.ratio.G3vethOverG3.p50.noise': NOISE.differ })), 'across the pair it costs 39% more than it does on loopback, outside the noise between runs');
});

test('TLS against plain: case H\'s same-run ratio first where it exists, the loopback ratio named as two separate runs, each by the noise rule', () => {
  const across = (x: string) => `a ratio across two separate runs (case G’s in the second suite over ${x}’s in the reference suite)`;
  const flag = 'TLS only adds work, so a lower figure comes from something that differed between the two measurements, not from TLS';
  // No case H: the loopback ratio alone, said to cross two runs.
  const alone = (ratio: number, noise: number) => WORDS.tlsKeptAliveVsPlain(reader({ 'G.ratio.G1overB.sameRunInH': 0, 'G.ratio.G1overB.p50': ratio, 'G.ratio.G1overB.p50.noise': noise }));
  assert.equal(alone(0.85, NOISE.differ), `G1 ÷ B is 0.85× at the median on loopback, ${across('B')}, so it carries whatever changed between them as well: G1 costs 15% less than B, outside the noise between runs; ${flag}`);
  assert.equal(alone(1.51, NOISE.same), `G1 ÷ B is 1.51× at the median on loopback, ${across('B')}, so it carries whatever changed between them as well: the runs overlap, so they cannot tell the two apart (the medians alone would say G1 costs 51% more than B)`);
  assert.equal(alone(1, NOISE.unjudged), `G1 ÷ B is 1× at the median on loopback, ${across('B')}, so it carries whatever changed between them as well: G1 costs as much as B, from one run on a side, too few to tell a difference from the noise between runs`);
  // With case H: its one-run ratio leads. The expert's read: loopback 1.51× across suites, H's pair 1.12×.
  const both = (h: number, hNoise: number, g: number, gNoise: number) =>
    WORDS.tlsKeptAliveVsPlain(reader({ 'G.ratio.G1overB.sameRunInH': 1, 'H.ratio.G1overB.p50': h, 'H.ratio.G1overB.p50.noise': hNoise, 'G.ratio.G1overB.p50': g, 'G.ratio.G1overB.p50.noise': gNoise }));
  const lead = 'G1 ÷ B is 1.12× at the median in case H, which timed both in one run across the veth pair: ';
  assert.equal(
    both(1.12, NOISE.same, 1.51, NOISE.differ),
    `${lead}the runs overlap, so they cannot tell the two apart (the medians alone would say G1 costs 12% more than B). On loopback it is 1.51×, ${across('B')}: G1 costs 51% more than B, outside the noise between runs`,
  );
  assert.equal(both(1.12, NOISE.differ, 1.51, NOISE.same), `${lead}G1 costs 12% more than B, outside the noise between runs. On loopback it is 1.51×, ${across('B')}: the runs overlap, so they cannot tell the two apart (the medians alone would say G1 costs 51% more than B)`);
  // Both below 0.95: the flag once, after the first.
  const low = both(0.76, NOISE.same, 0.85, NOISE.same);
  assert.equal(low.split(flag).length, 2, low);
  assert.match(both(1.12, NOISE.same, 0.85, NOISE.differ), new RegExp(`G1 costs 15% less than B, outside the noise between runs; ${flag}$`), 'only the loopback ratio is below: flagged there');
  // G2 against C reads the same way, with its own pair.
  assert.equal(
    WORDS.tlsNewVsPlain(reader({ 'G.ratio.G2overC.sameRunInH': 1, 'H.ratio.G2overC.p50': 4.95, 'H.ratio.G2overC.p50.noise': NOISE.differ, 'G.ratio.G2overC.p50': 7.14, 'G.ratio.G2overC.p50.noise': NOISE.differ })),
    `G2 ÷ C is 4.95× at the median in case H, which timed both in one run across the veth pair: G2 costs about five times as much as a new plain connection (C), outside the noise between runs. On loopback it is 7.14×, ${across('C')}: G2 costs about seven times as much as a new plain connection (C), outside the noise between runs`,
  );
});

test('case H: TLS over plain from its one run, with the noise rule, G counts from the runs, and the gate on the TLS page', () => {
  const run = (run: number, p50Us: number, samples: number) => ({ run, p50Us, samples, reuseRatePercent: 0, tls: { protocol: 'TLSv1.3', cipher: 'c', group: 'g' } });
  const tlsVariant = (id: string, p50s: number[], samples: number) => ({ id, title: id, median: { p50Us: [...p50s].sort((a, b) => a - b)[1]!, p95Us: 1, p99Us: 1, callsPerSec: 1 }, runs: p50s.map((p, k) => run(k, p, samples)) });
  const plain = (id: string, p50s: number[]) => ({ kind: 'latency' as const, id, median: { p50Us: [...p50s].sort((a, b) => a - b)[1]!, p95Us: 1, p99Us: 1 }, runs: p50s.map((p50Us) => ({ p50Us })) });
  const h = {
    reference: { config: { latency: { B: { timedCalls: 1_000 }, C: { timedCalls: 200 } } }, cases: [plain('B', [500, 400, 600]), plain('C', [900, 1_000, 1_100])] },
    G: { opensslVersion: '3', certificateType: 'x', variants: [tlsVariant('G1', [560, 700, 650], 1_000), tlsVariant('G2', [4_000, 5_000, 4_500], 200), tlsVariant('G3', [3_000, 3_100, 3_200], 200)] },
    network: { netem: false, delayMs: null, note: '' },
  };
  const facts = hFacts(h);
  // G1 median 650 ÷ B median 500 = 1.3; runs 560–700 and 400–600 overlap: no measurable difference.
  assert.equal(facts['H.ratio.G1overB.p50'], 1.3);
  assert.equal(facts['H.ratio.G1overB.p50.noise'], NOISE.same);
  // G2 median 4,500 ÷ C median 1,000 = 4.5; runs 4,000–5,000 and 900–1,100 apart.
  assert.equal(facts['H.ratio.G2overC.p50'], 4.5);
  assert.equal(facts['H.ratio.G2overC.p50.noise'], NOISE.differ);
  assert.deepEqual([facts['H.G.G1.timedCalls'], facts['H.G.G2.timedCalls'], facts['H.G.G3.timedCalls']], [1_000, 200, 200]);
  const counts = WORDS.vethCounts(reader({ ...facts, 'H.D.timedCalls': 500 }));
  assert.equal(counts, '1,000 timed calls of B, 200 of C, 500 of D, 1,000 of G1, 200 of G2 and 200 of G3 per run');
  assert.equal(hFacts({ ...h, G: null })['H.ratio.G1overB.p50'], undefined, 'no TLS run in H: no same-run ratio');
  // The fixture measured case H with G: the page leads with its same-run ratio (the gate, cross-suite.ts).
  const hp = beyond.cases.find((c: { id: string }) => c.id === 'H');
  if (hp.status === 'measured') {
    const b = hp.result.reference.cases.find((c: { id: string }) => c.id === 'B').median.p50Us;
    const g1 = hp.result.G.variants.find((v: { id: string }) => v.id === 'G1').median.p50Us;
    const word = text(page.querySelector('[data-word="tlsKeptAliveVsPlain"]'));
    assert.ok(word.startsWith(`G1 ÷ B is ${bySize(g1 / b)}× at the median in case H`), word);
    assert.match(word, /On loopback it is [\d.]+×, a ratio across two separate runs/);
  }
});

test('full against resumed handshake: where case H paired G2 and G3 in its own run, its pairing follows the loopback one, by the same rule', () => {
  const loop = { '': 1.04, '.low': 0.92, '.high': 1.26, '.min': 0.92, '.max': 1.26, '.runs': 3, '.noise': NOISE.same };
  const veth = { '': 1.37, '.low': 1.25, '.high': 1.4, '.min': 1.25, '.max': 1.4, '.runs': 3, '.noise': NOISE.differ };
  const facts = (inH: number) => ({
    ...Object.fromEntries(Object.entries(loop).map(([k, v]) => [`G.ratio.G2overG3.pairedP50${k}`, v])),
    ...Object.fromEntries(Object.entries(veth).map(([k, v]) => [`H.G.ratio.G2overG3.pairedP50${k}`, v])),
    'G.ratio.G2overG3.pairedInH': inH,
  });
  const withH = WORDS.tlsFullVsResumed(reader(facts(1)));
  assert.ok(withH.startsWith('A full handshake cost from 8% less to 26% more than a resumed one in the 3 runs paired here, 4% more at the median (each run’s G2 median'), withH);
  assert.ok(withH.endsWith('so the runs cannot tell the two apart. Across the veth pair, a full handshake cost more than a resumed one in each of the 3 runs that case H paired the same way: between 25% and 40% more, 37% more at the median (the same pairing); that range, the interval the noise rule reads, leaves out 1× (no difference): a difference beyond the noise between runs'), withH);
  // Without case H's pairing, the loopback sentence alone.
  assert.ok(WORDS.tlsFullVsResumed(reader(facts(0))).endsWith('so the runs cannot tell the two apart'));
});

test('full against resumed handshake, paired run by run: the runs\' range and the median, the method named, then what the runs can tell (one run, holds 1, leaves out 1)', () => {
  const word = (facts: Record<string, number>) => WORDS.tlsFullVsResumed(reader(Object.fromEntries(Object.entries(facts).map(([k, v]) => [`G.ratio.G2overG3.pairedP50${k}`, v]))));
  const method = '(each run’s G2 median over the same run’s G3 median, not the ratio of the two medians over runs)';
  assert.equal(
    word({ '': 1.44, '.low': 1.44, '.high': 1.44, '.min': 1.44, '.max': 1.44, '.runs': 1, '.noise': NOISE.unjudged }),
    'A full handshake cost 44% more than a resumed one in the one run paired here (that run’s G2 median over its G3 median, not a ratio of medians over runs). One run is too few to tell a difference from the noise between runs',
  );
  // One run of 2.5×: the ratio's phrase (ratioPhrase), never "150% more than".
  assert.match(word({ '': 2.5, '.low': 2.5, '.high': 2.5, '.min': 2.5, '.max': 2.5, '.runs': 1, '.noise': NOISE.unjudged }), /^A full handshake cost about 2\.5 times as much as a resumed one in the one run/);
  // The expert's read (2026-12-02): runs 1.06, 1.09, 1.42: a skewed range; "about 10% more" understated it.
  // 3 runs: the noise rule's interval is the range itself.
  assert.equal(
    word({ '': 1.09, '.low': 1.06, '.high': 1.42, '.min': 1.06, '.max': 1.42, '.runs': 3, '.noise': NOISE.differ }),
    `A full handshake cost more than a resumed one in each of the 3 runs paired here: between 6% and 42% more, 9% more at the median ${method}; that range, the interval the noise rule reads, leaves out 1× (no difference): a difference beyond the noise between runs`,
  );
  // A range across 1: 0.93 is 7% less, 1.20 is 20% more.
  assert.equal(
    word({ '': 1.02, '.low': 0.93, '.high': 1.2, '.min': 0.93, '.max': 1.2, '.runs': 3, '.noise': NOISE.same }),
    `A full handshake cost from 7% less to 20% more than a resumed one in the 3 runs paired here, 2% more at the median ${method}; that range, the interval the noise rule reads, includes 1× (no difference), so the runs cannot tell the two apart`,
  );
  // Every run below 1, 9 runs: the interval (0.93–0.97) is narrower than the range (0.90–0.99) and is named apart.
  assert.equal(
    word({ '': 0.95, '.low': 0.93, '.high': 0.97, '.min': 0.9, '.max': 0.99, '.runs': 9, '.noise': NOISE.differ }),
    `A full handshake cost less than a resumed one in each of the 9 runs paired here: between 1% and 10% less, 5% less at the median ${method}; the interval the noise rule reads, 0.93–0.97, leaves out 1× (no difference): a difference beyond the noise between runs`,
  );
  // An end at exactly 1 reads "the same", never "0% less"; two runs that show the same percent read "in each".
  assert.match(word({ '': 1.0, '.low': 1.0, '.high': 1.03, '.min': 1.0, '.max': 1.03, '.runs': 3, '.noise': NOISE.same }), /^A full handshake cost from the same to 3% more than a resumed one in the 3 runs paired here, the same at the median/);
  assert.match(word({ '': 1.061, '.low': 1.058, '.high': 1.064, '.min': 1.058, '.max': 1.064, '.runs': 2, '.noise': NOISE.differ }), /: 6% more in each \(each run’s/);
  assert.doesNotMatch(word({ '': 1.09, '.low': 1.06, '.high': 1.42, '.min': 1.06, '.max': 1.42, '.runs': 3, '.noise': NOISE.differ }), /about 10%/);
});

test('G2 over G3 paired run by run: run k with run k, the median of the ratios and the noise rule on them', () => {
  const variant = (id: string, p50s: number[], order = p50s.map((_, k) => k)) => ({
    id, title: id, median: { p50Us: [...p50s].sort((a, b) => a - b)[p50s.length >> 1]!, p95Us: 0, p99Us: 0, callsPerSec: 1 },
    runs: p50s.map((p50Us, k) => ({ run: order[k]!, p50Us, reuseRatePercent: id === 'G3' ? 100 : 0, tls: { protocol: 'TLSv1.3', cipher: 'c', group: 'g' } })),
  });
  // The last full build's case G: G2 3,811.6 5,603.9 4,617.0 µs; G3 3,079.5 3,352.4 3,472.2 µs.
  // Run ratios 1.2377…, 1.6716…, 1.3297…: median 1.3297…, interval (min–max for 3 runs) 1.2377…–1.6716…, all above 1.
  const g2 = [3811.6, 5603.9, 4617.0];
  const g3 = [3079.5, 3352.4, 3472.2];
  const facts = gFacts({ opensslVersion: '3', certificateType: 'x', variants: [variant('G2', g2), variant('G3', g3)] });
  const near = (a: number | undefined, b: number) => assert.ok(a !== undefined && Math.abs(a - b) < 1e-12, `${a} vs ${b}`);
  near(facts['G.ratio.G2overG3.pairedP50'], 4617.0 / 3472.2);
  near(facts['G.ratio.G2overG3.pairedP50.low'], 3811.6 / 3079.5);
  near(facts['G.ratio.G2overG3.pairedP50.high'], 5603.9 / 3352.4);
  assert.equal(facts['G.ratio.G2overG3.pairedP50.runs'], 3);
  near(facts['G.ratio.G2overG3.pairedP50.min'], 3811.6 / 3079.5);
  near(facts['G.ratio.G2overG3.pairedP50.max'], 5603.9 / 3352.4);
  assert.equal(facts['G.ratio.G2overG3.pairedP50.noise'], NOISE.differ);
  // Paired by run number, not by position: G3's runs stored in another order pair the same way.
  const shuffled = gFacts({ opensslVersion: '3', certificateType: 'x', variants: [variant('G2', g2), variant('G3', [g3[2]!, g3[0]!, g3[1]!], [2, 0, 1])] });
  near(shuffled['G.ratio.G2overG3.pairedP50'], 4617.0 / 3472.2);
  // Run ratios 0.9, 1.1, 1.0: the interval holds 1, though the medians of the runs (G2 100 vs G3 100) would say the same.
  const mixed = gFacts({ opensslVersion: '3', certificateType: 'x', variants: [variant('G2', [90, 110, 100]), variant('G3', [100, 100, 100])] });
  assert.equal(mixed['G.ratio.G2overG3.pairedP50.noise'], NOISE.same);
  // Runs that moved together: unpaired, G2 110–330 overlaps G3 100–300 (no measurable difference), but
  // each run's G2 is 1.1× its own G3, so paired the difference is beyond the noise.
  const together = gFacts({ opensslVersion: '3', certificateType: 'x', variants: [variant('G2', [110, 220, 330]), variant('G3', [100, 200, 300])] });
  assert.equal(together['G.ratio.G2overG3.p50.noise'], NOISE.same);
  assert.equal(together['G.ratio.G2overG3.pairedP50.noise'], NOISE.differ);
  near(together['G.ratio.G2overG3.pairedP50'], 1.1);
  const one = gFacts({ opensslVersion: '3', certificateType: 'x', variants: [variant('G2', [400]), variant('G3', [200])] });
  assert.equal(one['G.ratio.G2overG3.pairedP50'], 2);
  assert.equal(one['G.ratio.G2overG3.pairedP50.noise'], NOISE.unjudged);
});

test('on the fixture page (one run of the second suite) every veth item says one run cannot tell a difference from noise', () => {
  const items = page.querySelectorAll('[data-word^="veth"]:not([data-word="vethCounts"])').map(text);
  // B, C, D, G1, G2 and G3.
  assert.equal(items.length, 6);
  const h = beyond.cases.find((c: { id: string }) => c.id === 'H').result;
  if (h.reference.cases[0].runs.length === 1) for (const item of items) assert.match(item, /from one run on a side, too few to tell a difference from the noise between runs/);
});

test('G3 resumption rate as a sentence: every call (one run or each of several), the lowest run, a share just under 100% never read as all', () => {
  const word = (runs: number, min: number) => WORDS.tlsResumeRate(reader({ 'G.G3.runs': runs, 'G.G3.reuseRatePercent.min': min, 'G.minReuseRatePercent': 99 }));
  const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
  assert.equal(plain(word(1, 100)), 'Every one of G3’s timed calls resumed its session (the run fails below 99%).');
  assert.equal(plain(word(3, 100)), 'Every one of G3’s timed calls resumed its session, in each of its 3 runs (a run fails below 99%).');
  assert.equal(plain(word(3, 99.5)), 'In the run with the fewest, 99.5% of G3’s timed calls resumed their session (a run fails below 99%).');
  assert.equal(plain(word(1, 99.5)), '99.5% of G3’s timed calls resumed their session (the run fails below 99%).');
  assert.equal(plain(word(3, 99.97)), 'In the run with the fewest, more than 99.9% of G3’s timed calls resumed their session (a run fails below 99%).');
});
