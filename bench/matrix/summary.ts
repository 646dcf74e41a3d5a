/**
 * The Node version matrix's record and how to read it (public, for the site: "@split-on-evidence/hop-bench/matrix").
 * A matrix run writes, into bench/results/matrix/, one results file per Node version that ran
 * (named like archived full runs: date, Node version, host) and one summary, "<date>_<host>.matrix.json",
 * that lists every version: how it ran, its V8 and OpenSSL, or why it could not run.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { archiveName } from '../src/harness/archive.ts';
import { twoSampleTest } from '../src/harness/permutation-test.ts';
import { writeFileUnique, writeResultsAtomic } from '../src/harness/results-file.ts';
import { parseResultsText, type LatencyCaseResult, type Results } from '../src/harness/schema.ts';

/** Version of the summary layout; bump when a field changes meaning. */
export const MATRIX_SCHEMA_VERSION = 1;

/** The machine a matrix ran on; the page shows a matrix only when this matches the build machine. */
export const MatrixMachineSchema = z.object({
  /** os.hostname(). */
  hostname: z.string(),
  /** os.cpus()[0].model, trimmed. */
  cpuModel: z.string().min(1),
  /** os.availableParallelism(). */
  cores: z.number().int().positive(),
  /** process.platform and process.arch, e.g. "linux", "x64". */
  platform: z.string().min(1),
  arch: z.string().min(1),
});

/** One Node version of a matrix run. */
export const MatrixVersionSchema = z.object({
  /** Exact version as configured, e.g. "22.23.5". */
  version: z.string().regex(/^\d+\.\d+\.\d+$/),
  /** "ok": the suite ran and its results are archived; "failed": see stage and reason. */
  status: z.enum(['ok', 'failed']),
  /** Where a failed version stopped: installing Node, loading TypeScript, or the bench itself. */
  stage: z.enum(['install', 'runner', 'bench']).nullable(),
  /** Why it failed, in plain words; null when ok. */
  reason: z.string().nullable(),
  /** How the bench's TypeScript was loaded: "native type stripping" or "tsx <version>"; null if not reached. */
  runner: z.string().nullable(),
  /** V8 version of that Node (process.versions.v8); null if not reached. */
  v8Version: z.string().nullable(),
  /** OpenSSL version of that Node (process.versions.openssl); null if not reached or not built in. */
  opensslVersion: z.string().nullable(),
  /** True when this matrix run downloaded the Node binary; false when the cache had it. */
  installed: z.boolean(),
  /** The version's reference-suite results file, a name in the summary's folder; null when it did not run (or ran another suite only). */
  resultsFile: z.string().nullable(),
  /** Results files of other suites (e.g. --suite beyond), names in the summary's folder, archived as the bench wrote them. */
  otherSuiteFiles: z.array(z.string()).default([]),
  /** Wall-clock time spent on this version (install, probe, suite), ms. */
  durationMs: z.number().nonnegative(),
});

/** A matrix run's summary file. */
export const MatrixSummarySchema = z.object({
  schemaVersion: z.literal(MATRIX_SCHEMA_VERSION),
  tool: z.literal('hop-bench-matrix'),
  /** When the matrix started and finished, ISO 8601 UTC. */
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime(),
  /** "full" = each version ran the full suite; "quick" = smoke counts (for tests). */
  mode: z.enum(['full', 'quick']),
  /** The suite each version ran ("reference" unless --suite was given). */
  suite: z.string().min(1),
  machine: MatrixMachineSchema,
  /** Every version asked for, in the order run. */
  versions: z.array(MatrixVersionSchema).min(1),
});

export type MatrixMachine = z.infer<typeof MatrixMachineSchema>;
export type MatrixVersion = z.infer<typeof MatrixVersionSchema>;
export type MatrixSummary = z.infer<typeof MatrixSummarySchema>;

/** This process's machine, as a matrix records it. */
export function currentMachine(): MatrixMachine {
  return {
    hostname: os.hostname(),
    cpuModel: os.cpus()[0]?.model.trim() || 'unknown CPU',
    cores: os.availableParallelism(),
    platform: process.platform,
    arch: process.arch,
  };
}

/** Whether two machine records describe the same machine (host, CPU model, cores, platform, arch). */
export function sameMachine(a: MatrixMachine, b: MatrixMachine): boolean {
  return a.hostname === b.hostname && a.cpuModel === b.cpuModel && a.cores === b.cores && a.platform === b.platform && a.arch === b.arch;
}

