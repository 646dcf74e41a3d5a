/**
 * Runs `npm run build`'s script (BUILD_SCRIPT) as a child process for the site tests, on the
 * repo's pinned Node, building from a given results file into a given folder (never the real dist/).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** `npm run build`'s script: the one place the tests name it. */
export const BUILD_SCRIPT = path.join(ROOT, 'src', 'pipeline', 'build.ts');
/** The labelled full-run fixture (never the page's data). */
export const FIXTURE = path.join(ROOT, 'tests', 'fixtures', 'results-2026-11-30-full.json');
/** The labelled beyond-suite fixture (a real run of this machine; see tests/fixtures/README.md). */
export const BEYOND_FIXTURE = path.join(ROOT, 'tests', 'fixtures', 'beyond-results-quick.json');

/** Outcome of a build. */
export interface BuildRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A fresh temporary folder for one test file. */
export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(os.tmpdir(), `soe-${prefix}-`));
}

/**
 * Builds the site from `resultsFile` into `outDir`; extra args (e.g. --fresh) are passed on, extra
 * environment (e.g. HOP_PRICES_FILE) is added. HOP_BENCH_FRESH is cleared so a developer's
 * environment cannot start a bench run; HOP_BEYOND_RESULTS defaults to the beyond fixture.
 */
export function runBuild(resultsFile: string, outDir: string, args: string[] = [], extraEnv: Record<string, string> = {}): Promise<BuildRun> {
  const env = buildEnv(resultsFile, extraEnv);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BUILD_SCRIPT, '--out-dir', outDir, ...args], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The environment runBuild gives the build (see runBuild). */
export function buildEnv(resultsFile: string, extraEnv: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, HOP_BEYOND_RESULTS: BEYOND_FIXTURE, ...extraEnv, HOP_BENCH_RESULTS: resultsFile };
  delete env.HOP_BENCH_FRESH;
  return env;
}

/** Every file under `dir` with its bytes, keyed by relative path (to compare folders exactly). */
export function snapshotDir(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of readdirSync(dir, { recursive: true })) {
    const file = path.join(dir, String(entry));
    if (statSync(file).isFile()) files.set(String(entry), readFileSync(file));
  }
  return files;
}
