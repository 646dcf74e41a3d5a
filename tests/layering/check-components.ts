/**
 * `npm run deps`'s second half: the component scan of component-reads.ts, which dependency-cruiser
 * cannot do (.astro files, `process.env`). Prints each read with the fix and exits 1; silent
 * success is one line, like depcruise's.
 */
import { fileURLToPath } from 'node:url';
import { componentReads } from './component-reads.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const reads = componentReads(root);
for (const r of reads) {
  console.error(`components-read-no-files: ${r.file} reads ${r.reads}. Fix: load it in src/inputs/page-inputs.ts and take it from pageData().`);
}
console.log(reads.length === 0 ? '✔ no component reads a file or the environment' : `✘ ${reads.length} component read(s) of files or the environment`);
process.exitCode = reads.length === 0 ? 0 : 1;
