/**
 * What dependency-cruiser cannot see about components: it reads no .astro files and no property
 * accesses. This scans every component and component helper (src/components/** and src/cases/**,
 * .astro and .ts) for reads of the environment (`process.env`, `import.meta.env`) and, in .astro files,
 * for imports of `node:fs` (the .ts helpers' imports are depcruise's rule "components-read-no-files").
 * Comments are not code: a read mentioned in a comment is not one. What the page shows comes from the
 * page inputs (src/inputs/page-inputs.ts), so a component needs neither.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One forbidden read in a component. */
export interface ComponentRead {
  /** The file, relative to the root, with "/" separators. */
  file: string;
  /** What it reads: "process.env", "import.meta.env" or "node:fs". */
  reads: 'process.env' | 'import.meta.env' | 'node:fs';
}

/** The folders whose files are components or component helpers, relative to the root. */
export const COMPONENT_FOLDERS = ['src/components', 'src/cases'] as const;

const READS: readonly { reads: ComponentRead['reads']; pattern: RegExp; astroOnly: boolean }[] = [
  { reads: 'process.env', pattern: /\bprocess\s*(\.\s*env\b|\[\s*['"]env['"]\s*\])/, astroOnly: false },
  { reads: 'import.meta.env', pattern: /\bimport\s*\.\s*meta\s*\.\s*env\b/, astroOnly: false },
  { reads: 'node:fs', pattern: /(\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)['"](node:)?fs(\/promises)?['"]/m, astroOnly: true },
];

/** The text without comments (block, line and HTML comments); "//" right after ":" is a URL, kept. */
function withoutComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/(^|[^:\\])\/\/[^\n]*/g, '$1');
}

/**
 * Every forbidden read in the components under `rootDir`: folder by folder (COMPONENT_FOLDERS), files
 * sorted by path, reads in the order of READS.
 * @param rootDir a project root (or a fixture shaped like one); a missing folder has no components.
 */
export function componentReads(rootDir: string): ComponentRead[] {
  const found: ComponentRead[] = [];
  for (const folder of COMPONENT_FOLDERS) {
    let files: string[];
    try {
      files = readdirSync(path.join(rootDir, folder), { recursive: true, encoding: 'utf8' });
    } catch {
      continue;
    }
    for (const relative of files.filter((f) => /\.(astro|ts)$/.test(f)).sort()) {
      const file = path.posix.join(folder, relative.split(path.sep).join('/'));
      const code = withoutComments(readFileSync(path.join(rootDir, file), 'utf8'));
      for (const r of READS) {
        if (r.astroOnly && !file.endsWith('.astro')) continue;
        if (r.pattern.test(code)) found.push({ file, reads: r.reads });
      }
    }
  }
  return found;
}
