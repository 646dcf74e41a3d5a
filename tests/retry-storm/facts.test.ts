// Case I's facts from the labelled quick-run fixture: names, exact config-derived values, and the
// measured figures carried over unchanged.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { parseBeyondResultsText } from '@split-on-evidence/hop-bench/beyond-schema';
import { beyondFacts } from '../../src/facts/beyond-facts.ts';
import { retryStormOf } from '../../src/cases/i-retry-storm/facts.ts';
import { BEYOND_FIXTURE } from '../support/site-build.ts';

const file = BEYOND_FIXTURE;
const beyond = parseBeyondResultsText(readFileSync(file, 'utf8'), file);

test('case I facts: setup values follow from the config; measured values are the stored ones', () => {
  const facts = beyondFacts(beyond);
  const storm = retryStormOf(beyond)!;
  assert.equal(facts['beyond.I.measured'], 1);
  assert.equal(facts['I.capacityPerSec'], 200, 'K = 4 slots of 20 ms');
  assert.equal(facts['I.brownoutCapacityPerSec'], 10, 'service 20× slower');
  assert.equal(facts['I.longestRetryDelayMs'], 100, '3 attempts: the second retry’s ceiling, 50 × 2');
  assert.equal(facts['I.keyTtlHours'], 24);
  assert.equal(facts['I.none.amp.overall'], 1);
  const immediate = storm.result.runs.find((r) => r.id === 'immediate')!;
  assert.equal(facts['I.immediate.amp.during'], immediate.measured.amplification.during);
  assert.equal(facts['I.ratio.immediateOverNone.during'], immediate.measured.amplification.during / facts['I.none.amp.during']!);
  assert.equal(facts['I.backoffShortTtl.duplicates.keyed'], storm.result.runs.find((r) => r.id === 'backoff-short-ttl')!.measured.duplicates.keyed);
  for (const [name, value] of Object.entries(facts)) {
    assert.ok(/^[F-Z]\./.test(name) || name.startsWith('beyond.'), name);
    assert.ok(Number.isFinite(value), name);
  }
});

test('case I not measured: no I facts, and retryStormOf says so', () => {
  const without = { ...beyond, cases: beyond.cases.filter((c) => c.id !== 'I') };
  assert.equal(retryStormOf(without), undefined);
  assert.deepEqual(Object.keys(beyondFacts(without)).filter((n) => n.startsWith('I.')), []);
});