/** Summary file name, e.g. "2026-12-01T08-10-00Z_build-host.matrix.json". */
export function summaryName(startedAt: string, hostname: string): string {
  return `${stamp(startedAt)}_${safeHost(hostname)}.matrix.json`;
}

function stamp(iso: string): string {
  return iso.replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');
}

function safeHost(hostname: string): string {
  return hostname.replace(/[^A-Za-z0-9.-]+/g, '-') || 'host';
}

/**
 * Writes `text` to `dir/name`, never replacing a file: when the name is taken, "_2", "_3", … is put
 * before the extension. The file appears whole (temp file, then a hard link, which fails if the
 * name exists, so two writers cannot take one name).
 * @returns the path written.
 */
export function writeUnique(dir: string, name: string, text: string): string {
  const dot = name.indexOf('.', name.lastIndexOf('_') + 1);
  const [base, ext] = dot < 0 ? [name, ''] : [name.slice(0, dot), name.slice(dot)];
  return writeFileUnique(dir, base, ext, text);
}

/**
 * Archives one version's results in the matrix folder, named like an archived full run
 * ("<date>_v<node>_<host>.json"), never overwriting an earlier file.
 * @throws ResultsValidationError when the results do not pass the schema.
 */
export function archiveMatrixResults(results: Results, dir: string): string {
  // Validate through the bench's own writer into a scratch file, then publish under a free name.
  const scratch = path.join(dir, `.scratch-${process.pid}.json`);
  writeResultsAtomic(scratch, results);
  try {
    return writeUnique(dir, archiveName(results), readFileSync(scratch, 'utf8'));
  } finally {
    rmSync(scratch, { force: true });
  }
}

/**
 * Archives the results file of another suite (e.g. beyond) as the bench wrote it, named like a full
 * run with the suite appended ("<date>_v<node>_<host>_beyond.json"). Only the fields the name needs
 * are checked here; that suite's own schema belongs to its code.
 * @throws Error when the file is not JSON or lacks environment.startedAt, nodeVersion or hostname.
 */
export function archiveOtherSuiteResults(file: string, suite: string, dir: string): string {
  const text = readFileSync(file, 'utf8');
  const env = (JSON.parse(text) as { environment?: { startedAt?: unknown; nodeVersion?: unknown; hostname?: unknown } }).environment;
  if (typeof env?.startedAt !== 'string' || typeof env.nodeVersion !== 'string' || typeof env.hostname !== 'string') {
    throw new Error(`${path.basename(file)}: the ${suite} results have no environment.startedAt, nodeVersion and hostname to name the archive by`);
  }
  return writeUnique(dir, `${stamp(env.startedAt)}_${env.nodeVersion}_${safeHost(env.hostname)}_${suite}.json`, text);
}

/** Writes a matrix summary (validated) under a free name. @returns the path written. */
export function writeMatrixSummary(summary: MatrixSummary, dir: string): string {
  const valid = MatrixSummarySchema.parse(summary);
  return writeUnique(dir, summaryName(valid.startedAt, valid.machine.hostname), JSON.stringify(valid, null, 2) + '\n');
}

/** One version's row as the final table and the page show it. */
export interface MatrixRow {
  entry: MatrixVersion;
  /** The version's results; null when it did not run or its file cannot be read. */
  results: Results | null;
  /** Median p50 of B, C and D across runs, µs; null when the case did not run. */
  p50Us: { B: number | null; C: number | null; D: number | null };
  /** Each run's p50 of B, C and D, µs, in run order (the spread between runs). */
  runP50Us: { B: number[]; C: number[]; D: number[] };
  /** C and D median p50 ÷ B median p50; null when a case is missing. */
  ratio: { C: number | null; D: number | null };
  /** Each run's C ÷ B and D ÷ B (run r's p50 over run r's B p50). */
  runRatio: { C: number[]; D: number[] };
}

const CASE_IDS = ['B', 'C', 'D'] as const;

/** The row of one version from its results (null results: a version that did not run). */
export function matrixRow(entry: MatrixVersion, results: Results | null): MatrixRow {
  const latency = (id: string) => results?.cases.find((c): c is LatencyCaseResult => c.kind === 'latency' && c.id === id);
  const p50 = Object.fromEntries(CASE_IDS.map((id) => [id, latency(id)?.median.p50Us ?? null])) as MatrixRow['p50Us'];
  const runs = Object.fromEntries(CASE_IDS.map((id) => [id, latency(id)?.runs.map((r) => r.p50Us) ?? []])) as MatrixRow['runP50Us'];
  const over = (x: number | null) => (x === null || p50.B === null || p50.B === 0 ? null : x / p50.B);
  const runOver = (xs: number[]) => (xs.length === runs.B.length ? xs.map((x, i) => x / runs.B[i]!) : []);
  return { entry, results, p50Us: p50, runP50Us: runs, ratio: { C: over(p50.C), D: over(p50.D) }, runRatio: { C: runOver(runs.C), D: runOver(runs.D) } };
}

