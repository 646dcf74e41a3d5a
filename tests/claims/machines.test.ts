/**
 * Never fail a faithful run (issue 19): every real run of the reference suite in the corpus — this
 * machine plain, pinned to one core, under a CPU hog (tests/fixtures/machines/), and Node 20, 22 and 26
 * from the version matrix (tests/fixtures/matrix-2026-12-01/) — goes through the build's article check
 * (facts → claims → derived words and forms → fit), the stage where the page's words are decided,
 * without rendering. Each must pass: no false claim, no misfit, every word and form evaluable. The
 * beyond suite is the labelled beyond fixture for every entry (its cases are rebuilt this session).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { parseResultsText } from '@split-on-evidence/hop-bench/schema';
import { beyondSuite } from '@split-on-evidence/hop-bench/suites';
import { articleWords, describedUnmeasured, readArticle } from '../../src/claims/article.ts';
import { composeViews } from '../../src/facts/run-views.ts';
import { readReferenceText } from '../../src/inputs/reference-run.ts';
import { checkArticle } from '../../src/pipeline/check-article.ts';
import { loadPriceHistory } from '../../src/prices/price-history.ts';
import { pricesPath } from '../../src/prices/prices.ts';
import { BEYOND_FIXTURE, ROOT } from '../support/site-build.ts';

const MACHINES = path.join(ROOT, 'tests', 'fixtures', 'machines');
const MATRIX = path.join(ROOT, 'tests', 'fixtures', 'matrix-2026-12-01');
const corpus = [
  ...readdirSync(MACHINES).filter((f) => f.endsWith('.json')).map((f) => path.join(MACHINES, f)),
  ...readdirSync(MATRIX).filter((f) => /_v\d+\.\d+\.\d+_.*\.json$/.test(f)).map((f) => path.join(MATRIX, f)),
];

const now = new Date();
const prices = loadPriceHistory(pricesPath(ROOT, {}), now, { warn: () => {} }).current;
const referenceText = readReferenceText(ROOT);
const beyond = beyondSuite.parseResultsText(readFileSync(BEYOND_FIXTURE, 'utf8'), BEYOND_FIXTURE);
const unmeasured = describedUnmeasured(ROOT, beyond);

describe('every corpus run builds its words: no false claim, no misfit', () => {
  test('the corpus has the plain, one-core and CPU-hog runs and Node 20, 22 and 26', () => {
    const names = corpus.map((f) => path.basename(f)).join(' ');
    for (const needle of ['plain-2core', 'taskset-1core', 'cpu-hog', '_v20.', '_v22.', '_v26.']) assert.ok(names.includes(needle), needle);
  });

  for (const file of corpus) {
    test(path.relative(ROOT, file), () => {
      const results = parseResultsText(readFileSync(file, 'utf8'), file);
      const { facts, runFacts } = composeViews({ results, referenceText, prices, now, beyond });
      const log: string[] = [];
      // The build's own stage: throws with the claims and fit reports on any false claim or misfit.
      const claims = checkArticle(ROOT, facts, (line) => log.push(line), runFacts, unmeasured);
      assert.ok(claims.length >= 20, `${claims.length} claims`);
      assert.deepEqual(claims.filter((c) => !c.hidden && c.state === 'false'), []);
      assert.ok(log.includes('build: fit: no misfit'), log.join('\n'));
      const words = articleWords(readArticle(ROOT, unmeasured), facts);
      assert.deepEqual(words.filter((w) => w.error !== undefined), []);
      // The chain's word follows this run, whatever it is.
      const chain = words.find((w) => w.use.name === 'chainVsHopSum');
      assert.ok(chain && ['above', 'close to', 'below', 'not measurably different from'].includes(chain.word!), chain?.word);
    });
  }
});
