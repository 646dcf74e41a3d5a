/**
 * Beyond results from another machine than the reference fixture's: the beyond fixture relabelled as a
 * one-core VM (host "one-core-vm", 1 core). The build refuses it beside the reference fixture unless
 * --allow-mixed-machines is given (tests/site/mixed-machines.test.ts, fragile-partial.test.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BEYOND_FIXTURE } from './site-build.ts';

/** Writes the relabelled beyond results into `dir` and returns the file's path (beyond-one-core.json). */
export function writeOneCoreBeyond(dir: string): string {
  const beyond = JSON.parse(readFileSync(BEYOND_FIXTURE, 'utf8'));
  beyond.environment.cores = 1;
  beyond.environment.hostname = 'one-core-vm';
  const file = path.join(dir, 'beyond-one-core.json');
  writeFileSync(file, JSON.stringify(beyond));
  return file;
}
