/**
 * Regression (issue 19): the real full run of both suites on this 2-core machine, 2026-12-02
 * (tests/fixtures/machines/2026-12-02-both-suites/), in which naive immediate retries, backoff and the
 * short-TTL run never recovered, so case I has no recovery time for them. It failed the build once
 * (unknown fact I.immediate.recoveryMs). The page must build from it with rc 0, every claim holding and
 * no misfit, and the recovery sentences must take their "did not recover" forms — figures of the
 * "recovered" forms neither shown nor breaking anything.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { before, test } from 'node:test';
import { parse, type HTMLElement } from 'node-html-parser';
import { beyondSuite } from '@split-on-evidence/hop-bench/suites';
import { sharedSite, type SharedSite } from '../support/shared-site.ts';
import { ROOT } from '../support/site-build.ts';

const RUN = path.join(ROOT, 'tests', 'fixtures', 'machines', '2026-12-02-both-suites');
const RESULTS = path.join(RUN, 'results.json');
const BEYOND = path.join(RUN, 'beyond-results.json');

let site: SharedSite;
let article: HTMLElement;

before(async () => {
  site = await sharedSite({ results: RESULTS, env: { HOP_BEYOND_RESULTS: BEYOND } });
  if (site.code === 0) article = parse(readFileSync(path.join(site.dir, 'retry-storms', 'index.html'), 'utf8')).querySelector('main article')!;
});

test('the fixture is the run that did not recover (independent of the page code)', () => {
  const beyond = beyondSuite.parseResultsText(readFileSync(BEYOND, 'utf8'), BEYOND);
  const i = beyond.cases.find((c) => c.id === 'I');
  assert.ok(i && i.status === 'measured');
  const runs = (i.result as { runs: { id: string; measured: { recoveryMs: number | null } }[] }).runs;
  const stuck = runs.filter((r) => r.measured.recoveryMs === null).map((r) => r.id);
  assert.deepEqual(stuck.sort(), ['backoff', 'immediate', 'immediate-short-ttl']);
});

test('the page builds with rc 0: every claim holds, no misfit', () => {
  assert.equal(site.code, 0, `build failed:\n${site.stderr}`);
  assert.match(site.stdout, /build: claims: all \d+ hold/);
  assert.match(site.stdout, /build: fit: no misfit/);
});

test('the recovery sentences take their "did not recover" forms', () => {
  const text = article.text.replace(/\s+/g, ' ');
  assert.match(text, /Naive immediate retries had not recovered when the run ended, [\d,]+\sms after the brownout:/);
  assert.match(text, /Backoff with full jitter had not recovered either when the run ended, [\d,]+\sms after the brownout\./);
  assert.doesNotMatch(text, /never recovered|did not recover either/, 'the run ended; "never" says more than it saw');
  assert.doesNotMatch(text, /Naive immediate retries recovered in this run/);
  assert.doesNotMatch(text, /Backoff with full jitter recovered,/);
  // No figure of the unchosen forms leaks out as an empty span, and every figure shown has a value.
  for (const fig of article.querySelectorAll('.fig')) assert.notEqual(fig.text.trim(), '', fig.getAttribute('data-fact'));
  assert.equal(article.querySelectorAll('[data-fact="I.immediate.recoveryMs"], [data-fact="I.backoff.recoveryMs"]').length, 0);
});
