// Case E at full size for run 0: a faithful port reproduces the reference run's counts exactly.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { readReferenceReport } from '../src/harness/reference-run.ts';
import { stopAll } from '../src/harness/process.ts';
import { runSuite } from '../src/harness/runner.ts';
import { referenceSuite } from '../src/suites/reference.ts';

after(stopAll);

test('case E, run 0, full size: counts equal the reference run 0 bracket', { timeout: 120_000 }, async () => {
  const config = referenceSuite.buildConfig({ quick: false, runs: 1, caseIds: ['E'] });
  assert.equal(config.failure.E!.callsPerVariant, 2000);
  const { cases } = await runSuite(referenceSuite, config, { log: () => {}, signal: new AbortController().signal });
  const e = cases.find((c) => c.id === 'E');
  assert.ok(e && e.kind === 'failure');
  const reference = readReferenceReport().failure;
  assert.deepEqual(
    e.variants.map((v) => v.label),
    [...reference.keys()],
    'variants run in the reference order',
  );
  for (const variant of e.variants) {
    const got = variant.runs[0]!;
    const want = reference.get(variant.label)![0]!;
    assert.deepEqual(
      { failed: got.failed, calls: got.calls, invoicesWritten: got.invoicesWritten, duplicates: got.duplicates, slowCalls: got.slowCalls },
      { failed: want.failed, calls: want.calls, invoicesWritten: want.invoicesWritten, duplicates: want.duplicates, slowCalls: want.slowCalls },
      `variant "${variant.label}"`,
    );
    // Every call has exactly one outcome, and no failure is anything but a timeout on loopback.
    assert.equal(got.failed, got.timedOut + got.otherErrors);
    assert.equal(got.otherErrors, 0, `variant "${variant.label}" had errors other than timeouts`);
    // A timed-out call is never slower than timeout + backoff allows, nor a success faster than the delay.
    assert.ok(got.slowestMs < 1000, `slowest call ${got.slowestMs} ms`);
  }
  const [noRetry, retry, keyed] = e.variants.map((v) => v.runs[0]!);
  assert.equal(noRetry!.attempts, 2000, 'no retry: one attempt per call');
  assert.equal(retry!.attempts, retry!.invoicesWritten, 'without a key every attempt writes an invoice');
  assert.ok(keyed!.attempts > 2000 && keyed!.invoicesWritten === 2000, 'with a key, retries write nothing');
});
