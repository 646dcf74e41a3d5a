#!/usr/bin/env node
/**
 * `npm run bench:matrix`: runs the hop-bench suite, unchanged, under each Node version of
 * bench/matrix.config.json (or --node), each installed from the npm registry into .cache/node-matrix/
 * and reused when present. Archives each version's results and a summary in bench/results/matrix/,
 * records V8 and OpenSSL per version, and prints one table on stdout; progress goes to stderr.
 * A version that cannot be installed or cannot run the bench is reported with the reason; the others go on.
 * Exit codes: 0 every version ran, 1 at least one did not, 2 bad usage, 130/143 interrupted.
 */
import type { ChildProcess } from 'node:child_process';
import { start } from '../src/harness/spawn.ts';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readResultsFile } from '../src/harness/results-file.ts';
import type { Results } from '../src/harness/schema.ts';
import { BENCH_DIR, MATRIX_CONFIG_FILE, MATRIX_DIR, parseNodeList, PROJECT_DIR, readMatrixVersions } from './config.ts';
import { ensureNode } from './install.ts';
import { findRunner } from './runner.ts';
import { archiveMatrixResults, archiveOtherSuiteResults, currentMachine, matrixRow, writeMatrixSummary, type MatrixRow, type MatrixVersion } from './summary.ts';
import { formatMatrixTable } from './table.ts';

/** The bench's suites (bench/src/cli.ts, --suite). */
const SUITES: readonly string[] = ['reference', 'beyond', 'all'];

const BENCH_CLI = path.join(BENCH_DIR, 'src', 'cli.ts');

const USAGE = `Usage: npm run bench:matrix -- [options]

Runs the hop-bench suite under each Node version listed in ${path.relative(PROJECT_DIR, MATRIX_CONFIG_FILE)}, each installed
from the npm registry into .cache/node-matrix/ (reused when present). A full matrix of four versions takes
about four full runs (some 12 minutes on two cores). Results go to bench/results/matrix/.

Options:
  --node LIST      comma-separated exact versions instead of the config, e.g. --node 22.23.5,24.20.0
  --quick          smoke counts (the bench's --quick), for tests
  --suite NAME     passed on to the bench: reference (the default), beyond or all
  --runs N         passed on to the bench: runs per version (default 3; 4 or more let the page's noise
                   test call a difference between versions)
  --out-dir DIR    where results and the summary go (default bench/results/matrix)
  -h, --help       show this help
`;

interface Options {
  versions: string[];
  quick: boolean;
  suite: string | undefined;
  /** Runs per version, passed on to the bench's --runs; undefined for its default. */
  runs: number | undefined;
  outDir: string;
}

function parseCommandLine(argv: string[]): Options | 'help' {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      node: { type: 'string' },
      quick: { type: 'boolean', default: false },
      suite: { type: 'string' },
      runs: { type: 'string' },
      'out-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return 'help';
  if (values.suite !== undefined && !SUITES.includes(values.suite)) throw new Error(`--suite takes ${SUITES.join(', ')} (as the bench does), got "${values.suite}"`);
  if (values['out-dir'] !== undefined && values['out-dir'].trim() === '') throw new Error('--out-dir needs a folder');
  const runs = values.runs === undefined ? undefined : Number(values.runs);
  if (runs !== undefined && !(Number.isInteger(runs) && runs >= 1)) throw new Error(`--runs takes a whole number of runs per version, 1 or more (e.g. --runs 4), got "${values.runs}"`);
  return {
    runs,
    versions: values.node !== undefined ? parseNodeList(values.node) : readMatrixVersions(),
    quick: values.quick,
    suite: values.suite,
    outDir: path.resolve(values['out-dir'] ?? MATRIX_DIR),
  };
}

const log = (line: string) => process.stderr.write(`${line}\n`);
let current: ChildProcess | undefined;
let interrupted: NodeJS.Signals | undefined;

/** Runs a command, forwarding its stderr line by line with a prefix; resolves with its exit and stderr. */
async function run(command: string, args: string[], env: NodeJS.ProcessEnv, prefix: string): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  const started = start(command, args, { cwd: PROJECT_DIR, env, stdio: ['ignore', 'ignore', 'pipe'] });
  current = started.child;
  let partial = '';
  started.child.stderr!.on('data', (d: string) => {
    const lines = (partial + d).split('\n');
    partial = lines.pop() ?? '';
    for (const l of lines) log(`${prefix}${l}`);
  });
  try {
    const r = await started.done;
    if (partial) log(`${prefix}${partial}`);
    return { code: r.code, signal: r.signal, stderr: r.stderr };
  } catch (error) {
    return { code: null, signal: null, stderr: `cannot start ${command}: ${(error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error).message}` };
  } finally {
    current = undefined;
  }
}

