/**
 * The bench listing's data: every bench source file (the set the bench's source hash covers, see
 * bench-source.ts) with its text read from disk at build time, an element id and its line count.
 * One definition for the article's file index and the /source/ page.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { benchSourceFiles, type BenchSourceFile } from './bench-source.ts';

/** One listed file. */
export interface ListedFile extends BenchSourceFile {
  /** The file's full text, exactly as on disk. */
  code: string;
  /** Element id of the file's section on the source page, e.g. "src-src-cases-b-keep-alive-ts". */
  id: string;
  /** Lines in the file (a final newline does not start a line). */
  lines: number;
  /** Shiki language: "json" for package.json, else "ts". */
  lang: 'json' | 'ts';
}

/** Path of the source page, relative to the site's base URL. */
export const SOURCE_PAGE_PATH = 'source/';

/**
 * Reads every bench source file under `rootDir`, sorted by path.
 * @throws Error when a file cannot be read.
 */
export function listedBenchFiles(rootDir: string): ListedFile[] {
  return benchSourceFiles(rootDir).map((f) => {
    const code = readFileSync(f.absolutePath, 'utf8');
    return {
      ...f,
      code,
      id: `src-${f.relativePath.replace(/[^A-Za-z0-9]+/g, '-')}`,
      lines: code.split('\n').length - (code.endsWith('\n') ? 1 : 0),
      lang: f.relativePath.endsWith('.json') ? 'json' : 'ts',
    };
  });
}

/**
 * SHA-256 (hex) of the listed files in the bench's own scheme (each file's path relative to bench/,
 * NUL, its bytes, NUL, in listed order), so the page can show that what it lists is what the results'
 * benchSourceSha256 covers.
 */
export function listingSha256(files: ListedFile[]): string {
  const hash = createHash('sha256');
  for (const f of files) hash.update(f.relativePath).update('\0').update(f.code).update('\0');
  return hash.digest('hex');
}
