/**
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
