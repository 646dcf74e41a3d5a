/**
 * The one line of provenance under a page's title: what machine and Node measured the page's figures,
 * and when, in plain words, with no model string, hash or warning (those are in the collapsed panel
 * below the article). Pure: facts in, words out.
 */
import { formatDay } from '../format/dates.ts';

/** One suite's run as the line needs it (from its results file's `environment`). */
export interface MeasuredRun {
  /** "Cases A–E" or "Cases F–I". */
  cases: string;
  /** The CPU model string as the OS reports it, e.g. "Intel(R) Xeon(R) CPU @ 2.20GHz". */
  cpuModel: string;
  /** Logical cores. */
  cores: number;
  /** e.g. "v24.20.0". */
  nodeVersion: string;
  /** The run's start, ISO 8601 UTC. */
  startedAt: string;
}

/**
 * A CPU model string cut to its maker and family: "Intel(R) Xeon(R) CPU @ 2.20GHz" → "Intel Xeon",
 * "AMD EPYC 7B13 64-Core Processor" → "AMD EPYC", "Apple M2" → "Apple M2". A model the rule does not
 * know keeps its first two words.
 */
export function cpuFamily(cpuModel: string): string {
  const words = cpuModel
    .replace(/\((R|TM|C)\)/gi, '')
    .replace(/@.*$/, '')
    .replace(/\b(CPU|Processor|\d+-Core)\b/gi, '')
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0) return 'CPU';
  // A family name is words without digits ("EPYC", "Xeon", "Core"); Apple names its chip by a number.
  const family = words[0] === 'Apple' ? words.slice(0, 2) : words.slice(0, 2).filter((w, i) => i === 0 || !/\d/.test(w));
  return family.join(' ');
}

/** "a 2-core", "an 8-core", "an 11-core": the article a number takes when read aloud. */
function coresPhrase(cores: number): string {
  const an = String(cores).startsWith('8') || cores === 11 || cores === 18;
  return `${an ? 'an' : 'a'} ${cores}-core`;
}

function day(iso: string): string {
  return formatDay(new Date(iso));
}

function machine(run: MeasuredRun): string {
  return `${coresPhrase(run.cores)} ${cpuFamily(run.cpuModel)} with Node ${run.nodeVersion}`;
}

/**
 * The line, for the runs a page's figures come from (one or two suites), e.g. "Measured on a 2-core
 * Intel Xeon with Node v24.20.0, on 4 December 2026." Two runs on one machine give one machine and
 * their days (once when equal); runs on two machines name each.
 * @param sameMachine whether the runs' machines and runtimes are one (src/prose/provenance.ts
 *   machineDifferences is empty); ignored for one run.
 * @throws RangeError when `runs` is empty.
 */
export function measuredLine(runs: readonly MeasuredRun[], sameMachine: boolean): string {
  if (runs.length === 0) throw new RangeError('measuredLine needs the run of at least one suite');
  const first = runs[0]!;
  if (runs.length > 1 && !sameMachine) return `Measured on ${runs.length === 2 ? 'two' : runs.length} machines: ${runs.map((r) => `${r.cases.replace(/^C/, 'c')} on ${machine(r)}, on ${day(r.startedAt)}`).join('; ')}.`;
  const days = runs.map((r) => day(r.startedAt));
  const when = days.every((d) => d === days[0]) ? days[0] : runs.map((r, i) => `${days[i]} (${r.cases.replace(/^Cases/, 'cases')})`).join(' and ');
  return `Measured on ${machine(first)}, on ${when}.`;
}
