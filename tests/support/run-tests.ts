/**
 * `npm test`: the type check and every test file of the bench and the site, in two phases.
 *
 * 1. Concurrently: `tsc` (npm run typecheck, at nice 10); the outcome test (tests/outcomes/, at nice
 *    10, split over two processes, OUTCOME_SHARDS); the files that build a site of their own, two at a time (builds of one checkout take turns on the build lock, so more would only wait); the
 *    files that run the bench's command line, three at a time (each file's runs take a lock of their
 *    own, bench/test/support/own-bench-lock.ts); the files that drive Chromium, one at a time (two
 *    browsers at once starve everything else on two cores); the files that need no process of their
 *    own (OWN_PROCESS), all in one process; and every other file, three at a time (most of them wait
 *    more than they compute). Builds of the same inputs are shared through one folder for this run
 *    ($SOE_SHARED_SITES, tests/support/shared-site.ts), removed at the end; the shared pages (pages.ts,
 *    edited-page.ts), which most site tests read, are started first.
 * 2. Alone, one file at a time: the files whose outcome depends on timing (serial-tests.ts).
 *
 * `npm test -- FILE…` runs only the given test files (same phases, no type check).
 * Exits 1 when the type check or any test fails.
 */
import { spawn } from 'node:child_process';
import { existsSync, globSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERIAL_TESTS } from './serial-tests.ts';
import { ROOT } from './site-build.ts';
import { fixturePage, variantPage } from './pages.ts';
import { editedPage } from './edited-page.ts';
import { SHARED_SITES_ENV } from './shared-site.ts';

