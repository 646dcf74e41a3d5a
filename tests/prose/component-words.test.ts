/**
 * The words the components place (src/prose/*-words.ts, *-captions.ts), over the branches the fixture
 * pages do not render: zero, one and many; one pass and rounds; pinned and shared; a case not measured.
 * Expected sentences are written out by hand.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CALCULATOR_INPUT_HINT, chainAvailabilitySentence, servicesCount } from '../../src/prose/availability-words.ts';
import { benchWarningsLead, mixedMachinesNote, notMeasuredSentence } from '../../src/prose/beyond-case-words.ts';
import { countWords } from '../../src/prose/count-words.ts';
import { daysCount, stalePricesWarning } from '../../src/prose/cost-words.ts';
import { latencyChartCaption, peerCaption, runsCount, throughputChartCaption } from '../../src/prose/load-captions.ts';
import { lateStartCell, policyDescription, recoveryCell, runName } from '../../src/prose/retry-storm-captions.ts';

test('availability: one service or many, the sentence naming its inputs, and the hint', () => {
  assert.equal(servicesCount(1), '1 service');
  assert.equal(servicesCount(5), '5 services');
  assert.equal(chainAvailabilitySentence(1, '99.9', '99.900', '43.8'), '1 service in sequence at 99.9% each: the chain is available 99.900% of the time, about 43.8 minutes of downtime per month.');
  assert.equal(CALCULATOR_INPUT_HINT, 'Enter 1 to 50 services and a percentage from 0 to 100, such as 99.95.');
});

test('a beyond case: mixed machines, the warnings lead-in, and not measured with and without a title', () => {
  assert.equal(mixedMachinesNote('G', ['host a vs b', 'cores 2 vs 1']), "Case G's figures come from another machine or runtime than cases A–E on this page (host a vs b; cores 2 vs 1); set them against each other with care.");
  assert.equal(benchWarningsLead('F'), 'The bench warned about case F in this run, in its own words:');
  const tail = ' The rest of the page does not depend on it; a machine that can run it shows its figures here.';
  assert.equal(notMeasuredSentence('H', 'Over a network interface', 'it needs root.'), `Case H (Over a network interface) was not measured here, because it needs root.${tail}`);
  assert.equal(notMeasuredSentence('H', undefined, 'it needs root'), `Case H was not measured here, because it needs root.${tail}`);
});

test('a count with its noun: no, one, many, a given plural, and no noun', () => {
  assert.equal(countWords(0, '0', 'duplicate'), 'no duplicates');
  assert.equal(countWords(1, '1', 'duplicate'), '1 duplicate');
  assert.equal(countWords(1234, '1,234', 'duplicate'), '1,234 duplicates');
  assert.equal(countWords(2, '2', 'retry', 'retries'), '2 retries');
  assert.equal(countWords(0, '0'), '0');
});

test("the prices' age and the stale warning", () => {
  assert.equal(daysCount(1), '1 day');
  assert.equal(daysCount(46), '46 days');
  assert.equal(stalePricesWarning(180, '2026-05-01'), 'These prices are more than 180 days old (oldest read 2026-05-01); check the sources before relying on them.');
});

test("case F's captions: one run or several, one pass or rounds, pinned or shared, Poisson or even arrivals", () => {
  assert.equal(runsCount(1), '1 run');
  assert.equal(runsCount(3), '3 runs');
  assert.equal(peerCaption('9.0.0', false, 1), "Peer check in this build's run: autocannon 9.0.0 and case F's closed loop against the hop's service, the same request, one tool after the other, one pass.");
  assert.match(peerCaption('9.0.0', true, 3), /the same request, each tool pinned as case F pins its generator, taking turns in 3 alternating rounds\. Throughputs are medians/);
  assert.match(throughputChartCaption(1, { pinned: false, serviceCpus: 0, cores: 4 }), /median of 1 run, levels that count only .* Client and services shared 4 cores\.$/);
  assert.match(throughputChartCaption(3, { pinned: true, serviceCpus: 1, cores: 2 }), /median of 3 runs, .*The generator ran on its own CPU and the services on the other\.$/);
  assert.match(throughputChartCaption(3, { pinned: true, serviceCpus: 3, cores: 4 }), /the services on the others\.$/);
  assert.match(latencyChartCaption(2, false), /\(dashed\)\. Evenly spaced arrivals; median of 2 runs;/);
  assert.match(latencyChartCaption(1, true), /\(dashed\)\. Poisson arrivals; median of 1 run;/);
});

test("case I's policy descriptions, run names and cells", () => {
  const base = { backoff: null, budget: null, deadlineHeader: false, source: 'baseline: the caller never retries' };
  assert.equal(policyDescription({ ...base, maxAttempts: 1 }), '1 attempt in all. Baseline: the caller never retries.');
  assert.equal(policyDescription({ ...base, maxAttempts: 3, source: 'the bench' }), '3 attempts in all; no wait between attempts. The bench.');
  assert.equal(
    policyDescription({ maxAttempts: 3, backoff: { baseMs: 100, capMs: 1000 }, budget: { maxTokens: 10, tokenRatio: 0.1 }, deadlineHeader: true, source: 'x' }),
    '3 attempts in all; full-jitter backoff, base 100 ms, cap 1,000 ms; retry budget: 10 tokens, +0.1 per success, −1 per failure, no retry at half or below; ' +
      'the deadline travels in a header; the server drops queued requests that can no longer meet it. X.',
  );
  assert.equal(runName('naive immediate retries', false, 86_400_000), 'naive immediate retries');
  assert.equal(runName('naive immediate retries', true, 100), 'naive immediate retries, keys kept 100 ms');
  assert.equal(runName('naive immediate retries', true, 7_200_000), 'naive immediate retries, keys kept 2 h');
  assert.equal(recoveryCell(null, 1000), 'not within the run');
  assert.equal(lateStartCell(12.4, 62.5), '12 ms');
  assert.equal(lateStartCell(80, 62.5), '80 ms (behind)');
});
