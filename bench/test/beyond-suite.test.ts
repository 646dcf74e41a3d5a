// The beyond suite itself: its results schema, its cache key (independent of the reference suite's),
// the one runner driving it (availability, not-measured reasons, schema checks, abort) and its command line.
import './support/own-bench-lock.ts';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { runSuite } from '../src/harness/runner.ts';
import type { BeyondCase } from '../src/harness/case.ts';
import { BENCH_ROOT } from '../src/harness/fingerprint.ts';
import { referenceSuite } from '../src/suites/reference.ts';
import { beyondSuite } from '../src/suites/beyond.ts';
import { ResultsValidationError } from '../src/harness/schema.ts';
import { BENCH_TEST_TIMEOUT_MS, processesTagged, startCliUntil, waitFor } from './support/processes.ts';

const FIXTURE = fileURLToPath(new URL('../../tests/fixtures/beyond-results-quick.json', import.meta.url));
const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
const tmp = mkdtempSync(path.join(os.tmpdir(), 'hop-bench-beyond-'));
after(() => rmSync(tmp, { recursive: true, force: true }));
const fixture = () => JSON.parse(readFileSync(FIXTURE, 'utf8'));

function issuesOf(fn: () => unknown): string[] {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof ResultsValidationError, String(error));
    return error.issues.map((i) => `${i.path}: ${i.message}`);
  }
  assert.fail('expected a validation error');
}