/** Where `npm test` looks for test files (relative to the project root). */
const TEST_GLOBS = ['bench/test/**/*.test.ts', 'tests/**/*.test.ts'];
/** A file that builds a site of its own, and one that drives a browser (only used to group files). */
const BUILDS_SITE = /\brunBuild\(/;
const USES_BROWSER = /\blaunchBrowser\(/;
/** The outcome test: hundreds of pages rendered and checked in one process (tests/outcomes/), on its own, niced. */
const RENDERS_OUTCOMES = /\bstartRenderer\(/;
/** A file that runs the bench's command line (cli.ts, netns-cli.ts or bench:matrix), whose runs take the bench lock. */
const RUNS_BENCH = /new URL\('\.\.\/src\/(?:cli|tools\/netns-cli)\.ts'|'matrix', 'cli\.ts'/;
/**
 * A file that needs a process of its own: it starts processes, builds or reads a site, drives a browser,
 * or changes what the whole process shares (its environment, working folder, exit, mocks). Every other
 * file only computes, and they all run in one process (node --test --test-isolation=none): each file in
 * a process of its own loaded the same modules some fifty times over, about 18 s of CPU more.
 */
const OWN_PROCESS =
  /\b(spawn|spawnSync|execFile|execFileSync|execSync|fork|start|startCliUntil|start\w*Service|runBuild|launchBrowser)\(|fixturePage|variantPage|editedPage|sharedSite|process\.env\.\w+\s*=[^=]|process\.env\[[^\]]+\]\s*=[^=]|delete process\.env|process\.chdir|process\.exit|\bmock\./;
/** Files at a time in the group of site builds (they take turns on the build lock, so more would only wait). */
const CONCURRENCY = Number(process.env.SOE_TEST_CONCURRENCY) || 2;
/**
 * Files at a time in the group that runs the bench: its runs take turns on the bench lock, but with two
 * the matrix test (which first downloads two Node versions, outside the lock) started last and ran alone
 * at the end of a fresh run for 90 s.
 */
const BENCH_CONCURRENCY = Number(process.env.SOE_TEST_CONCURRENCY) || 3;
/**
 * Files at a time among the other files: many of them mostly wait (a bench run's timeouts, the bench
 * lock, a shared page being built), so three keep the cores busier than two did (a fresh npm test used
 * about 1.5 of the 2 cores in its concurrent phase with two).
 */
const OTHER_CONCURRENCY = Number(process.env.SOE_TEST_CONCURRENCY) || 3;

/**
 * Processes the outcome test is split over (tests/outcomes/outcomes.test.ts, SOE_OUTCOME_SHARD), each
 * with its share of the outcomes: one per core, since it only computes, in one thread.
 */
const OUTCOME_SHARDS = 2;

/** Tests passed and failed across every `node --test` child, from their closing "ℹ pass N" / "ℹ fail N" lines. */
const totals = { passed: 0, failed: 0 };

function count(lines: string): void {
  for (const m of lines.matchAll(/^ℹ (pass|fail) (\d+)$/gm)) totals[m[1] === 'pass' ? 'passed' : 'failed'] += Number(m[2]);
}

/**
 * Runs one child of the run. `nice` lowers its CPU priority (and that of every process it starts), so
 * that work nothing waits for yields the cores to the chain the concurrent phase waits for: the site
 * builds, one at a time on the build lock, and the browser files that read the first of them.
 */
function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv, nice = 0): Promise<{ label: string; ok: boolean; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    if (nice > 0 && child.pid !== undefined) {
      try {
        os.setPriority(child.pid, nice);
      } catch {
        // not allowed here: the run is only less well packed
      }
    }
    for (const [from, to] of [[child.stdout, process.stdout], [child.stderr, process.stderr]] as const) {
      let pending = '';
      from.setEncoding('utf8');
      from.on('data', (chunk: string) => {
        pending += chunk;
        const end = pending.lastIndexOf('\n');
        if (end >= 0) {
          to.write(pending.slice(0, end + 1));
          if (from === child.stdout) count(pending.slice(0, end + 1));
          pending = pending.slice(end + 1);
        }
      });
      from.on('end', () => {
        if (!pending) return;
        to.write(`${pending}\n`);
        if (from === child.stdout) count(pending);
      });
    }
    child.on('close', (code, signal) => {
      const seconds = (performance.now() - started) / 1000;
      resolve({ label, ok: code === 0, seconds });
      if (code !== 0) process.stderr.write(`\n${label}: exited with ${signal ?? code}\n`);
    });
  });
}

const nodeTest = (concurrency: number, files: string[]) => [
  '--test',
  `--test-concurrency=${concurrency}`,
  ...(process.env.SOE_TEST_REPORTER ? [`--test-reporter=${process.env.SOE_TEST_REPORTER}`] : []),
  ...files,
];

async function main(): Promise<number> {
  const given = process.argv.slice(2);
  const all = given.length > 0 ? given.map((f) => path.relative(ROOT, path.resolve(f))) : TEST_GLOBS.flatMap((g) => globSync(g, { cwd: ROOT })).sort();
  const missing = Object.keys(SERIAL_TESTS).filter((f) => !existsSync(path.join(ROOT, f)));
  if (missing.length > 0) {
    process.stderr.write(`npm test: tests/support/serial-tests.ts lists ${missing.join(', ')}, which does not exist. Fix: update the list.\n`);
    return 1;
  }
  const serial = all.filter((f) => f in SERIAL_TESTS);
  const concurrent = all.filter((f) => !(f in SERIAL_TESTS));
  const text = (f: string) => readFileSync(path.join(ROOT, f), 'utf8');
  const builds = concurrent.filter((f) => BUILDS_SITE.test(text(f)));
  const browsers = concurrent.filter((f) => !builds.includes(f) && USES_BROWSER.test(text(f)));
  const benches = concurrent.filter((f) => !builds.includes(f) && !browsers.includes(f) && RUNS_BENCH.test(text(f)));
  const outcomes = concurrent.filter((f) => !builds.includes(f) && !browsers.includes(f) && !benches.includes(f) && RENDERS_OUTCOMES.test(text(f)));
  const rest = concurrent.filter((f) => !builds.includes(f) && !browsers.includes(f) && !benches.includes(f) && !outcomes.includes(f));
  const others = rest.filter((f) => OWN_PROCESS.test(text(f)));
  const computing = rest.filter((f) => !others.includes(f));

  const shared = mkdtempSync(path.join(os.tmpdir(), 'soe-test-run-'));
  // Ctrl-C reaches the test processes too (same process group); the shared builds go with the run.
  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
    process.once(signal, () => {
      rmSync(shared, { recursive: true, force: true });
      process.exit(code);
    });
  }
  // Node's on-disk compile cache for every process of the run (test files, CLIs, builds, services,
  // tsc): hundreds of Node processes load the same modules, and a warm start takes about half the CPU.
  const compileCache = process.env.NODE_COMPILE_CACHE || path.join(ROOT, 'node_modules', '.cache', 'node-compile');
  const env = { ...process.env, [SHARED_SITES_ENV]: shared, NODE_COMPILE_CACHE: compileCache };
  const node = process.execPath;
  const results = [];
  try {
    const t0 = performance.now();
    process.env[SHARED_SITES_ENV] = shared;
    process.env.NODE_COMPILE_CACHE = compileCache;
    // Their readers wait for them; a failed build is reported by each of them.
    const prebuilt = given.length === 0 ? fixturePage().then(variantPage).then(editedPage).catch(() => undefined) : undefined;
    const first = [];
    // Niced: nothing waits for the type check, so it does not hold up the shared pages' builds.
    if (given.length === 0) first.push(run('typecheck', 'npm', ['run', '--silent', 'typecheck'], env, 10));
    if (builds.length > 0) first.push(run(`site builds (${builds.length} files)`, node, nodeTest(CONCURRENCY, builds), env));
    if (benches.length > 0) first.push(run(`bench runs (${benches.length} files)`, node, nodeTest(BENCH_CONCURRENCY, benches), env));
    if (browsers.length > 0) first.push(run(`browser tests (${browsers.length} files)`, node, nodeTest(1, browsers), env));
    // Niced like the type check: it only computes, and the site builds and browsers wait for nothing of it.
    // In OUTCOME_SHARDS processes: one alone was the last to finish, on one core, with the other idle.
    for (let shard = 1; outcomes.length > 0 && shard <= OUTCOME_SHARDS; shard++) {
      first.push(run(`outcome test, shard ${shard} of ${OUTCOME_SHARDS}`, node, nodeTest(1, outcomes), { ...env, SOE_OUTCOME_SHARD: `${shard}/${OUTCOME_SHARDS}` }, 10));
    }
    if (others.length > 0) first.push(run(`other tests (${others.length} files)`, node, nodeTest(OTHER_CONCURRENCY, others), env));
    if (computing.length > 0) first.push(run(`computing tests, in one process (${computing.length} files)`, node, ['--test-isolation=none', ...nodeTest(1, computing)], env));
    results.push(...(await Promise.all(first)));
    await prebuilt;
    const t1 = performance.now();
    if (serial.length > 0) results.push(await run(`timing-sensitive tests, one at a time (${serial.length} files)`, node, nodeTest(1, serial), env));
    const t2 = performance.now();
    process.stdout.write(
      `\nnpm test: ${((t2 - t0) / 1000).toFixed(0)} s: concurrent phase ${((t1 - t0) / 1000).toFixed(0)} s, timing-sensitive phase ${((t2 - t1) / 1000).toFixed(0)} s` +
        ` (load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')})\n` +
        results.map((r) => `  ${r.ok ? 'ok    ' : 'FAILED'} ${r.label}: ${r.seconds.toFixed(0)} s\n`).join('') +
        // One closing line for the whole run, in the plain form CI reads (each child printed its own).
        `tests: ${totals.passed} passed, ${totals.failed} failed\n`,
    );
  } finally {
    rmSync(shared, { recursive: true, force: true });
  }
  return results.every((r) => r.ok) ? 0 : 1;
}

process.exitCode = await main();
