/**
 * The one runner of every suite: loads the suite's cases, then for each round (RunPlan.rounds) opens
 * what the round's cases share, runs every selected case once in registry order, and closes the round;
 * a pause between rounds. Returns the suite's outcomes (RunPlan.collect) and the wall time.
 */
import type { RoundScope, RunEnv, Suite, SuiteConfigBase, SuiteResultsBase } from './suite.ts';

/**
 * Runs `suite` with `config`.
 * @param registry the cases to choose from (default: the suite's own, loaded lazily; tests pass their own).
 * @throws the first error of any case or round (the plan names the case and the round), or an Error
 *   "the <suite> was interrupted" when `env.signal` is aborted; whatever a round started is closed first.
 */
export async function runSuite<Config extends SuiteConfigBase, Results extends SuiteResultsBase<Config>, Outcome>(
  suite: Suite<Config, Results, Outcome>,
  config: Config,
  env: RunEnv,
  registry?: readonly { readonly id: string }[],
): Promise<{ cases: Outcome[]; durationMs: number }> {
  const started = performance.now();
  const plan = suite.plan;
  const all = registry ?? (await suite.loadCases());
  const selected = all.filter((c) => config.cases.includes(c.id));
  const runs = new Map<string, unknown[]>(selected.map((c) => [c.id, []]));
  const rounds = plan.rounds(config);
  for (let round = 0; round < rounds; round++) {
    if (round > 0) await new Promise((resolve) => setTimeout(resolve, plan.pauseBetweenRoundsMs(config)));
    const scope: RoundScope = await plan.openRound(config, round, env);
    try {
      for (const c of selected) {
        if (env.signal.aborted) throw new Error(`the ${suite.title} was interrupted`);
        runs.get(c.id)!.push(await plan.runCase(c, scope, config, env));
      }
    } finally {
      await scope.close();
    }
  }
  return { cases: plan.collect(config, selected, runs), durationMs: performance.now() - started };
}
