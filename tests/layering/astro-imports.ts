/**
 * dependency-cruiser cannot read Astro components, so this applies its rule
 * "site-uses-public-bench-modules" to them: the imports of every .astro file's frontmatter and
 * <script> blocks (read with TypeScript's own import scanner) may reach the bench only through
 * bench/package.json "exports", by package name or by a relative path to an exported file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** An import of a bench module that is not public. */
export interface AstroViolation {
  /** The .astro file, relative to the root. */
  file: string;
  /** The import as written. */
  specifier: string;
}

/** The code parts of an Astro component: its frontmatter and the bodies of its <script> tags. */
function codeOf(source: string): string {
  const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(source)?.[1] ?? '';
  const scripts = [...source.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  return [front, ...scripts].join('\n');
}

/**
 * Every import of a non-public bench module in the .astro files under `rootDir`/src.
 * @param rootDir a project root with bench/package.json (name and exports) and src/.
 */
export function astroBenchViolations(rootDir: string): AstroViolation[] {
  const pkg = JSON.parse(readFileSync(path.join(rootDir, 'bench', 'package.json'), 'utf8')) as { name: string; exports?: Record<string, string> };
  const exportsMap = pkg.exports ?? {};
  const publicFiles = new Set(Object.values(exportsMap).map((t) => path.join(rootDir, 'bench', t)));
  const benchDir = path.join(rootDir, 'bench') + path.sep;
  const violations: AstroViolation[] = [];
  const files = readdirSync(path.join(rootDir, 'src'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.astro'));
  for (const relative of files.sort()) {
    const file = path.join(rootDir, 'src', relative);
    for (const { fileName: specifier } of ts.preProcessFile(codeOf(readFileSync(file, 'utf8')), true, true).importedFiles) {
      let ok = true;
      if (specifier === pkg.name || specifier.startsWith(`${pkg.name}/`)) {
        ok = Object.hasOwn(exportsMap, `.${specifier.slice(pkg.name.length)}`);
      } else if (specifier.startsWith('.')) {
        const target = path.resolve(path.dirname(file), specifier);
        ok = !target.startsWith(benchDir) || publicFiles.has(target);
      }
      if (!ok) violations.push({ file: path.relative(rootDir, file), specifier });
    }
  }
  return violations;
}
