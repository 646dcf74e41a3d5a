/**
 * content/ holds the article's text and data only: MDX, Markdown and JSON. Code that writes or checks
 * words lives in src/prose/ (sentences, claims, forms, rules), so a writer edits prose in content/ and a
 * developer edits code in src/, and content/ and src/ cannot import each other. dependency-cruiser's
 * rule "content-holds-no-code" forbids importing code from content/; this scan also finds a code file
 * there that nothing imports yet.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The file endings content/ may hold. */
export const CONTENT_ENDINGS = ['.mdx', '.md', '.json'] as const;

/**
 * Every file under `rootDir`/content/ (recursively, sorted, relative to the root with "/") whose name
 * ends in none of CONTENT_ENDINGS. A missing content/ holds nothing.
 */
export function contentCodeFiles(rootDir: string): string[] {
  const dir = path.join(rootDir, 'content');
  let entries: string[];
  try {
    entries = readdirSync(dir, { recursive: true, encoding: 'utf8' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((f) => !statSync(path.join(dir, f)).isDirectory() && !CONTENT_ENDINGS.some((e) => f.endsWith(e)))
    .map((f) => `content/${f.split(path.sep).join('/')}`)
    .sort();
}