describe('beyond results schema', () => {
  test('the labelled fixture (real quick runs) is valid and holds cases F, G, H and I', () => {
    const r = beyondSuite.parseResultsText(readFileSync(FIXTURE, 'utf8'), FIXTURE);
    assert.equal(r.suite, 'beyond');
    assert.deepEqual(r.cases.map((c) => [c.id, c.status]), [['F', 'measured'], ['G', 'measured'], ['H', 'measured'], ['I', 'measured']]);
  });

  test("a bad field inside a case's result is named by its path, from the case's own schema", () => {
    const data = fixture();
    data.cases[0].result.targets[1].capacity.perSec = -5;
    const issues = issuesOf(() => beyondSuite.parseResults(data, 'x.json'));
    assert.ok(issues.some((i) => i.startsWith('cases.0.result.targets.1.capacity.perSec:')), issues.join('\n'));
  });

  test("a bad case config is checked against the case's configSchema", () => {
    const data = fixture();
    data.config.caseConfigs.F.arrival = 'bursty';
    const issues = issuesOf(() => beyondSuite.parseResults(data, 'x.json'));
    assert.ok(issues.some((i) => i.startsWith('config.caseConfigs.F.arrival:')), issues.join('\n'));
  });

  test('an unknown case, cases out of step with the config, or a reference results file are rejected', () => {
    const unknown = fixture();
    unknown.config.cases = ['Q'];
    unknown.cases[0].id = 'Q';
    assert.ok(issuesOf(() => beyondSuite.parseResults(unknown, 'x.json')).some((i) => /not in this bench's beyond registry/.test(i)));
    const mismatch = fixture();
    mismatch.config.cases = [];
    assert.ok(issuesOf(() => beyondSuite.parseResults(mismatch, 'x.json')).some((i) => i.startsWith('cases:')));
    const reference = JSON.parse(readFileSync(fileURLToPath(new URL('../../tests/fixtures/results-2026-11-30-full.json', import.meta.url)), 'utf8'));
    assert.ok(issuesOf(() => beyondSuite.parseResults(reference, 'latest.json')).some((i) => i.startsWith('suite:')));
  });

  test('a not-measured case needs its reason', () => {
    const data = fixture();
    data.cases[0] = { id: 'F', title: 'x', status: 'not-measured', reason: '' };
    assert.ok(issuesOf(() => beyondSuite.parseResults(data, 'x.json')).some((i) => i.startsWith('cases.0.reason:')));
    data.cases[0].reason = 'needs more cores';
    assert.equal(beyondSuite.parseResults(data, 'x.json').cases[0]!.status, 'not-measured');
  });
});

describe('cache keys of the two suites', () => {
  // A copy of bench/src and bench/package.json, edited one file at a time.
  const root = path.join(tmp, 'bench');
  cpSync(path.join(BENCH_ROOT, 'src'), path.join(root, 'src'), { recursive: true });
  cpSync(path.join(BENCH_ROOT, 'package.json'), path.join(root, 'package.json'));
  const keys = () => ({ reference: referenceSuite.sourceSha256(root), beyond: beyondSuite.sourceSha256(root) });

  test('the copy has the same keys as the real tree', () => {
    assert.deepEqual(keys(), { reference: referenceSuite.sourceSha256(), beyond: beyondSuite.sourceSha256() });
  });

  test('changing a beyond case changes only the beyond key', () => {
    const before = keys();
    appendFileSync(path.join(root, 'src', 'cases', 'f-load', 'case.ts'), '\n// edited\n');
    const now = keys();
    assert.equal(now.reference, before.reference);
    assert.notEqual(now.beyond, before.beyond);
  });

  test('changing a reference case changes both keys (case H runs B, C and D)', () => {
    const before = keys();
    appendFileSync(path.join(root, 'src', 'cases', 'b-keep-alive', 'case.ts'), '\n// edited\n');
    const now = keys();
    assert.notEqual(now.reference, before.reference);
    assert.notEqual(now.beyond, before.beyond);
  });

  test('changing the shared harness changes both', () => {
    const before = keys();
    appendFileSync(path.join(root, 'src', 'harness', 'services', 'http-service.ts'), '\n// edited\n');
    const now = keys();
    assert.notEqual(now.reference, before.reference);
    assert.notEqual(now.beyond, before.beyond);
  });

  test('the beyond key covers the reference code its cases run, and the reference key leaves out the beyond cases', () => {
    const rel = (files: string[]) => files.map((f) => path.relative(BENCH_ROOT, f).split(path.sep).join('/'));
    const beyond = rel(beyondSuite.sourceFiles());
    // G times with harness/measure.ts; H runs B, C and D through target mode (tools/).
    for (const file of ['src/harness/measure.ts', 'src/cases/b-keep-alive/case.ts', 'src/suites/reference.ts', 'src/harness/runner.ts', 'src/tools/target-cli.ts']) assert.ok(beyond.includes(file), file);
    const reference = rel(referenceSuite.sourceFiles());
    for (const file of ['src/cases/f-load/case.ts', 'src/cases/i-retry-storm/spec.ts', 'src/suites/beyond.ts', 'src/tools/target-cli.ts']) assert.ok(!reference.includes(file), file);
    assert.ok(reference.includes('src/cases/e-failure/case.ts'));
  });
});

describe('beyond runner', () => {
  const Result = z.object({ value: z.number() });
  const make = (over: Partial<BeyondCase<{ n: number }, { value: number }>>): BeyondCase<{ n: number }, { value: number }> => ({
    id: 'F',
    title: 'fake',
    configSchema: z.object({ n: z.number() }),
    resultSchema: Result,
    config: { full: { n: 1 }, quick: { n: 1 } },
    available: async () => ({ ok: true }),
    run: async (_ctx, config) => ({ value: config.n * 2 }),
    report: (r) => [`value ${r.value}`],
    ...over,
  });
  const config = { mode: 'quick' as const, runs: 1, cases: ['F'], caseConfigs: { F: { n: 21 } } };
  const signal = () => new AbortController().signal;
  const runBeyondSuite = (c: typeof config, log: (l: string) => void, s: AbortSignal, registry: BeyondCase<{ n: number }, { value: number }>[]) =>
    runSuite(beyondSuite, c, { log, signal: s }, registry);

  test('runs an available case and keeps its result and warnings', async () => {
    const { cases } = await runBeyondSuite(config, () => {}, signal(), [make({ warnings: () => ['w'] })]);
    assert.equal(cases[0]!.status, 'measured');
    assert.deepEqual(cases[0]!.status === 'measured' && [cases[0]!.result, cases[0]!.warnings], [{ value: 42 }, ['w']]);
  });

  test('an unavailable case, or one whose check throws, is recorded as not measured with its reason', async () => {
    const ran: string[] = [];
    const no = make({ available: async () => ({ ok: false, reason: 'needs root' }), run: async () => (ran.push('x'), { value: 0 }) });
    const boom = make({ available: async () => { throw new Error('no ip binary'); } });
    for (const [c, reason] of [[no, 'needs root'], [boom, 'its availability check failed (no ip binary)']] as const) {
      const { cases } = await runBeyondSuite(config, () => {}, signal(), [c]);
      assert.deepEqual(cases[0], { id: 'F', title: 'fake', status: 'not-measured', reason });
    }
    assert.deepEqual(ran, []);
  });

  test("a result that does not fit the case's schema, or a failing run, fails the suite naming the case", async () => {
    await assert.rejects(runBeyondSuite(config, () => {}, signal(), [make({ run: async () => ({ value: 'x' }) as never })]), /case F \(fake\) produced a result that does not fit its schema: value/);
    await assert.rejects(runBeyondSuite(config, () => {}, signal(), [make({ run: async () => { throw new Error('socket hang up'); } })]), /case F \(fake\): socket hang up/);
  });

  test('an aborted signal stops the suite', async () => {
    const abort = new AbortController();
    abort.abort();
    await assert.rejects(runBeyondSuite(config, () => {}, abort.signal, [make({})]), /interrupted/);
  });
});

describe('command line, --suite', () => {
  const run = (args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: BENCH_TEST_TIMEOUT_MS });

  test('an unknown suite, a case of the other suite, or --compare with beyond are usage errors', () => {
    const bad = run(['--suite', 'extra']);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /--suite takes reference, beyond or all, got "extra"/);
    const other = run(['--cases', 'F']);
    assert.equal(other.status, 2);
    assert.match(other.stderr, /F belongs to the other suite: add --suite beyond or --suite all/);
    const compare = run(['--suite', 'beyond', '--compare', FIXTURE]);
    assert.equal(compare.status, 2);
    assert.match(compare.stderr, /--compare compares reference results/);
  });

  // One case (G, the shortest) is enough to prove the command line's path; each case's own quick run
  // is tested in its file (beyond-load, beyond-g-tls, serve-target, retry-storm-case).
  test('--suite beyond --quick --cases G --json writes its own file and prints valid beyond results', () => {
    const out = path.join(tmp, 'beyond.json');
    writeFileSync(path.join(tmp, 'latest.json'), 'untouched');
    const r = run(['--suite', 'beyond', '--quick', '--cases', 'G', '--json', '--out', out]);
    assert.equal(r.status, 0, r.stderr);
    const printed = beyondSuite.parseResults(JSON.parse(r.stdout), 'stdout');
    assert.equal(printed.config.mode, 'quick');
    assert.deepEqual(beyondSuite.parseResultsText(readFileSync(out, 'utf8'), out), printed);
    assert.equal(readFileSync(path.join(tmp, 'latest.json'), 'utf8'), 'untouched');
    assert.deepEqual(printed.cases.map((c) => [c.id, c.status]), [['G', 'measured']]);
    assert.match(printed.report, /^G\. /m);
  });
});

