/**
 * The Node version matrix: a quick matrix of two real Node versions (one through tsx, one with native
 * type stripping) plus one that does not exist, end to end; the binaries come from the project's cache
 * (a second install installs nothing); archived files are named per version and never collide; the
 * pure helpers with exact values on tiny inputs.
 */
import './support/own-bench-lock.ts';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { MATRIX_CONFIG_FILE, NODE_CACHE_DIR, parseNodeList, PROJECT_DIR, readMatrixVersions } from '../matrix/config.ts';
import { cachedNodePath, ensureNode } from '../matrix/install.ts';
import { archiveOtherSuiteResults, beyondNoise, currentMachine, findMatrix, MatrixSummarySchema, writeUnique } from '../matrix/summary.ts';
import { parseResultsText } from '../src/harness/schema.ts';
import { run } from '../src/harness/spawn.ts';

const work = mkdtempSync(path.join(os.tmpdir(), 'hop-matrix-'));
after(() => rmSync(work, { recursive: true, force: true }));

/** The two versions the end-to-end test runs: Node 20 (needs tsx) and the configured 24.x (strips types). */
const configured = readMatrixVersions();
const V20 = configured.find((v) => v.startsWith('20.'))!;
const V24 = configured.find((v) => v.startsWith('24.'))!;

function runMatrix(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return run(process.execPath, [path.join(PROJECT_DIR, 'bench', 'matrix', 'cli.ts'), ...args], { cwd: PROJECT_DIR });
}

describe('npm run bench:matrix -- --quick', () => {
  it('runs each version, reports the one that cannot run, archives per version, and prints one table', async () => {
    assert.ok(V20 && V24, `the config lists a 20.x and a 24.x: ${configured.join(', ')}`);
    const outDir = path.join(work, 'matrix');
    const run = await runMatrix(['--quick', '--node', `${V20},0.0.1,${V24}`, '--out-dir', outDir]);
    assert.equal(run.code, 1, `one version cannot run, so the exit code is 1:\n${run.stderr.slice(-3000)}`);
    // Progress per version on stderr, the table on stdout.
    assert.match(run.stderr, new RegExp(`\\[1/3 Node ${V20.replace(/\./g, '\\.')}\\] V8 [^,]+, OpenSSL [^;]+; TypeScript via tsx \\d+\\.\\d+\\.\\d+`));
    assert.match(run.stderr, new RegExp(`\\[3/3 Node ${V24.replace(/\./g, '\\.')}\\] V8 [^,]+, OpenSSL [^;]+; TypeScript via native type stripping`));
    assert.match(run.stderr, /\[2\/3 Node 0\.0\.1\] could not run \(install\): npm could not install node-[a-z0-9]+-[a-z0-9]+@0\.0\.1/);
    assert.match(run.stdout, /^Node version matrix \(quick suite, 1 run per version/);
    assert.match(run.stdout, new RegExp(`^v${V20.replace(/\./g, '\\.')}\\s+\\S+\\s+\\S+\\s+tsx \\S+\\s+[\\d.]+\\s+[\\d.]+\\s+[\\d.]+\\s+[\\d.]+×\\s+[\\d.]+×$`, 'm'));
    assert.match(run.stdout, new RegExp(`^v${V24.replace(/\./g, '\\.')}\\s`, 'm'));
    assert.match(run.stdout, /^v0\.0\.1: could not run \(install\): npm could not install/m);

    // One results file per version that ran, named by date, Node version and host; one summary.
    const host = os.hostname().replace(/[^A-Za-z0-9.-]+/g, '-') || 'host';
    const files = readdirSync(outDir).sort();
    const results = files.filter((f) => !f.endsWith('.matrix.json'));
    assert.equal(results.length, 2, files.join(', '));
    assert.match(results.find((f) => f.includes(`_v${V20}_`))!, new RegExp(`^\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\dZ_v${V20}_${host}\\.json$`));
    assert.ok(results.some((f) => f.includes(`_v${V24}_${host}.json`)), results.join(', '));
    const summaryFile = files.find((f) => f.endsWith('.matrix.json'))!;
    const summary = MatrixSummarySchema.parse(JSON.parse(readFileSync(path.join(outDir, summaryFile), 'utf8')));
    assert.equal(summary.mode, 'quick');
    assert.deepEqual(summary.versions.map((v) => [v.version, v.status, v.stage]), [[V20, 'ok', null], ['0.0.1', 'failed', 'install'], [V24, 'ok', null]]);
    for (const v of summary.versions.filter((x) => x.status === 'ok')) {
      const r = parseResultsText(readFileSync(path.join(outDir, v.resultsFile!), 'utf8'), v.resultsFile!);
      assert.equal(r.environment.nodeVersion, `v${v.version}`, 'each file holds the run of its own version');
      assert.equal(r.environment.v8Version, v.v8Version, 'V8 recorded per version');
      assert.match(v.opensslVersion ?? '', /^\d+\.\d+\.\d+/, 'OpenSSL recorded per version');
      assert.equal(r.config.mode, 'quick');
    }
    // The page reads it as this machine's matrix.
    const found = findMatrix(outDir, currentMachine());
    assert.equal(found.status, 'found');
    // A version binary is cached: asking again installs nothing.
    const again = await ensureNode(V24, () => assert.fail('a cached version was installed again'));
    assert.equal(again.installed, false);
    assert.equal(again.nodePath, cachedNodePath(V24, NODE_CACHE_DIR));
    assert.deepEqual(readdirSync(NODE_CACHE_DIR).filter((d) => d.includes('.tmp-')), [], 'no half-installed version left behind');
  });

  it('takes the bench\'s suite names only, and says which before installing anything', async () => {
    const run = await runMatrix(['--quick', '--suite', 'nosuch', '--node', V24, '--out-dir', path.join(work, 'suite')]);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /--suite takes reference, beyond, all \(as the bench does\), got "nosuch"/);
    assert.equal(existsSync(path.join(work, 'suite')), false, 'nothing was run or written');
  });

  it('rejects bad usage with exit 2', async () => {
    const run = await runMatrix(['--node', '22']);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /--node: "22" is not an exact Node version such as 22\.23\.5/);
  });
});

