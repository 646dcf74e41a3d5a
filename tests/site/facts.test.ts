/** Facts from results (the medians' intervals included), their merge, their formatting on the page, and the derived words. */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { benchSourceFiles } from '../../src/inputs/bench-source.ts';
import path from 'node:path';
import { describe, test } from 'node:test';
import { parseResultsText, type LatencyCaseResult } from '@split-on-evidence/hop-bench/schema';
import { availabilityFacts } from '../../src/facts/availability.ts';
import { FactError, mergeFacts, requireFact, resultFacts } from '../../src/facts/facts.ts';
import { formatFact, formatNumber, unitOf } from '../../src/format/number.ts';
import { REFERENCE_REPORT_PATH, referenceFacts, referenceSetup } from '../../src/facts/reference-facts.ts';
import { sourceFacts } from '../../src/facts/source-facts.ts';
import { formatRunDate } from '../../src/format/dates.ts';
import { setupParts } from '../../src/prose/provenance.ts';
import { ratioPhrase, relationWord } from '../../src/prose/ratio-words.ts';
import { FIXTURE, ROOT } from '../support/site-build.ts';

const results = parseResultsText(readFileSync(FIXTURE, 'utf8'), FIXTURE);
const facts = resultFacts(results);
const referenceText = readFileSync(path.join(ROOT, REFERENCE_REPORT_PATH), 'utf8');

describe('resultFacts (fixture)', () => {
  test('medians, runs and hops of the latency cases', () => {
    assert.equal(facts['A.p50Us'], 0.08);
    assert.equal(facts['B.p50Us'], 230.322);
    assert.equal(facts['C.p95Us'], 445.88);
    assert.equal(facts['D.p99Us'], 2898.067);
    assert.equal(facts['B.run0.p50Us'], 305.171);
    assert.equal(facts['D.run2.p50Us'], 737.292);
    assert.equal(facts['D.hops'], 3);
    assert.equal(facts['A.timedCalls'], 100_000);
    assert.equal(facts['C.warmupCalls'], 200);
  });

  test('ratios of medians', () => {
    assert.equal(facts['ratio.BoverA.p50'], 230.322 / 0.08);
    assert.equal(facts['ratio.CoverB.p50'], 314.325 / 230.322);
    assert.equal(facts['ratio.DoverB.p50'], 737.292 / 230.322);
    assert.equal(facts['D.perHopP50Us'], 737.292 / 3);
  });

  test('failure case per variant: runs, totals, extremes, percent', () => {
    assert.equal(facts['E.noRetry.failed.run0'], 17);
    assert.equal(facts['E.noRetry.failed.total'], 58);
    assert.equal(facts['E.noRetry.failed.max'], 21);
    assert.equal(facts['E.retry.duplicates.total'], 57);
    assert.equal(facts['E.retry.attempts.total'], 6057);
    assert.equal(facts['E.retryKey.duplicates.total'], 0);
    assert.equal(facts['E.retryKey.slowCalls.total'], 68);
    assert.equal(facts['E.retryKey.slowCallsPercent'], (100 * 68) / 6000);
    assert.equal(facts['E.retryKey.slowestMs.max'], 600.793291);
    assert.equal(facts['E.clientTimeoutMs'], 500);
    assert.equal(facts['E.delayPercent'], 1);
    assert.equal(facts['config.runs'], 3);
    assert.equal(facts['bench.durationMs'], 145477.553479);
  });

  test('a missing case is an error naming the case and the fix', () => {
    const partial = { ...results, cases: results.cases.filter((c) => c.id !== 'C') };
    assert.throws(() => resultFacts(partial), (e: Error) => e instanceof FactError && /latency case "C"/.test(e.message) && /Fix: /.test(e.message));
  });
  test('X.pNNLowUs / X.pNNHighUs are the lowest and highest run, X.intervalConfidencePercent is 75', () => {
    // The medians' intervals as facts: with the fixture's 3 runs, the lowest and highest run, at 75%.
    for (const id of ['A', 'B', 'C', 'D']) {
      const c = results.cases.find((x): x is LatencyCaseResult => x.kind === 'latency' && x.id === id)!;
      for (const p of ['p50', 'p95', 'p99'] as const) {
        const runs = c.runs.map((r) => r[`${p}Us`]);
        assert.equal(facts[`${id}.${p}LowUs`], Math.min(...runs), `${id}.${p}LowUs`);
        assert.equal(facts[`${id}.${p}HighUs`], Math.max(...runs), `${id}.${p}HighUs`);
      }
      assert.equal(facts[`${id}.intervalConfidencePercent`], 75);
    }
    assert.equal(facts['B.p50LowUs'], 194.028);
    assert.equal(facts['B.p50HighUs'], 305.171);
  });
});

describe('merging and lookup', () => {
  test('a name defined twice is refused; non-finite values are refused', () => {
    assert.throws(() => mergeFacts({ a: 1 }, { a: 2 }), /fact "a" is defined twice/);
    assert.throws(() => mergeFacts({ a: Number.NaN }), /not a finite number/);
    assert.throws(() => mergeFacts({ a: Infinity }), /not a finite number/);
  });

  test('unknown names are errors that suggest neighbours; inherited properties are not facts', () => {
    assert.throws(() => requireFact(facts, 'B.p50'), /unknown fact "B\.p50"; did you mean one of B\.p50Us/);
    assert.throws(() => requireFact(facts, 'constructor'), FactError);
    assert.throws(() => requireFact(facts, 'toString'), FactError);
  });

  test('all sources merge without collisions', () => {
    const all = mergeFacts(facts, availabilityFacts(730), sourceFacts(), referenceFacts(referenceText));
    assert.equal(all['ref.B.p50Us'], 71.71);
    assert.ok(Math.abs(all['ref.ratio.CoverB.p50']! - 156.13 / 71.71) < 1e-12);
    assert.equal(all['source.segment.servicesMerged'], 140);
  });
});

