/**
 * The outcome space, tested (issue 28): the site's pages over generated outcomes of both suites
 * (tests/outcomes/arbitraries.ts), each checked as `npm run build` checks a build (check-outcome.ts).
 * Every generated results file must pass the bench's own schemas first.
 *
 * A failing outcome prints fast-check's seed and path (replay it with SOE_OUTCOME_SEED=seed
 * SOE_OUTCOME_PATH=path) and is kept as a fixture in tests/fixtures/outcomes/, which the second test
 * replays on every run: commit it with the fix. SOE_OUTCOME_RUNS sets how many outcomes (default 200).
 * SOE_OUTCOME_SHARD=i/n runs shard i of n: its share of the outcomes, from a seed of its own, and the
 * kept outcomes only in shard 1. `npm test` runs two shards side by side, so the test's single thread
 * does not leave a core idle at the end of the run.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import { ROOT } from '../support/site-build.ts';
import { outcomes, type Outcome } from './arbitraries.ts';
import { outcomeContext, outcomeProblems, type OutcomeContext } from './check-outcome.ts';
import { startRenderer } from './renderer.ts';

/** Where failing outcomes are kept, one JSON file each. */
const KEPT = path.join(ROOT, 'tests', 'fixtures', 'outcomes');
/** Shard `index` (1-based) of `count`, from SOE_OUTCOME_SHARD ("i/n"); 1 of 1 when unset. */
const SHARD = (() => {
  const given = process.env.SOE_OUTCOME_SHARD;
  if (!given) return { index: 1, count: 1 };
  const m = /^(\d+)\/(\d+)$/.exec(given);
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (!m || index < 1 || index > count) throw new Error(`SOE_OUTCOME_SHARD="${given}": expected i/n with 1 ≤ i ≤ n, e.g. 1/2`);
  return { index, count };
})();
/** This shard's outcomes: its share of SOE_OUTCOME_RUNS (default 200), the first shards taking any remainder. */
const TOTAL_RUNS = Number(process.env.SOE_OUTCOME_RUNS) || 200;
const RUNS = Math.floor(TOTAL_RUNS / SHARD.count) + (SHARD.index <= TOTAL_RUNS % SHARD.count ? 1 : 0);
const SHARD_LABEL = SHARD.count > 1 ? ` (shard ${SHARD.index} of ${SHARD.count})` : '';

/** A kept failing outcome: how fast-check found it, what failed then, and the outcome itself. */
interface KeptOutcome {
  seed: number;
  path: string;
  problems: string[];
  outcome: Outcome;
}

let context: OutcomeContext;
before(async () => {
  context = outcomeContext(await startRenderer());
});
after(async () => {
  await context?.close();
});

/** The outcome's problems, or one naming the results file the generator got wrong. */
async function problemsOf(outcome: Outcome, label: string): Promise<string[]> {
  try {
    return await outcomeProblems(context, outcome, label);
  } catch (error) {
    if ((error as Error).name === 'ResultsFileError') return [`the generator wrote a results file the bench's schemas refuse (fix tests/outcomes/arbitraries.ts): ${(error as Error).message}`];
    throw error;
  }
}

test(`${RUNS} generated outcomes${SHARD_LABEL}: every page passes the build's checks`, { timeout: 900_000 }, async () => {
  const started = performance.now();
  let n = 0;
  let last: string[] = [];
  const property = fc.asyncProperty(outcomes(context.pricesReadOn, context.base.currentSourceSha256), async (outcome) => {
    last = await problemsOf(outcome, `run-${n++}`);
    return last.length === 0;
  });
  const seed = process.env.SOE_OUTCOME_SEED ? Number(process.env.SOE_OUTCOME_SEED) : undefined;
  const details = await fc.check(property, { numRuns: RUNS, ...(seed !== undefined ? { seed } : {}), ...(process.env.SOE_OUTCOME_PATH ? { path: process.env.SOE_OUTCOME_PATH } : {}) });
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write(`# outcomes${SHARD_LABEL}: ${details.numRuns} outcomes (${n} checked with shrinking) in ${seconds.toFixed(0)} s, seed ${details.seed}\n`);
  if (!details.failed) return;
  const problems = details.counterexample ? await problemsOf(details.counterexample[0], 'counterexample') : last;
  const kept: KeptOutcome = { seed: details.seed, path: details.counterexamplePath ?? '', problems, outcome: details.counterexample?.[0] as Outcome };
  mkdirSync(KEPT, { recursive: true });
  const file = path.join(KEPT, `seed-${details.seed}-path-${(details.counterexamplePath ?? 'none').replace(/:/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(kept)}\n`);
  assert.fail(
    `an outcome fails the build's checks: seed ${details.seed}, path ${details.counterexamplePath} ` +
      `(replay: SOE_OUTCOME_SEED=${details.seed} SOE_OUTCOME_PATH=${details.counterexamplePath} node --test tests/outcomes/outcomes.test.ts); ` +
      `kept as ${path.relative(ROOT, file)}:\n${problems.map((p) => `  - ${p}`).join('\n')}\n${fc.defaultReportMessage(details) ?? ''}`.slice(0, 20_000),
  );
});

test('every kept outcome (tests/fixtures/outcomes/) passes the build\'s checks', { skip: SHARD.index > 1 && 'shard 1 replays them' }, async () => {
  const files = (() => {
    try {
      return readdirSync(KEPT).filter((f) => f.endsWith('.json')).sort();
    } catch {
      return [];
    }
  })();
  for (const file of files) {
    const kept = JSON.parse(readFileSync(path.join(KEPT, file), 'utf8')) as KeptOutcome;
    assert.deepEqual(await problemsOf(kept.outcome, `kept-${file}`), [], `tests/fixtures/outcomes/${file} (found with seed ${kept.seed}, path ${kept.path})`);
  }
});
