#!/usr/bin/env node
/**
 * hop-bench command line. Report (or JSON with --json) on stdout, progress on stderr, results file
 * written atomically. Exit codes: 0 done, 1 run failed, 2 bad usage, 130/143 interrupted.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { acquireLock, BENCH_LOCK_FILE, type HeldLock } from './harness/lock.ts';
import { compareSides, comparableFromResults, formatComparison, type ComparableSide } from './harness/compare.ts';
import { loadComparable } from './harness/compare-files.ts';
import { pinningPlan, pinProcess } from './harness/pinning.ts';
import { killAllNow, pinServicesTo, stopAll } from './harness/process.ts';
import { defaultResultsFile, runToFile } from './harness/run-to-file.ts';
import type { Results } from './harness/schema.ts';
import type { Suite } from './harness/suite.ts';
import { beyondSuite } from './suites/beyond.ts';
import { REFERENCE_SPECS, referenceSuite } from './suites/reference.ts';
import { SUITES } from './suites/index.ts';

const rel = (file: string) => path.relative(process.cwd(), file);

const USAGE = `Usage: npm run bench -- [options]

Runs hop-bench: cases ${REFERENCE_SPECS.map((c) => `${c.id} (${c.title})`).join(', ')}.
Prints the report on stdout, progress on stderr, and writes a results file.

Options:
  --suite NAME     reference (cases ${referenceSuite.caseIds.join(',')}; the default), beyond (cases
                   ${beyondSuite.caseIds.join(',') || 'none yet'}; results in ${rel(defaultResultsFile(beyondSuite, 'full'))}, quick or partial
                   runs in ${rel(defaultResultsFile(beyondSuite, 'quick'))}) or all (both, reference first;
                   --out x.json then names the reference file, and the beyond file is x-beyond.json)
  --quick          small counts for a smoke test (1 run, under 30 s)
  --runs N         runs, each with fresh server processes (default 3; quick 1); the medians'
                   intervals have 75% confidence with 3 runs, 93.75% with 5, 95% or more from 6
  --cases LIST     comma-separated case ids to run, e.g. B,C (default all)
  --out PATH       results file to write (default ${rel(defaultResultsFile(referenceSuite, 'full'))} for the full
                   suite, ${rel(defaultResultsFile(referenceSuite, 'quick'))} for --quick, --runs or --cases)
  --json           print the results JSON on stdout instead of the report
  --compare FILE   after the run, compare it with FILE (results .json or a report text)
  --pin            Linux: pin this process to one CPU and every service to another (taskset);
                   off by default, see bench/README.md for what it did to the spread
  --target A:P     run against services on another host (see npm run bench -- --target --help)
  serve            run one service for a client on another host (npm run bench -- serve --help)
  -h, --help       show this help
`;

class UsageError extends Error {}

/** One suite to run, as the command line chose it. */
interface SuiteRun {
  suite: Suite;
  caseIds: string[] | undefined;
  out: string | undefined;
}

function parseCommandLine(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      suite: { type: 'string', default: 'reference' },
      quick: { type: 'boolean', default: false },
      runs: { type: 'string' },
      cases: { type: 'string' },
      out: { type: 'string' },
      json: { type: 'boolean', default: false },
      compare: { type: 'string' },
      pin: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  let runs: number | undefined;
  if (values.runs !== undefined) {
    if (!/^[1-9]\d*$/.test(values.runs) || Number(values.runs) > 100) {
      throw new UsageError(`--runs takes a whole number from 1 to 100, got "${values.runs}"`);
    }
    runs = Number(values.runs);
  }
  const suite = values.suite;
  if (suite !== 'reference' && suite !== 'beyond' && suite !== 'all') {
    throw new UsageError(`--suite takes reference, beyond or all, got "${suite}"`);
  }
  const chosen = SUITES.filter((s) => suite === 'all' || s.id === suite);
  let asked: string[] | undefined;
  if (values.cases !== undefined) {
    asked = values.cases.split(',').map((s) => s.trim().toUpperCase()).filter(Boolean);
    const known = chosen.flatMap((s) => s.caseIds);
    const unknown = asked.filter((id) => !known.includes(id));
    if (asked.length === 0 || unknown.length > 0) {
      const other = SUITES.find((s) => !chosen.includes(s));
      const hint = other && unknown.some((id) => other.caseIds.includes(id))
        ? ` (${unknown.join(',')} belongs to the other suite: add --suite ${other.id} or --suite all)`
        : '';
      throw new UsageError(`--cases takes ids from ${known.join(',')} for --suite ${suite}, got "${values.cases}"${hint}`);
    }
  }
  if (values.out !== undefined && values.out.trim() === '') throw new UsageError('--out needs a file path');
  if (values.compare !== undefined && values.compare.trim() === '') throw new UsageError('--compare needs a file path');
  if (values.compare !== undefined && suite === 'beyond') throw new UsageError('--compare compares reference results; use it with --suite reference or all');
  const out = values.out === undefined ? undefined : path.resolve(values.out);
  // With --suite all, --cases may name cases of one suite only: the other then runs none.
  // --out names the first suite's file; the others' are FILE-<suite>.json.
  const suiteRuns: SuiteRun[] = chosen.flatMap((s, k) => {
    const caseIds = asked?.filter((id) => s.caseIds.includes(id));
    if (caseIds !== undefined && caseIds.length === 0) return [];
    return [{ suite: s as Suite, caseIds, out: out === undefined || k === 0 ? out : out.replace(/(\.json)?$/, `-${s.id}.json`) }];
  });
  return { ...values, suite, runs, suiteRuns };
}

