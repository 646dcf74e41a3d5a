/**
 * Never fail a faithful run (issue 19): every real run of the reference suite in the corpus — this
 * machine plain, pinned to one core, under a CPU hog (tests/fixtures/machines/), and Node 20, 22 and 26
 * from the version matrix (tests/fixtures/matrix-2026-12-01/) — goes through the build's article check
 * (facts → claims → derived words and forms → fit), the stage where the page's words are decided,
 * without rendering. Each must pass: no false claim, no misfit, every word and form evaluable. A folder
 * of the corpus holds one real run of both suites (results.json + beyond-results.json) and is checked as
 * that pair; every single results file is paired with the labelled beyond fixture.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
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
/** One corpus entry: a reference-suite results file and the beyond results it is checked with. */
interface Entry {
  file: string;
  beyondFile: string;
}
const corpus: Entry[] = [
  ...readdirSync(MACHINES).filter((f) => f.endsWith('.json')).map((f) => ({ file: path.join(MACHINES, f), beyondFile: BEYOND_FIXTURE })),
  ...readdirSync(MACHINES)
    .filter((f) => existsSync(path.join(MACHINES, f, 'beyond-results.json')))
    .map((f) => ({ file: path.join(MACHINES, f, 'results.json'), beyondFile: path.join(MACHINES, f, 'beyond-results.json') })),
  ...readdirSync(MATRIX).filter((f) => /_v\d+\.\d+\.\d+_.*\.json$/.test(f)).map((f) => ({ file: path.join(MATRIX, f), beyondFile: BEYOND_FIXTURE })),
];

const now = new Date();
const prices = loadPriceHistory(pricesPath(ROOT, {}), now, { warn: () => {} }).current;
const referenceText = readReferenceText(ROOT);

describe('every corpus run builds its words: no false claim, no misfit', () => {
  test('the corpus has the plain, one-core and CPU-hog runs, Node 20, 22 and 26, and a full run of both suites', () => {
    const names = corpus.map((e) => path.relative(MACHINES, e.file)).join(' ');
    for (const needle of ['plain-2core', 'taskset-1core', 'cpu-hog', '_v20.', '_v22.', '_v26.', '2026-12-02-both-suites/results.json']) assert.ok(names.includes(needle), needle);
  });

  for (const { file, beyondFile } of corpus) {
    test(path.relative(ROOT, file), () => {
      const results = parseResultsText(readFileSync(file, 'utf8'), file);
      const beyond = beyondSuite.parseResultsText(readFileSync(beyondFile, 'utf8'), beyondFile);
      const unmeasured = describedUnmeasured(ROOT, beyond);
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