describe('matrix helpers', () => {
  it('parses version lists and the config', () => {
    assert.deepEqual(parseNodeList('22.23.5, v24.20.0,22.23.5'), ['22.23.5', '24.20.0']);
    assert.throws(() => parseNodeList(''), /at least one version/);
    assert.throws(() => parseNodeList('24.x'), /"24\.x" is not an exact Node version/);
    assert.ok(readMatrixVersions(MATRIX_CONFIG_FILE).length >= 1);
    const bad = path.join(work, 'bad-config.json');
    writeFileSync(bad, JSON.stringify({ versions: ['24'] }));
    assert.throws(() => readMatrixVersions(bad), /bad-config\.json is not a valid matrix config:\n {2}- versions\.0: expected an exact Node version/);
  });

  it('never overwrites an archived file', () => {
    const dir = path.join(work, 'unique');
    const name = '2026-12-01T08-00-00Z_v24.22.3_host.json';
    const first = writeUnique(dir, name, 'one');
    const second = writeUnique(dir, name, 'two');
    const third = writeUnique(dir, name, 'three');
    assert.deepEqual([first, second, third].map((f) => path.basename(f)), [name, '2026-12-01T08-00-00Z_v24.22.3_host_2.json', '2026-12-01T08-00-00Z_v24.22.3_host_3.json']);
    assert.equal(readFileSync(first, 'utf8'), 'one');
    assert.deepEqual(readdirSync(dir).filter((f) => f.startsWith('.')), [], 'no temp file left');
  });

  it('archives another suite’s results as written, named by date, Node version, host and suite', () => {
    const dir = path.join(work, 'other-suite');
    const file = path.join(work, 'beyond.json');
    const text = JSON.stringify({ environment: { startedAt: '2026-12-01T08:00:00.123Z', nodeVersion: 'v22.23.5', hostname: 'my host' }, cases: [] });
    writeFileSync(file, text);
    const archived = archiveOtherSuiteResults(file, 'beyond', dir);
    assert.equal(path.basename(archived), '2026-12-01T08-00-00Z_v22.23.5_my-host_beyond.json');
    assert.equal(readFileSync(archived, 'utf8'), text);
    writeFileSync(file, '{"cases": []}');
    assert.throws(() => archiveOtherSuiteResults(file, 'beyond', dir), /no environment\.startedAt, nodeVersion and hostname/);
  });

  it('calls a difference beyond noise only where the two-sample permutation test does (never with 3 runs a side)', () => {
    // 3 + 3 runs: 20 splits, so even runs wholly apart give p = 2/20 = 0.1: never a difference.
    assert.equal(beyondNoise([10, 11, 12], [13, 14, 15]), false);
    // 4 + 4 wholly apart: p = 2/70 = 0.029.
    assert.equal(beyondNoise([10, 11, 12, 12.5], [13, 14, 15, 16]), true);
    assert.equal(beyondNoise([13, 14, 15, 16], [10, 11, 12, 12.5]), true);
    // Interleaved: 10 13 | 11 14 | 12 15 | 12.5 16 alternate sides; far from extreme.
    assert.equal(beyondNoise([10, 11, 12, 16], [12.5, 13, 14, 15]), false);
    assert.equal(beyondNoise([10], [20]), false, 'one run: no verdict');
  });

  it('never takes another machine’s matrix for this one', () => {
    const dir = path.join(work, 'other');
    const other = { ...currentMachine(), hostname: `${os.hostname()}-elsewhere` };
    const summary = {
      schemaVersion: 1, tool: 'hop-bench-matrix', startedAt: '2026-12-01T08:00:00.000Z', finishedAt: '2026-12-01T08:10:00.000Z',
      mode: 'full', suite: 'reference', machine: other,
      versions: [{ version: '24.22.3', status: 'failed', stage: 'install', reason: 'x', runner: null, v8Version: null, opensslVersion: null, installed: false, resultsFile: null, durationMs: 1 }],
    };
    writeUnique(dir, '2026-12-01T08-00-00Z_elsewhere.matrix.json', JSON.stringify(summary));
    const found = findMatrix(dir, currentMachine());
    assert.equal(found.status, 'other-machine');
    assert.equal(findMatrix(path.join(work, 'no-such-dir'), currentMachine()).status, 'none');
  });
});