async function main(): Promise<number> {
  // Case H: serve mode and target mode have their own modules and options.
  const argv = process.argv.slice(2);
  if (argv[0] === 'serve') return (await import('./tools/serve-cli.ts')).serveMain(argv.slice(1));
  if (argv.some((a) => a === '--target' || a.startsWith('--target='))) return (await import('./tools/target-cli.ts')).targetMain(argv);
  let options: ReturnType<typeof parseCommandLine>;
  try {
    options = parseCommandLine(argv);
  } catch (error) {
    process.stderr.write(`hop-bench: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (options.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  // Read the baseline before spending minutes on a run it could not be compared with.
  let baseline: ComparableSide | undefined;
  if (options.compare !== undefined) {
    try {
      baseline = loadComparable(options.compare);
    } catch (error) {
      process.stderr.write(`hop-bench: --compare: ${(error as Error).message}\n`);
      return 2;
    }
  }

  let interrupted = false;
  const abort = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      interrupted = true;
      abort.abort();
      process.stderr.write(`\nhop-bench: ${signal}: stopping services; the results file is left as it was.\n`);
      void stopAll().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
    });
  }
  process.once('exit', killAllNow);

  let pin: { clientCpu: number; serviceCpu: number } | undefined;
  if (options.pin) {
    const chosen = pinningPlan();
    if (chosen.plan === null) {
      process.stderr.write(`hop-bench: --pin: ${chosen.reason}; run without --pin.\n`);
      return 2;
    }
    pin = chosen.plan;
    pinProcess(process.pid, pin.clientCpu);
    pinServicesTo(pin.serviceCpu);
  }
  const log = (line: string) => process.stderr.write(`${line}\n`);
  // One bench at a time on this checkout: two would share the CPUs and both publish contended figures.
  let lock: HeldLock;
  try {
    lock = await acquireLock(BENCH_LOCK_FILE, { purpose: `hop-bench (${options.suite} suite)`, log: (line) => log(`hop-bench: ${line}`) });
  } catch (error) {
    log(`hop-bench: cannot take the bench lock: ${(error as Error).message}`);
    return 1;
  }
  try {
    const done: { id: string; results: unknown }[] = [];
    for (const { suite, caseIds, out } of options.suiteRuns) {
      let ran: Awaited<ReturnType<typeof runToFile>>;
      try {
        ran = await runToFile(suite, { quick: options.quick, runs: options.runs, caseIds, pin }, out, { log, signal: abort.signal });
      } catch (error) {
        // After Ctrl-C the services die with the terminal's SIGINT; that is the interrupt, not a second failure.
        if (interrupted) return 130;
        log(`hop-bench: ${suite.messages.failed}: ${(error as Error).message}\n${suite.messages.unchanged}`);
        return 1;
      } finally {
        await stopAll();
      }
      const { results, file } = ran;
      done.push({ id: suite.id, results });
      // The report first, then what the run says about itself. With --json and more than one suite,
      // the JSON waits for all of them (one object by suite).
      if (!options.json) process.stdout.write((done.length > 1 ? '\n' : '') + results.report);
      else if (options.suiteRuns.length === 1) process.stdout.write(JSON.stringify(results, null, 2) + '\n');
      log(`hop-bench: ${suite.messages.done} in ${(results.durationMs / 1000).toFixed(1)} s; results written to ${rel(file) || file}`);
      if (suite.archive && results.config.mode === 'full') log(`hop-bench: archived as ${rel(suite.archive(results))}`);
      for (const line of suite.notes(results)) log(line);
      if (baseline && suite === referenceSuite) {
        const comparison = formatComparison(compareSides(baseline, comparableFromResults(results as unknown as Results)));
        (options.json ? process.stderr : process.stdout).write(`\n${comparison}`);
      }
    }
    if (options.json && done.length > 1) process.stdout.write(JSON.stringify(Object.fromEntries(done.map((d) => [d.id, d.results])), null, 2) + '\n');
    return 0;
  } finally {
    await stopAll();
    await lock.release();
  }
}

process.exitCode = await main();
