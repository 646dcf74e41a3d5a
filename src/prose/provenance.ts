/**
 * Provenance in words: where the page's figures come from. Each suite's provenance, from its own
 * results file: the machine, OS, runtime, date, runs and mode, duration and source of the reference
 * suite (cases A–E, results.json) and of the beyond suite (cases F–I, beyond-results.json); the setup
 * line of a run; what differs between the two suites' machines, field by field (the kernel too); whether
 * a suite's figures predate the bench source as it is now; the caveats of one beyond case's run; and
 * the pointer to the run history. The provenance panel, the setup lines under a page's title, the
 * cross-suite notes, BeyondCase and the history lead all say it from here.
 */
import type { Environment } from '@split-on-evidence/hop-bench/schema';
import { formatRunDate } from '../format/dates.ts';
import { listWords } from '../format/list-words.ts';
import { formatFact } from '../format/number.ts';

// The setup line of a run: machine, OS, Node and date, in words, from results.environment.

/** RAM in whole GiB as the bench's report prints it ("24 GB"). */
export function ramGB(ramBytes: number): number {
  return Math.round(ramBytes / 1024 ** 3);
}

/** The parts of the setup line, each already in words. */
export interface SetupParts {
  cpu: string;
  cores: string;
  ram: string;
  os: string;
  node: string;
  date: string;
}

/** The setup line's parts for an environment. */
export function setupParts(env: Environment): SetupParts {
  return {
    cpu: env.cpuModel,
    cores: `${env.cores} ${env.cores === 1 ? 'core' : 'cores'}`,
    ram: `${ramGB(env.ramBytes)} GB RAM`,
    os: `${env.osType} ${env.osRelease} (${env.platform} ${env.arch})`,
    node: `Node ${env.nodeVersion}`,
    date: formatRunDate(env.startedAt),
  };
}

/** The suites a page's figures can come from. */
export type SuiteId = 'reference' | 'beyond';

