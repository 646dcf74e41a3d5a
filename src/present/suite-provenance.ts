/**
 * Each suite's provenance in words, from its own results file: the machine, OS, runtime, date, runs
 * and mode, duration and source of the reference suite (cases A–E, results.json) and of the beyond
 * suite (cases F–I, beyond-results.json); what differs between the two suites' machines, field by
 * field (the kernel too); and whether a suite's figures predate the bench source as it is now. The
 * provenance panel, the setup lines under a page's title and the cross-suite notes all say it from here.
 */
import { listWords } from './list-words.ts';
import type { Environment } from '@split-on-evidence/hop-bench/schema';
import { formatFact } from './format.ts';
import { formatRunDate, setupParts } from './setup.ts';

/** The suites a page's figures can come from. */
export type SuiteId = 'reference' | 'beyond';

/** What this module reads of a suite's results (both suites' files have it). */
export interface SuiteRunLike {
  environment: Environment;
  config: { mode: string; runs: number };
  /** Wall time of the whole run, ms. */
  durationMs: number;
}

/** One suite's provenance, each part already in words. */
export interface SuiteProvenance {
  id: SuiteId;
  /** "cases A–E" / "cases F, G, H, I". */
  cases: string;
  /** The results file the page publishes: "results.json" / "beyond-results.json". */
  file: string;
  /** "AMD EPYC, 2 cores, 24 GB RAM". */
  machine: string;
  /** "Linux 6.18.44 (linux x64)". */
  os: string;
  /** "Node v24.20.0, V8 13.6…". */
  runtime: string;
  /** ISO start of the run. */
  startedAt: string;
  /** "2 December 2026, 02:03 UTC". */
  date: string;
  /** "3 runs (full suite)" / "one run (quick suite, with smaller counts than a full run)". */
  runs: string;
  /** Whether the run was the suite's full run (config.mode "full"). */
  full: boolean;
  /** "3.2 min": the same words as the fact "<suite>.durationMin" at one decimal (runDurationText). */
  duration: string;
  /** The run's source hash, 12 hex digits. */
  sourceHash: string;
  /** Set when the bench source now differs from the run's: "the source now hashes 2c62783c4dc8". */
  predatesSource?: string;
  /** "commit f9e8340c0aeb" / "not in a git checkout". */
  commit: string;
}

/** The fact holding each suite's run time in minutes (src/facts/facts.ts and beyond-facts.ts). */
export const DURATION_FACT: Readonly<Record<SuiteId, string>> = { reference: 'bench.durationMin', beyond: 'beyond.durationMin' };

/**
 * A run's wall time as the page says it everywhere: minutes to one decimal, formatted as <Fig> formats
 * the fact DURATION_FACT[suite] with digits={1} ("2.4 min"), so the panel and the prose cannot disagree.
 * @throws RangeError for a duration that is not finite.
 */
export function runDurationText(durationMs: number): string {
  return formatFact(DURATION_FACT.reference, durationMs / 60_000, { digits: 1 });
}

/** How a run's mode and run count read: "3 runs (full suite)", "one run (quick suite, …)". */
export function runsText(runs: number, mode: string): string {
  const count = runs === 1 ? 'one run' : `${runs} runs`;
  if (mode === 'full') return `${count} (full suite)`;
  if (mode === 'quick') return `${count} (quick suite, with smaller counts than a full run)`;
  return `${count} (${mode} suite: not the full suite's configuration)`;
}

/**
 * One suite's provenance.
 * @param currentSourceSha256 the suite's source hash as the bench source is now (suite.sourceSha256());
 *   undefined when it cannot be known, and then nothing is said about it.
 */
export function suiteProvenance(id: SuiteId, run: SuiteRunLike, cases: string, currentSourceSha256?: string): SuiteProvenance {
  const env = run.environment;
  const parts = setupParts(env);
  const hash = env.benchSourceSha256;
  return {
    id,
    cases,
    file: id === 'reference' ? 'results.json' : 'beyond-results.json',
    machine: `${parts.cpu}, ${parts.cores}, ${parts.ram}`,
    os: parts.os,
    runtime: `Node ${env.nodeVersion}, V8 ${env.v8Version}`,
    startedAt: env.startedAt,
    date: formatRunDate(env.startedAt),
    runs: runsText(run.config.runs, run.config.mode),
    full: run.config.mode === 'full',
    duration: runDurationText(run.durationMs),
    sourceHash: hash.slice(0, 12),
    ...(currentSourceSha256 !== undefined && currentSourceSha256 !== hash ? { predatesSource: `the source now hashes ${currentSourceSha256.slice(0, 12)}` } : {}),
    commit: env.gitCommit === null ? 'not in a git checkout' : `commit ${env.gitCommit.slice(0, 12)}${env.gitDirty ? ' with uncommitted changes' : ''}`,
  };
}

