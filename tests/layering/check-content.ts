/**
 * `npm run deps`'s content check: content/ holds only MDX, Markdown and JSON (content-files.ts). Prints
 * each other file with the fix and exits 1; silent success is one line, like depcruise's.
 */
import { fileURLToPath } from 'node:url';
import { CONTENT_ENDINGS, contentCodeFiles } from './content-files.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const files = contentCodeFiles(root);
for (const f of files) {
  console.error(`content-holds-no-code: ${f} is not ${CONTENT_ENDINGS.join(', ')}. Fix: move code to src/prose/ (sentences, claims, forms, rules) and import it from there.`);
}
console.log(files.length === 0 ? `✔ content/ holds only ${CONTENT_ENDINGS.join(', ')}` : `✘ ${files.length} file(s) in content/ that are not text or data`);
process.exitCode = files.length === 0 ? 0 : 1;
