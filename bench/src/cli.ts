#!/usr/bin/env node
/**
 * hop-bench command line. Report (or JSON with --json) on stdout, progress on stderr, results file
 * written atomically. Exit codes: 0 done, 1 run failed, 2 bad usage, 130/143 interrupted.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CASES } from './cases/index.ts';
import { BEYOND_CASES } from './beyond/index.ts';
import { DEFAULT_BEYOND_PARTIAL_FILE, DEFAULT_BEYOND_RESULTS_FILE, runBeyondCommand } from './beyond/command.ts';
import type { BeyondResults } from './beyond/results-schema.ts';
import { buildConfig } from './config.ts';
import { BENCH_ROOT, collectEnvironment } from './environment.ts';
import { archiveResults } from './archive.ts';
import { compareSides, comparableFromResults, formatComparison, type ComparableSide } from './compare.ts';
import { loadComparable } from './compare-files.ts';
import { noiseWarnings } from './noise.ts';
import { acquireLock, BENCH_LOCK_FILE, type HeldLock } from './lock.ts';
import { formatReport } from './report.ts';
import { writeResultsAtomic } from './results-file.ts';
import { RESULTS_SCHEMA_VERSION, type Results } from './schema.ts';
import { pinningPlan, pinProcess } from './pinning.ts';
import { killAllNow, pinServicesTo, stopAll } from './services/children.ts';
import { runSuite } from './suite.ts';
import { referenceSuite } from './suites/reference.ts';

/** Where a full run's results go without --out: bench/results/latest.json (ignored by git: results belong to a machine). */
export const DEFAULT_RESULTS_FILE = path.join(BENCH_ROOT, 'results', 'latest.json');
/** Where a quick or partial run's results go without --out, so they never replace a full run's. */
export const DEFAULT_PARTIAL_RESULTS_FILE = path.join(BENCH_ROOT, 'results', 'partial.json');

const USAGE = `Usage: npm run bench -- [options]

Runs hop-bench: cases ${CASES.map((c) => `${c.id} (${c.title})`).join(', ')}.
Prints the report on stdout, progress on stderr, and writes a results file.

Options:
  --suite NAME     reference (cases ${CASES.map((c) => c.id).join(',')}; the default), beyond (cases
                   ${BEYOND_CASES.map((c) => c.id).join(',') || 'none yet'}; results in ${path.relative(process.cwd(), DEFAULT_BEYOND_RESULTS_FILE)}, quick or partial
                   runs in ${path.relative(process.cwd(), DEFAULT_BEYOND_PARTIAL_FILE)}) or all (both, reference first;
                   --out FILE then names the reference file and the beyond file is FILE-beyond.json)
  --quick          small counts for a smoke test (1 run, under 30 s)
  --runs N         runs, each with fresh server processes (default 3; quick 1); the medians'
                   intervals have 75% confidence with 3 runs, 93.75% with 5, 95% or more from 6
  --cases LIST     comma-separated case ids to run, e.g. B,C (default all)
  --out PATH       results file to write (default ${path.relative(process.cwd(), DEFAULT_RESULTS_FILE)} for the full
                   suite, ${path.relative(process.cwd(), DEFAULT_PARTIAL_RESULTS_FILE)} for --quick, --runs or --cases)
  --json           print the results JSON on stdout instead of the report
  --compare FILE   after the run, compare it with FILE (results .json or a report text)
  --pin            Linux: pin this process to one CPU and every service to another (taskset);
                   off by default, see bench/README.md for what it did to the spread
  --target A:P     run against services on another host (see npm run bench -- --target --help)
  serve            run one service for a client on another host (npm run bench -- serve --help)
  -h, --help       show this help
`;

class UsageError extends Error {}

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
  let caseIds: string[] | undefined;
  let beyondCaseIds: string[] | undefined;
  if (values.cases !== undefined) {
    const asked = values.cases.split(',').map((s) => s.trim().toUpperCase()).filter(Boolean);
    const reference = CASES.map((c) => c.id);
    const beyond = BEYOND_CASES.map((c) => c.id);
    const known = suite === 'reference' ? reference : suite === 'beyond' ? beyond : [...reference, ...beyond];
    const unknown = asked.filter((id) => !known.includes(id));
    if (asked.length === 0 || unknown.length > 0) {
      const hint = suite !== 'all' && unknown.some((id) => [...reference, ...beyond].includes(id))
        ? ` (${unknown.join(',')} belongs to the other suite: add --suite ${suite === 'reference' ? 'beyond' : 'reference'} or --suite all)`
        : '';
      throw new UsageError(`--cases takes ids from ${known.join(',')} for --suite ${suite}, got "${values.cases}"${hint}`);
    }
    caseIds = asked.filter((id) => reference.includes(id));
    beyondCaseIds = asked.filter((id) => beyond.includes(id));
  }
  if (values.out !== undefined && values.out.trim() === '') throw new UsageError('--out needs a file path');
  if (values.compare !== undefined && values.compare.trim() === '') throw new UsageError('--compare needs a file path');
  if (values.compare !== undefined && suite === 'beyond') throw new UsageError('--compare compares reference results; use it with --suite reference or all');
  const out = values.out === undefined ? undefined : path.resolve(values.out);
  return {
    ...values,
    suite,
    runs,
    // With --suite all, --cases may name cases of one suite only: the other then runs none.
    runReference: suite !== 'beyond' && (caseIds === undefined || caseIds.length > 0),
    runBeyond: suite !== 'reference' && (beyondCaseIds === undefined || beyondCaseIds.length > 0),
    caseIds: caseIds?.length ? caseIds : undefined,
    beyondCaseIds: beyondCaseIds?.length ? beyondCaseIds : undefined,
    out: suite === 'beyond' ? undefined : out,
    beyondOut: out === undefined ? undefined : suite === 'beyond' ? out : out.replace(/(\.json)?$/, '-beyond.json'),
  };
}