/** The fields compared between two suites' machines, in the order they are named. */
const COMPARED: readonly { label: string; of: (e: Environment) => string }[] = [
  { label: 'host', of: (e) => e.hostname },
  { label: 'CPU', of: (e) => e.cpuModel },
  { label: 'cores', of: (e) => String(e.cores) },
  { label: 'RAM', of: (e) => setupParts(e).ram },
  { label: 'OS', of: (e) => `${e.osType} ${e.platform} ${e.arch}` },
  { label: 'kernel', of: (e) => e.osRelease },
  { label: 'Node', of: (e) => e.nodeVersion },
  { label: 'V8', of: (e) => e.v8Version },
];

/** How two suites' machines compare: what is the same and what differs, field by field. */
export interface MachineComparison {
  /** Labels of the fields that match ("host", "CPU", …). */
  same: string[];
  /** One phrase per field that differs: "kernel 6.18.44-fc-v857 (cases A–E) vs 6.18.44-fc-v1045 (cases F–I)". */
  differ: string[];
}

/** Every compared field of the two environments, the kernel and V8 included. */
export function compareMachines(reference: Environment, beyond: Environment): MachineComparison {
  const same: string[] = [];
  const differ: string[] = [];
  for (const { label, of } of COMPARED) {
    const a = of(reference);
    const b = of(beyond);
    if (a === b) same.push(label);
    else differ.push(`${label} ${a} (cases A–E) vs ${b} (cases F–I)`);
  }
  return { same, differ };
}

/** The time between two ISO instants in words: "3 minutes", "2 hours", "2 days". */
export function gapText(fromIso: string, toIso: string): string {
  const minutes = Math.round(Math.abs(Date.parse(toIso) - Date.parse(fromIso)) / 60_000);
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (minutes < 120) return unit(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  return hours < 48 ? unit(hours, 'hour') : unit(Math.round(hours / 24), 'day');
}

/**
 * The sentence that says how the two suites' machines compare: "Same host, CPU, cores, RAM, OS, Node
 * and V8 as cases A–E; what differs: kernel X (cases A–E) vs Y (cases F–I)." or "the same in every
 * field compared (…)".
 */
export function machineComparisonText(reference: Environment, beyond: Environment): string {
  const { same, differ } = compareMachines(reference, beyond);
  if (differ.length === 0) return `the same machine and runtime as cases A–E in every field recorded (${listWords(same)})`;
  if (same.length === 0) return `another machine and runtime than cases A–E: ${differ.join('; ')}`;
  return `the same ${listWords(same)} as cases A–E; what differs: ${differ.join('; ')}`;
}

/**
 * What a ratio between the two suites divides, said plainly: "<subject> divide figures from two separate
 * runs: the second suite's run of 2 December 2026, 02:03 UTC (cases F–I; 3 runs, full suite) over the
 * reference suite's run of 2 December 2026, 02:00 UTC (cases A–E; 3 runs, full suite), 3 minutes apart
 * on the same machine and runtime in every field recorded. Such a ratio carries whatever changed …"
 * @param subject what the ratios are, e.g. "G1 ÷ B and G2 ÷ C".
 */
export function crossSuiteBasisText(subject: string, reference: SuiteRunLike, beyond: SuiteRunLike): string {
  const r = reference.environment;
  const b = beyond.environment;
  const { differ } = compareMachines(r, b);
  const machines = differ.length === 0 ? 'on the same machine and runtime in every field recorded' : `and not alike in every field: ${differ.join('; ')}`;
  const runs = (run: SuiteRunLike) => `${run.config.runs === 1 ? 'one run' : `${run.config.runs} runs`}, ${run.config.mode} suite`;
  return (
    `${subject} divide figures from two separate runs: the second suite's run of ${formatRunDate(b.startedAt)} (cases F–I; ${runs(beyond)}) ` +
    `over the reference suite's run of ${formatRunDate(r.startedAt)} (cases A–E; ${runs(reference)}), ` +
    `${gapText(r.startedAt, b.startedAt)} apart ${machines}. Such a ratio carries whatever changed between the two runs as well as the difference it names.`
  );
}