describe('formatting', () => {
  test('units from names', () => {
    assert.equal(formatFact('B.p50Us', 230.322), '230\u202fµs');
    assert.equal(formatFact('ref.B.p50Us', 71.71), '71.7\u202fµs');
    assert.equal(formatFact('A.p50Us', 0.08), '0.08\u202fµs');
    assert.equal(formatFact('E.retryKey.slowestMs.max', 600.79), '601\u202fms');
    assert.equal(formatFact('E.delayPercent', 1), '1%');
    assert.equal(formatFact('B.callsPerSec', 4241.12), '4,241\u202fcalls/s');
    assert.equal(formatFact('ratio.DoverB.p50', 3.2011), '3.20×');
    assert.equal(formatFact('x.totalCents', 7300), '$73.00');
    assert.equal(formatFact('E.retry.duplicates.total', 57), '57');
    assert.equal(formatFact('B.p50Us', 230.322, { unit: false, digits: 1 }), '230.3');
    assert.equal(unitOf('availability.three.999.downtimeMinPerMonth').suffix, 'minutes a month');
  });

  test('never prints NaN, Infinity or -0', () => {
    assert.throws(() => formatNumber(Number.NaN, 1), RangeError);
    assert.throws(() => formatNumber(Infinity, 0), RangeError);
    assert.equal(formatNumber(-0.0001, 2), '0.00');
    assert.equal(formatNumber(1234567.891, 1), '1,234,567.9');
  });
});

describe('derived words', () => {
  test('ratio phrases: a table of ratio → the phrase, per cent as tight as the ratio shown, times as before (issue 19; expert read: 1.33× read "about 35% more")', () => {
    const table: [number, string][] = [
      [1.33, '33% more than'],
      [1, 'as much as'],
      [1.0004, 'as much as'],
      [1.004, '0.4% more than'],
      [0.97, '3% less than'],
      [1.02, '2% more than'],
      [2.5, 'about 2.5 times as much as'],
      [13, 'about 13 times as much as'],
      [13.2, 'about 13 times as much as'],
      [1.39, '39% more than'],
      [230.322 / 0.08, 'about 2,900 times as much as'],
      [71.71 / 0.13, 'about 550 times as much as'],
      [314.325 / 230.322, '36% more than'],
      [156.13 / 71.71, 'about twice as much as'],
      [3.2, 'about three times as much as'],
      [2.29, 'about 2.3 times as much as'],
      [6.84, 'about seven times as much as'],
      [9.97, 'about 10 times as much as'],
      [1.11, '11% more than'],
      [0.86, '14% less than'],
      [0.6986, '30% less than'],
      [0.5, 'half as much as'],
      [0.3, '30% as much as'],
      [0.01, '1% as much as'],
      [0.004, '0.4% as much as'],
    ];
    for (const [ratio, phrase] of table) assert.equal(ratioPhrase(ratio), phrase, `ratio ${ratio}`);
    assert.throws(() => ratioPhrase(Number.NaN), RangeError);
    assert.throws(() => ratioPhrase(-1), RangeError);
  });

  test('band edges: 0% shown is "as much as", 99% more is still per cent, 100% more is "twice"', () => {
    assert.equal(ratioPhrase(1.0004999), 'as much as');
    assert.equal(ratioPhrase(1.0095), '1% more than');
    assert.equal(ratioPhrase(1.994), '99% more than');
    assert.equal(ratioPhrase(1.996), 'about twice as much as');
    assert.equal(ratioPhrase(0.506), '49% less than');
    assert.equal(ratioPhrase(0.494), '49% as much as');
  });

  test('relation to a reference value with a tolerance', () => {
    assert.equal(relationWord(3.2, 3), 'close to');
    assert.equal(relationWord(3.74, 3), 'above');
    assert.equal(relationWord(2.6, 3), 'below');
    assert.equal(relationWord(3.2, 3, 0.05), 'above');
    assert.throws(() => relationWord(1, 0), RangeError);
  });
});

describe('setup and reference', () => {
  test('setup parts from results.environment', () => {
    assert.deepEqual(setupParts(results.environment), {
      cpu: 'AMD EPYC',
      cores: '2 cores',
      ram: '24 GB RAM',
      os: 'Linux 6.18.44-fc-v857 (linux x64)',
      node: 'Node v24.20.0',
      date: '30 November 2026, 06:46 UTC',
    });
    assert.equal(formatRunDate('2026-01-02T23:59:59.000Z'), '2 January 2026, 23:59 UTC');
  });

  test('the reference setup comes from its report header', () => {
    assert.deepEqual(referenceSetup(referenceText), {
      machine: 'Apple M1 Max, 10 cores, 64 GB RAM',
      os: 'Darwin 27.0.0 (darwin arm64), Node v24.20.0',
      date: '2026-10-19T05:44:16.864Z',
    });
  });

  test('the listed bench files are every TypeScript file of bench/src plus bench/package.json, sorted', () => {
    const onDisk = readdirSync(path.join(ROOT, 'bench', 'src'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .map((f) => `src/${f.split(path.sep).join('/')}`);
    const listed = benchSourceFiles(ROOT).map((f) => f.relativePath);
    assert.deepEqual([...listed].sort(), [...onDisk, 'package.json'].sort());
    assert.ok(listed.includes('src/cases/e-failure/case.ts') && listed.includes('src/cli.ts'));
  });
});