describe('interrupting the beyond suite', () => {
  test('SIGINT mid-case stops every service and leaves the beyond results file as it was', { timeout: BENCH_TEST_TIMEOUT_MS }, async () => {
    const out = path.join(tmp, 'keep-beyond.json');
    writeFileSync(out, '{"previous": true}\n');
    const run = await startCliUntil(['--suite', 'beyond', '--quick', '--out', out], /F hop closed c=16/);
    assert.ok(processesTagged(run.tag).length >= 5, 'the CLI and its four services are running');
    run.child.kill('SIGINT');
    const { code } = await run.exit;
    assert.equal(code, 130, run.stderr());
    assert.equal(readFileSync(out, 'utf8'), '{"previous": true}\n');
    await waitFor(() => processesTagged(run.tag).length === 0, 5_000, 'every bench process to exit');
  });

  test('a service that dies mid-case is an error naming the case, not a hang', { timeout: BENCH_TEST_TIMEOUT_MS }, async () => {
    const out = path.join(tmp, 'died-beyond.json');
    const run = await startCliUntil(['--suite', 'beyond', '--quick', '--out', out], /F hop closed c=1/);
    const services = processesTagged(run.tag).filter((pid) => pid !== run.child.pid);
    assert.equal(services.length, 4, 'trivial responder, entitlement service and two relays');
    for (const pid of services) process.kill(pid, 'SIGKILL');
    const { code } = await run.exit;
    assert.equal(code, 1, run.stderr());
    assert.match(run.stderr(), /the beyond suite failed: case F \(Under load: the hop and the chain\): .*\(case F\) exited unexpectedly/);
    assert.equal(existsSync(out), false, 'a failed run writes no results');
    await waitFor(() => processesTagged(run.tag).length === 0, 5_000, 'every bench process to exit');
  });

  test('a service that dies during the peer check stops autocannon too: an error, not a run to the end', { timeout: BENCH_TEST_TIMEOUT_MS }, async () => {
    const out = path.join(tmp, 'died-peer.json');
    const run = await startCliUntil(['--suite', 'beyond', '--quick', '--cases', 'F', '--out', out], /F peer c=16/);
    const started = Date.now();
    for (const pid of processesTagged(run.tag).filter((p) => p !== run.child.pid)) process.kill(pid, 'SIGKILL');
    const { code } = await run.exit;
    assert.equal(code, 1, run.stderr());
    assert.match(run.stderr(), /the beyond suite failed: case F \(Under load: the hop and the chain\): .*\(case F\) exited unexpectedly/);
    // Seconds, not the rest of the case: nothing it started keeps running after it failed.
    assert.ok(Date.now() - started < 20_000, `exited ${Date.now() - started} ms after the kill`);
    assert.equal(existsSync(out), false, 'a failed run writes no results');
  });
});
