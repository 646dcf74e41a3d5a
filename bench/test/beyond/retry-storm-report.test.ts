// Case I's printed report and warnings against its own figures, on the stored quick run
// (tests/fixtures/beyond-results-quick.json) with hand-made series and lags: the recovery time the
// report defines is the figure it prints; a caller that fell behind is flagged in the report and warned
// about with one threshold; the report says that each policy ran once. No bench run.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { caseI } from '../../src/cases/i-retry-storm/case.ts';
import { recoveryMs } from '../../src/cases/i-retry-storm/series.ts';
import { lateStartLimitMs, retriesReceived, RetryStormConfigSchema, RetryStormResultSchema, type RetryStormRun } from '../../src/cases/i-retry-storm/schema.ts';

const stored = JSON.parse(readFileSync(new URL('../../../tests/fixtures/beyond-results-quick.json', import.meta.url), 'utf8'));
const config = RetryStormConfigSchema.parse(stored.config.caseConfigs.I);
const result = RetryStormResultSchema.parse(stored.cases.find((c: { id: string }) => c.id === 'I').result);

test('the recovery time is the END of the first span that meets the rule, and the report says so', () => {
  // The expert's case in 100 ms buckets with a 1,000 ms span: 10 successes per bucket before a window
  // [1,000, 1,400) ms, so the target is 80 per span. After the window: 800 ms of nothing, then 2, 0,
  // 7 buckets of 10, one of 0, 6 of 10. The span from 800 ms after the end holds 2 + 0 + 70 + 0 = 72
  // (misses); the one from 900 ms holds 0 + 70 + 0 + 10 = 80 (meets), as does every later one.
  const afterWindow = [...Array(8).fill(0), 2, 0, ...Array(7).fill(10), 0, ...Array(6).fill(10)];
  const successes = [...Array(10).fill(10), ...Array(4).fill(0), ...afterWindow];
  const window = { startMs: 1_000, endMs: 1_400, serviceFactor: 4 };
  // By hand: spans start at bucket 14 (the window's end) or later; the first from which all meet 80 is
  // bucket 14 + 9 = 23 (900 ms after the end), so the time is its end: 900 + 1,000 = 1,900 ms.
  const spans = (from: number) => successes.slice(from, from + 10).reduce((a, b) => a + b, 0);
  assert.equal(spans(22), 72, 'worked series: the span from 800 ms misses');
  assert.equal(spans(23), 80, 'worked series: the span from 900 ms meets the target');
  assert.equal(recoveryMs({ successes, window, bucketMs: 100, spanBuckets: 10, fraction: 0.8 }), 1_900, "the span's end, not its start (900)");
  const report = caseI.report(result, config).join('\n');
  assert.match(report, /recovery ms: from the window's end to the END of the first 1000 ms span/, 'the report defines the figure it prints');
  assert.doesNotMatch(report, /from then to the run's end/, 'the old, ambiguous definition is gone');
});

test("the report says each policy ran once, and the stored run holds one run per policy", () => {
  const report = caseI.report(result, config);
  assert.ok(report.some((l) => l.includes('each policy runs once')));
  for (const p of config.policies) {
    assert.equal(result.runs.filter((r) => r.policyId === p.id && r.keyTtlMs === config.keyTtlMs).length, 1, `${p.id}: one run with day-long keys`);
  }
});

test('a caller that fell behind its schedule: flagged in the report and warned about, by one threshold (¼ of the timeout)', () => {
  assert.equal(lateStartLimitMs(config), config.clientTimeoutMs / 4);
  const limit = lateStartLimitMs(config);
  const withLag = (lagMs: number) => ({
    ...result,
    runs: result.runs.map((r, i): RetryStormRun => ({ ...r, measured: { ...r.measured, schedulerLagMaxMs: i === 2 ? lagMs : 0 } })),
  });
  const late = withLag(467);
  const warnings = caseI.warnings!(late, config);
  assert.equal(warnings.length, 1);
  // The run is named by its policy's label, as the config spells it, never by its bare id ("run none").
  const label = config.policies.find((p) => p.id === result.runs[2]!.policyId)!.label;
  assert.ok(warnings[0]!.startsWith(`The "${label}" run`), warnings[0]);
  assert.ok(warnings[0]!.includes(': the open-loop caller started a call up to 467 ms late'), warnings[0]);
  assert.doesNotMatch(warnings.join('\n'), /\brun (none|immediate|backoff|budget|deadline)\b/);
  const row = caseI.report(late, config).find((l) => l.trimStart().startsWith(`${result.runs[2]!.id} `))!;
  assert.match(row, /467 behind$/, 'the row of the run that fell behind says so');
  const onTime = withLag(limit);
  assert.deepEqual(caseI.warnings!(onTime, config).filter((w) => w.includes('late')), [], 'at the limit: no warning');
  assert.doesNotMatch(caseI.report(onTime, config).join('\n'), / behind$/m, 'at the limit: no row says behind');
  // The report names the limit as the page does: exactly (62.5 ms for a 250 ms timeout), not rounded.
  assert.ok(caseI.report(late, config).join('\n').includes(`"behind" above ${String(limit)} ms`), `the report names ${limit} ms`);
});

test('retries received: attempts beyond one per call, never negative', () => {
  const r = result.runs[0]!;
  const withAttempts = (total: number) => ({ ...r, measured: { ...r.measured, attempts: { ...r.measured.attempts, total } } });
  assert.equal(retriesReceived(withAttempts(r.seeded.calls + 4)), 4);
  assert.equal(retriesReceived(withAttempts(r.seeded.calls)), 0);
  assert.equal(retriesReceived(withAttempts(r.seeded.calls - 3)), 0, 'connection errors: fewer attempts than calls');
});