/** What this module reads of a suite's results (both suites' files have it). */
export interface SuiteRunLike {
  environment: Environment;
  /** `cases`: the case ids the run covered, when its config lists them (the beyond suite's does). */
  config: { mode: string; runs: number; cases?: readonly string[] };
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

/**
 * Cases that run once whatever the suite's run count: case I runs one storm per policy (bench
 * cases/i-retry-storm), so "3 runs" is not true of it.
 */
export const ONCE_PER_RUN_CASES: Readonly<Record<string, string>> = { I: 'case I one storm per policy' };

/**
 * How a run's mode and run count read: "3 runs (full suite)", "one run (quick suite, …)", and, when
 * `cases` holds a case that runs once whatever the count (ONCE_PER_RUN_CASES) and the count is above
 * one, that case's own count: "3 runs (full suite; case I one storm per policy)".
 */
export function runsText(runs: number, mode: string, cases: readonly string[] = []): string {
  const count = runs === 1 ? 'one run' : `${runs} runs`;
  const once = runs === 1 ? [] : cases.flatMap((id) => (ONCE_PER_RUN_CASES[id] ? [ONCE_PER_RUN_CASES[id]] : []));
  const except = once.map((o) => `; ${o}`).join('');
  if (mode === 'full') return `${count} (full suite${except})`;
  if (mode === 'quick') return `${count} (quick suite, with smaller counts than a full run${except})`;
  return `${count} (${mode} suite: not the full suite's configuration${except})`;
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
    runs: runsText(run.config.runs, run.config.mode, run.config.cases),
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
  const runs = (run: SuiteRunLike) => {
    const once = run.config.runs === 1 ? '' : (run.config.cases ?? []).flatMap((id) => (ONCE_PER_RUN_CASES[id] ? [`, ${ONCE_PER_RUN_CASES[id]}`] : [])).join('');
    return `${run.config.runs === 1 ? 'one run' : `${run.config.runs} runs`}, ${run.config.mode} suite${once}`;
  };
  return (
    `${subject} divide figures from two separate runs: the second suite's run of ${formatRunDate(b.startedAt)} (cases F–I; ${runs(beyond)}) ` +
    `over the reference suite's run of ${formatRunDate(r.startedAt)} (cases A–E; ${runs(reference)}), ` +
    `${gapText(r.startedAt, b.startedAt)} apart ${machines}. Such a ratio carries whatever changed between the two runs as well as the difference it names.`
  );
}

/*
 * Whether the two suites' figures on one page come from the same machine and environment: the
 * reference suite (A–E, results.json) and the beyond suite (F–I, beyond-results.json) each record the
 * machine that ran them. A build whose suites differ refuses without --allow-mixed-machines, and with it
 * says so in every section the beyond suite feeds (BeyondCase) and in the provenance panel.
 */

/** The parts of a results file's `environment` compared (both suites' schemas have them). */
export interface MachineLike {
  hostname: string;
  cpuModel: string;
  cores: number;
  ramBytes: number;
  osType: string;
  platform: string;
  arch: string;
  nodeVersion: string;
}

/** RAM may differ by this fraction on one machine (a VM's reported memory moves a little between boots). */
export const RAM_TOLERANCE = 0.05;

/**
 * What differs between two suites' machines, one phrase per field ("host vm vs laptop", "Node v24.20.0
 * vs v22.23.5"); empty when they are the same machine and runtime. The kernel release is not compared:
 * one host's kernel is updated between runs without changing the machine.
 */
export function machineDifferences(reference: MachineLike, beyond: MachineLike): string[] {
  const out: string[] = [];
  const field = (label: string, a: string | number, b: string | number) => {
    if (a !== b) out.push(`${label} ${a} vs ${b}`);
  };
  field('host', reference.hostname, beyond.hostname);
  field('CPU', reference.cpuModel, beyond.cpuModel);
  field('cores', reference.cores, beyond.cores);
  if (Math.abs(reference.ramBytes - beyond.ramBytes) > RAM_TOLERANCE * Math.max(reference.ramBytes, beyond.ramBytes)) {
    field('RAM GB', Math.round(reference.ramBytes / 1024 ** 3), Math.round(beyond.ramBytes / 1024 ** 3));
  }
  field('OS', `${reference.osType} ${reference.platform} ${reference.arch}`, `${beyond.osType} ${beyond.platform} ${beyond.arch}`);
  field('Node', reference.nodeVersion, beyond.nodeVersion);
  return out;
}

/**
 * The provenance panel's "Between the suites" sentence, without its final stop: how the beyond suite's
 * machine (cases F–I) compares with the reference suite's (cases A–E), field by field
 * (machineComparisonText). When they differ in what the build refuses to mix without
 * --allow-mixed-machines (machineDifferences), it first says so, naming whether the machine, the
 * runtime or both differ: "Cases F–I ran on another machine than cases A–E (host vm vs laptop). Field by
 * field, cases F–I ran on the same CPU, … as cases A–E; what differs: …".
 */
export function betweenSuitesText(reference: Environment, beyond: Environment): string {
  const fields = machineComparisonText(reference, beyond);
  const mixed = machineDifferences(reference, beyond);
  if (mixed.length === 0) return `Cases F–I ran on ${fields}`;
  const runtime = reference.nodeVersion !== beyond.nodeVersion;
  const machine = mixed.length > (runtime ? 1 : 0);
  const other = machine && runtime ? 'another machine and runtime' : machine ? 'another machine' : 'another runtime';
  return `Cases F–I ran on ${other} than cases A–E (${mixed.join('; ')}). Field by field, cases F–I ran on ${fields}`;
}

/*
 * What a reader must know about the run behind one beyond case's figures, from the results file
 * itself: whether the beyond suite ran in its full configuration (a quick or custom run says so, with
 * its run count), and the warnings the bench printed for the case (its `warnings`, word for word:
 * unstable or contended runs, levels that did not count, a generator that may have set a figure).
 * BeyondCase shows them at the head of the case's figures.
 */

/** What this module reads of the beyond results. */
export interface BeyondRunLike {
  config: { mode: string; runs: number };
  cases: ({ id: string; status: 'measured'; warnings: string[] } | { id: string; status: 'not-measured' })[];
}

/** The caveats of one case's figures. */
export interface RunCaveats {
  /** The sentence about a run that is not the full suite, or undefined for a full run. */
  mode?: string;
  /** The bench's warnings for the case, as it printed them. */
  warnings: string[];
}

/**
 * The caveats of case `id`'s figures (none for a case that was not measured).
 * Example: a quick run → mode "Case F's figures come from a quick run of the second suite (--quick):
 * one run with smaller counts than a full run, so they rest on less data than the words around them
 * assume."
 */
export function runCaveats(beyond: BeyondRunLike, id: string): RunCaveats {
  const c = beyond.cases.find((k) => k.id === id);
  if (!c || c.status !== 'measured') return { warnings: [] };
  const { mode, runs } = beyond.config;
  const count = runs === 1 ? 'one run' : `${runs} runs`;
  const what =
    mode === 'full'
      ? undefined
      : mode === 'quick'
        ? `a quick run of the second suite (--quick): ${count} with smaller counts than a full run`
        : `a ${mode} run of the second suite, not its full configuration: ${count}`;
  return {
    ...(what ? { mode: `Case ${id}'s figures come from ${what}, so they rest on less data than the words around them assume.` } : {}),
    warnings: [...c.warnings],
  };
}

/*
 * The article's pointer to the run-history and Node-matrix page, in words that fit what this machine
 * has: other archived runs (none, one, many) and a Node version matrix (found or not). Never promises
 * earlier runs or other Node releases that the page does not show.
 */

/** What the pointer depends on. */
export interface HistoryLeadInput {
  /** Archived full runs other than this page's own run. */
  otherRuns: number;
  /** Whether this machine's Node version matrix is on the page (MatrixLookup status "found"). */
  matrix: boolean;
}

/**
 * The clause after "This build's run … measured X for one kept-alive hop at the median; ___", without a
 * final stop, e.g. "the archive sets its figures beside 3 other runs, and the Node version matrix beside
 * other Node releases".
 * @throws RangeError when otherRuns is negative or not an integer.
 */
export function historyLead({ otherRuns, matrix }: HistoryLeadInput): string {
  if (!Number.isInteger(otherRuns) || otherRuns < 0) throw new RangeError(`otherRuns must be a whole number ≥ 0, got ${otherRuns}`);
  const runs = otherRuns === 0 ? null : `the archive sets its figures beside ${otherRuns === 1 ? 'one other run' : `${otherRuns} other runs`}`;
  if (runs && matrix) return `${runs}, and the Node version matrix beside other Node releases`;
  if (runs) return `${runs}; no Node version matrix has been run on this machine yet`;
  if (matrix) return 'it is the only archived run so far, and the Node version matrix sets its figures beside other Node releases';
  return 'it is the only archived run so far, and no Node version matrix has been run on this machine yet';
}
