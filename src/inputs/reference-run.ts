/** The labelled reference run's report text, as kept in the repo (bench/reference/). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REFERENCE_REPORT_PATH } from '../facts/reference-facts.ts';

/**
 * Reads the labelled reference report under the project root.
 * @throws Error (ENOENT) when the file is missing from the checkout.
 */
export function readReferenceText(rootDir: string): string {
  return readFileSync(path.join(rootDir, REFERENCE_REPORT_PATH), 'utf8');
}