async function main(): Promise<number> {
  // Case H: serve mode and target mode have their own modules and options.
  const argv = process.argv.slice(2);
  if (argv[0] === 'serve') return (await import('./beyond/remote/serve-cli.ts')).serveMain(argv.slice(1));
  if (argv.some((a) => a === '--target' || a.startsWith('--target='))) return (await import('./beyond/remote/target-cli.ts')).targetMain(argv);
  let options: ReturnType<typeof parseCommandLine>;
  try {
    options = parseCommandLine(process.argv.slice(2));
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
      process.stderr.write(`hop-bench: --compare: ${(error as Error).message}
`);
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
    let reference: Results | undefined;
    if (options.runReference) {
      reference = await runReference(options, baseline, log, options.json && options.runBeyond, () => interrupted, pin);
      if (reference === undefined) return interrupted ? 130 : 1;
    }
    if (options.runBeyond) {
      let beyond: BeyondResults;
      try {
        ({ results: beyond } = await runBeyondCommand(
          { quick: options.quick, runs: options.runs, caseIds: options.beyondCaseIds, out: options.beyondOut },
          log,
          abort.signal,
        ));
      } catch (error) {
        if (interrupted) return 130;
        log(`hop-bench: the beyond suite failed: ${(error as Error).message}\nThe beyond results file was not changed.`);
        return 1;
      }
      if (options.json) {
        process.stdout.write(JSON.stringify(reference ? { reference, beyond } : beyond, null, 2) + '\n');
      } else {
        process.stdout.write((reference ? '\n' : '') + beyond.report);
      }
      for (const c of beyond.cases) if (c.status === 'measured') for (const w of c.warnings) log(`Warning: case ${c.id}: ${w}`);
    }
    return 0;
  } finally {
    await stopAll();
    await lock.release();
  }
}

/** Runs the reference suite; returns its results, or undefined when it failed (reported on stderr). */
async function runReference(
  options: ReturnType<typeof parseCommandLine>,
  baseline: ComparableSide | undefined,
  log: (line: string) => void,
  holdJson: boolean,
  interrupted: () => boolean,
  pin: { clientCpu: number; serviceCpu: number } | undefined,
): Promise<Results | undefined> {
  const config = buildConfig({ quick: options.quick, runs: options.runs, caseIds: options.caseIds, pin });
  const out = options.out ?? (config.mode === 'full' ? DEFAULT_RESULTS_FILE : DEFAULT_PARTIAL_RESULTS_FILE);
  const startedAt = new Date();
  const environment = collectEnvironment(startedAt, referenceSuite.sourceSha256());
  log(`hop-bench: ${config.mode} suite, ${config.runs} run(s) of ${config.cases.join(', ')} on Node ${process.version}` +
    (config.mode === 'full' ? ' (about two to five minutes)' : ''));

  try {
    const { cases, durationMs } = await runSuite(config, log);
    const report = formatReport(environment, config, cases);
    const results: Results = {
      schemaVersion: RESULTS_SCHEMA_VERSION,
      tool: { name: 'hop-bench', version: '0.1.0' },
      environment,
      config,
      cases,
      durationMs,
      report,
    };
    writeResultsAtomic(out, results);
    if (!holdJson) process.stdout.write(options.json ? JSON.stringify(results, null, 2) + '\n' : report);
    log(`hop-bench: done in ${(durationMs / 1000).toFixed(1)} s; results written to ${path.relative(process.cwd(), out) || out}`);
    if (config.mode === 'full') log(`hop-bench: archived as ${path.relative(process.cwd(), archiveResults(results))}`);
    if (config.runs > 1) for (const line of intervalLines(results)) log(line);
    for (const warning of noiseWarnings(results)) log(`Warning: ${warning}`);
    if (baseline) {
      const comparison = formatComparison(compareSides(baseline, comparableFromResults(results)));
      (options.json ? process.stderr : process.stdout).write(`\n${comparison}`);
    }
    return results;
  } catch (error) {
    // After Ctrl-C the services die with the terminal's SIGINT; that is the interrupt, not a second failure.
    if (interrupted()) return undefined;
    log(`hop-bench: the run failed: ${(error as Error).message}\nThe results file was not changed.`);
    return undefined;
  } finally {
    await stopAll();
  }
}

/** One stderr line per latency case: each median's interval and its exact confidence (stats.medianInterval). */
function intervalLines(results: Results): string[] {
  const us = (v: number) => v.toFixed(v < 10 ? 2 : 1);
  return results.cases.flatMap((c) => {
    if (c.kind !== 'latency') return [];
    const i = c.intervals;
    const figures = (['p50Us', 'p95Us', 'p99Us'] as const).map((f) => `${f.slice(0, 3)} ${us(c.median[f])} (${us(i[f].lowUs)}–${us(i[f].highUs)})`);
    return [`hop-bench: ${c.id} medians with ${Number(i.confidencePercent.toFixed(2))}% intervals across runs, µs: ${figures.join(', ')}`];
  });
}

process.exitCode = await main();