async function runVersion(version: string, index: number, total: number, options: Options): Promise<MatrixRow> {
  const started = Date.now();
  const tag = `[${index + 1}/${total} Node ${version}]`;
  const entry: MatrixVersion = {
    version, status: 'failed', stage: 'install', reason: null, runner: null, v8Version: null, opensslVersion: null,
    installed: false, resultsFile: null, otherSuiteFiles: [], durationMs: 0,
  };
  const done = (row: MatrixRow) => {
    row.entry.durationMs = Date.now() - started;
    if (row.entry.status === 'failed') log(`bench:matrix: ${tag} could not run (${row.entry.stage}): ${row.entry.reason}`);
    return row;
  };
  try {
    const node = await ensureNode(version, (l) => log(`bench:matrix: ${tag} ${l}`));
    entry.installed = node.installed;
    log(`bench:matrix: ${tag} ${node.installed ? 'installed' : 'cached'}: ${path.relative(PROJECT_DIR, node.nodePath)}`);
    entry.stage = 'runner';
    const runner = await findRunner(node.nodePath, PROJECT_DIR);
    Object.assign(entry, { runner: runner.label, v8Version: runner.v8Version, opensslVersion: runner.opensslVersion });
    log(`bench:matrix: ${tag} V8 ${runner.v8Version}, OpenSSL ${runner.opensslVersion ?? 'none'}; TypeScript via ${runner.label}`);
    entry.stage = 'bench';
    const out = path.join(options.outDir, `.run-${version}-${process.pid}.json`);
    const otherOut = options.suite === 'beyond' ? out : options.suite === 'all' ? out.replace(/\.json$/, '-beyond.json') : null;
    const args = [BENCH_CLI, '--out', out, ...(options.quick ? ['--quick'] : []), ...(options.suite ? ['--suite', options.suite] : []), ...(options.runs ? ['--runs', String(options.runs)] : [])];
    try {
      const result = await run(node.nodePath, args, { ...process.env, ...runner.env }, `  ${tag} `);
      if (interrupted) throw new Error(`interrupted by ${interrupted}`);
      if (result.code !== 0) {
        const last = result.stderr.trim().split('\n').filter(Boolean).at(-1) ?? '';
        throw new Error(`the bench exited with ${result.signal ?? `code ${result.code}`}: ${last}`);
      }
      // The bench writes --out for the reference suite; --suite beyond writes its own results there, and
      // --suite all writes the reference results there and the beyond ones beside it (FILE-beyond.json).
      const suite = options.suite ?? 'reference';
      let results: Results | null = null;
      if (suite !== 'beyond') {
        if (!existsSync(out)) throw new Error('the bench finished without writing its results file');
        results = readResultsFile(out);
        const archived = archiveMatrixResults(results, options.outDir);
        log(`bench:matrix: ${tag} archived as ${path.relative(process.cwd(), archived)}`);
        entry.resultsFile = path.basename(archived);
      }
      if (otherOut) {
        if (!existsSync(otherOut)) throw new Error(`the bench finished without writing its ${suite === 'all' ? 'beyond' : suite} results file`);
        const archived = archiveOtherSuiteResults(otherOut, suite === 'all' ? 'beyond' : suite, options.outDir);
        log(`bench:matrix: ${tag} archived as ${path.relative(process.cwd(), archived)}`);
        entry.otherSuiteFiles.push(path.basename(archived));
      }
      Object.assign(entry, { status: 'ok', stage: null });
      return done(matrixRow(entry, results));
    } finally {
      rmSync(out, { force: true });
      if (otherOut) rmSync(otherOut, { force: true });
    }
  } catch (error) {
    entry.reason = (error as Error).message;
    return done(matrixRow(entry, null));
  }
}

async function main(): Promise<number> {
  let options: Options | 'help';
  try {
    options = parseCommandLine(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`bench:matrix: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (options === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      interrupted = signal;
      log(`\nbench:matrix: ${signal}: stopping; no summary is written for this matrix.`);
      current?.kill(signal);
      if (!current) process.exit(signal === 'SIGINT' ? 130 : 143);
    });
  }
  const startedAt = new Date().toISOString();
  const mode = options.quick ? 'quick' : 'full';
  log(`bench:matrix: ${mode} suite under Node ${options.versions.join(', ')}; results in ${path.relative(process.cwd(), options.outDir) || options.outDir}`);
  const rows: MatrixRow[] = [];
  for (const [i, version] of options.versions.entries()) {
    rows.push(await runVersion(version, i, options.versions.length, options));
    if (interrupted) return interrupted === 'SIGINT' ? 130 : 143;
  }
  const summaryFile = writeMatrixSummary(
    {
      schemaVersion: 1,
      tool: 'hop-bench-matrix',
      startedAt,
      finishedAt: new Date().toISOString(),
      mode,
      suite: options.suite ?? 'reference',
      machine: currentMachine(),
      versions: rows.map((r) => r.entry),
    },
    options.outDir,
  );
  log(`bench:matrix: summary written to ${path.relative(process.cwd(), summaryFile)}`);
  process.stdout.write(formatMatrixTable(rows, mode));
  const failed = rows.filter((r) => r.entry.status === 'failed').length;
  if (failed > 0) log(`bench:matrix: ${failed} of ${rows.length} version(s) did not run; see the reasons above.`);
  return failed > 0 ? 1 : 0;
}

process.exitCode = await main();