/**
 * Whether two sets of run figures (any one unit, each > 0) differ by more than the noise between runs:
 * the noise rule's two-sample permutation test (harness/permutation-test.ts twoSampleTest, alpha 0.05)
 * calls a difference. Runs too few for the test ever to call one (3 against 3, or a side of one) are
 * never called a difference.
 */
export function beyondNoise(a: readonly number[], b: readonly number[]): boolean {
  return a.length > 0 && b.length > 0 && twoSampleTest(a, b).differs === true;
}

/**
 * The fewest runs per version with which two versions' figures can be called different at all (the
 * permutation test's smallest p-value 2 / C(2n, n) must reach alpha): 4.
 */
export const MATRIX_MIN_RUNS_FOR_VERDICT = 4;

/** A matrix read from disk: its summary, its file, and one row per version. */
export interface LoadedMatrix {
  file: string;
  summary: MatrixSummary;
  rows: MatrixRow[];
}

/** What the page can show: no matrix, only another machine's, or this machine's newest. */
export type MatrixLookup =
  | { status: 'none'; dir: string }
  | { status: 'other-machine'; dir: string; file: string; machine: MatrixMachine }
  | { status: 'found'; dir: string; matrix: LoadedMatrix; skipped: string[] };

/**
 * Finds the newest full matrix in `dir` that ran on `machine` (else its newest quick one). Summaries of other machines are never
 * returned as this one's; a version whose results file is missing, unreadable or from another
 * machine becomes a failed row with that reason.
 * @param warn receives one line per summary file that cannot be read (it is skipped).
 */
export function findMatrix(dir: string, machine: MatrixMachine, warn: (line: string) => void = () => {}): MatrixLookup {
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((f) => f.endsWith('.matrix.json')).sort();
  } catch {
    return { status: 'none', dir };
  }
  let other: { file: string; machine: MatrixMachine } | undefined;
  let quick: { file: string; summary: MatrixSummary } | undefined;
  const skipped: string[] = [];
  const found = (file: string, summary: MatrixSummary): MatrixLookup => ({
    status: 'found',
    dir,
    matrix: { file, summary, rows: summary.versions.map((v) => rowFromDisk(v, dir, machine)) },
    skipped,
  });
  for (const name of names.reverse()) {
    const file = path.join(dir, name);
    let summary: MatrixSummary;
    try {
      summary = MatrixSummarySchema.parse(JSON.parse(readFileSync(file, 'utf8')));
    } catch (error) {
      const line = `${file}: not a matrix summary (${(error as Error).message.split('\n')[0]})`;
      skipped.push(line);
      warn(line);
      continue;
    }
    if (summary.suite === 'beyond') continue; // no reference figures to show
    if (!sameMachine(summary.machine, machine)) {
      other ??= { file, machine: summary.machine };
      continue;
    }
    // A full matrix is what the page is for; a quick one (smoke counts) only when there is no full one.
    if (summary.mode === 'full') return found(file, summary);
    quick ??= { file, summary };
  }
  if (quick) return found(quick.file, quick.summary);
  return other ? { status: 'other-machine', dir, ...other } : { status: 'none', dir };
}

function rowFromDisk(entry: MatrixVersion, dir: string, machine: MatrixMachine): MatrixRow {
  if (entry.status !== 'ok' || entry.resultsFile === null) return matrixRow(entry, null);
  const file = path.join(dir, path.basename(entry.resultsFile));
  const failed = (reason: string) => matrixRow({ ...entry, status: 'failed', stage: 'bench', reason }, null);
  if (!existsSync(file)) return failed(`its results file ${path.basename(file)} is missing`);
  let results: Results;
  try {
    results = parseResultsText(readFileSync(file, 'utf8'), file);
  } catch (error) {
    return failed(`its results file is not valid: ${(error as Error).message.split('\n')[1]?.trim() ?? 'schema error'}`);
  }
  const e = results.environment;
  if (e.hostname !== machine.hostname || e.cpuModel !== machine.cpuModel || e.cores !== machine.cores) {
    return failed(`its results file is from another machine (${e.hostname}, ${e.cpuModel})`);
  }
  if (e.nodeVersion !== `v${entry.version}`) return failed(`its results file was made with Node ${e.nodeVersion}, not v${entry.version}`);
  return matrixRow(entry, results);
}
