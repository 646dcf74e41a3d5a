/**
 * Outcome-dependent facts: a fact that a faithful run publishes only under some outcome, such as case
 * I's "I.immediate.recoveryMs", which exists only when "I.immediate.recovered" is 1 (a policy that did not
 * recover within the run has no recovery time). Each case declares its own in its facts module; this
 * registry joins them, one line per case.
 *
 * An absent fact is accepted only when it is declared here AND its gate fact has the value under which
 * it is absent; the build's check (src/pipeline/check-article.ts) also requires the figure to sit inside
 * a <Form> that is not chosen and whose selector reads the gate. Every other absent name (a typo, a fact
 * a change removed) still fails the check, and the figure components throw for it.
 */
import { RETRY_STORM_OPTIONAL_FACTS } from '../cases/i-retry-storm/facts.ts';
import { FactError, hasFact, type Facts } from './facts.ts';

/** A fact a faithful run may lack: `name` is absent exactly when the fact `gate` equals `absentWhen`. */
export interface OptionalFact {
  /** The fact, e.g. "I.immediate.recoveryMs". */
  name: string;
  /** The fact that decides, e.g. "I.immediate.recovered" (1 or 0). */
  gate: string;
  /** The gate's value under which `name` is absent, e.g. 0. */
  absentWhen: number;
  /** The outcome in words, for messages: "naive immediate retries did not recover within the run". */
  outcome: string;
}

/** Every declared optional fact, by name. One line per case. */
export const OPTIONAL_FACTS: ReadonlyMap<string, OptionalFact> = new Map([...RETRY_STORM_OPTIONAL_FACTS].map((o) => [o.name, o]));

/**
 * The declaration of `name` when it is absent from `facts` because this run's outcome leaves it out
 * (declared optional, gate present and equal to `absentWhen`); otherwise undefined (the fact is there,
 * or it is missing for no declared reason).
 */
export function absentByOutcome(facts: Facts, name: string, declared: ReadonlyMap<string, OptionalFact> = OPTIONAL_FACTS): OptionalFact | undefined {
  const o = declared.get(name);
  if (o === undefined || hasFact(facts, name) || !hasFact(facts, o.gate)) return undefined;
  return facts[o.gate] === o.absentWhen ? o : undefined;
}

/**
 * Checks that each declared optional fact follows its gate in `facts`: absent when the gate says so,
 * present otherwise. A case whose gate is absent (not measured) is not checked.
 * @throws FactError naming the fact, its gate's value and the fix (the case's facts module).
 */
export function checkOptionalFacts(facts: Facts, declared: ReadonlyMap<string, OptionalFact> = OPTIONAL_FACTS): void {
  const problems: string[] = [];
  for (const o of declared.values()) {
    if (!hasFact(facts, o.gate)) continue;
    const absent = facts[o.gate] === o.absentWhen;
    if (absent && hasFact(facts, o.name)) problems.push(`"${o.name}" is present although "${o.gate}" = ${facts[o.gate]} says it is absent (${o.outcome})`);
    if (!absent && !hasFact(facts, o.name)) problems.push(`"${o.name}" is missing although "${o.gate}" = ${facts[o.gate]} says this run has it`);
  }
  if (problems.length > 0) {
    throw new FactError(`outcome-dependent facts do not follow their outcome:\n  ${problems.join('\n  ')}\nFix: the case's facts module must publish each such fact exactly when its gate allows it, and declare it (e.g. RETRY_STORM_OPTIONAL_FACTS).`);
  }
}
