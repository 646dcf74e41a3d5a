/**
 * Site builds shared by the test files of one `npm test`: the first file that asks for a build with
 * given inputs builds it (under a lock, so concurrent files wait for it instead of building it again);
 * every later ask with the same inputs gets the same folder, read-only. A test that needs to write
 * (e.g. a build that must leave a previous output untouched) takes a copy (copySite).
 *
 * The builds live in $SOE_SHARED_SITES, a folder the test runner (tests/support/run-tests.ts) makes for
 * one run and removes after it; a test file run on its own builds into a folder of its own process.
 * Each build sits under its key (site-inputs-key.ts: script, arguments, environment, results, sources,
 * Node, date), so a build is only ever reused for the very inputs it was made from. Only a build that
 * succeeded is kept: after a failed one, the next file that asks builds again (and reports its own
 * failure), so one failure of the build machinery does not fail every reader at once.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildEnv, BUILD_SCRIPT, ROOT, runBuild, snapshotDir, type BuildRun } from './site-build.ts';
import { buildKey } from './site-inputs-key.ts';

/** The environment variable naming the run's folder of shared builds. */
export const SHARED_SITES_ENV = 'SOE_SHARED_SITES';

/** A shared build: its output folder (never write into it) and what the build printed. */
export interface SharedSite extends BuildRun {
  /** The built site; read-only for every test. */
  dir: string;
  /** The key it was built under. */
  key: string;
}

/** Inputs of a shared build, as runBuild takes them. */
export interface SharedInputs {
  results: string;
  args?: string[];
  env?: Record<string, string>;
}

let ownFolder: string | undefined;
/** The folder holding the shared builds: the run's, or (a file run alone) one for this process. */
function sharedRoot(): string {
  const given = process.env[SHARED_SITES_ENV];
  if (given) return given;
  if (!ownFolder) {
    ownFolder = mkdtempSync(path.join(os.tmpdir(), 'soe-sites-'));
    process.once('exit', () => rmSync(ownFolder!, { recursive: true, force: true }));
  }
  return ownFolder;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether the process `pid` is alive. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A SHA-256 over every file of a folder (names and bytes), to prove nobody wrote into a shared build. */
export function digest(dir: string): string {
  const hash = createHash('sha256');
  for (const [name, bytes] of [...snapshotDir(dir)].sort(([a], [b]) => (a < b ? -1 : 1))) hash.update(`${name}\0${bytes.length}\0`).update(bytes);
  return hash.digest('hex');
}

/**
 * The site built from `inputs`, built now if no test file of this run built it yet.
 * @throws Error when a test wrote into the shared folder since it was built.
 */
export async function sharedSite(inputs: SharedInputs): Promise<SharedSite> {
  const args = inputs.args ?? [];
  const env = buildEnv(inputs.results, inputs.env ?? {});
  const key = buildKey(ROOT, BUILD_SCRIPT, { resultsFile: inputs.results, args, env });
  const root = sharedRoot();
  const done = path.join(root, key);
  const lock = path.join(root, `${key}.lock`);
  for (;;) {
    if (existsSync(path.join(done, 'build.json'))) break;
    try {
      mkdirSync(lock, { recursive: false });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // Another test file is building it: wait, unless that file's process died.
      const owner = Number(readFileOr(path.join(lock, 'pid'), '0'));
      if (owner > 0 && !alive(owner)) rmSync(lock, { recursive: true, force: true });
      await sleep(250);
      continue;
    }
    try {
      writeFileSync(path.join(lock, 'pid'), String(process.pid));
      const work = path.join(root, `${key}.building`);
      rmSync(work, { recursive: true, force: true });
      mkdirSync(work);
      const run = await runBuild(inputs.results, path.join(work, 'site'), args, inputs.env ?? {});
      if (run.code !== 0) {
        rmSync(work, { recursive: true, force: true });
        return { dir: path.join(work, 'site'), key, ...run };
      }
      const record = { ...run, digest: digest(path.join(work, 'site')) };
      writeFileSync(path.join(work, 'build.json'), JSON.stringify(record));
      renameSync(work, done);
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  const record = JSON.parse(readFileSync(path.join(done, 'build.json'), 'utf8')) as BuildRun & { digest: string };
  const dir = path.join(done, 'site');
  if (digest(dir) !== record.digest) {
    throw new Error(`the shared build ${dir} was changed after it was built: a test wrote into it. Fix: write into copySite(site, yourFolder) instead.`);
  }
  return { dir, key, code: record.code, stdout: record.stdout, stderr: record.stderr };
}

function readFileOr(file: string, fallback: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return fallback;
  }
}

/**
 * A folder of input files for shared builds (an archive, a matrix, a variant results file), made once
 * per run and named by its content, so every test file that asks for the same files gets the same
 * path (and so the same build key), and a folder never changes once made. Never write into it.
 * @param files file name → content
 */
export function sharedInput(name: string, files: Record<string, string>): string {
  const hash = createHash('sha256');
  for (const file of Object.keys(files).sort()) hash.update(`${file}\0${files[file]!.length}\0`).update(files[file]!);
  const dir = path.join(sharedRoot(), 'inputs', `${name}-${hash.digest('hex').slice(0, 16)}`);
  if (existsSync(dir)) return dir;
  const work = `${dir}.tmp-${process.pid}`;
  mkdirSync(work, { recursive: true });
  for (const [file, content] of Object.entries(files)) writeFileSync(path.join(work, file), content);
  try {
    renameSync(work, dir);
  } catch (error) {
    // Another test file made the same folder first: same name, same content.
    rmSync(work, { recursive: true, force: true });
    if (!existsSync(dir)) throw error;
  }
  return dir;
}

/** A writable copy of a shared build at `dest` (which must not exist yet), for tests that write. */
export function copySite(site: SharedSite, dest: string): string {
  if (existsSync(dest)) throw new Error(`copySite: ${dest} exists already`);
  cpSync(site.dir, dest, { recursive: true });
  return dest;
}

/** An empty folder of this run (e.g. "no archived runs", "no Node matrix"); never write into it. */
export function emptyFolder(): string {
  const dir = path.join(sharedRoot(), 'empty');
  mkdirSync(dir, { recursive: true });
  return dir;
}
