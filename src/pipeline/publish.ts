/**
 * Build stage 5: replace the output folder with the checked build, by renames in the same parent
 * folder, so the output folder is either the old site or the new one, never half of each.
 */
import { existsSync, renameSync, rmSync } from 'node:fs';

/**
 * Moves `tempDir` to `outDir`, removing the previous `outDir` only after the new one is in place.
 * @throws Error when a rename fails (the previous output is restored if it was moved).
 */
export function publish(tempDir: string, outDir: string): void {
  const previous = `${outDir}.tmp-old-${process.pid}`;
  const hadPrevious = existsSync(outDir);
  if (hadPrevious) renameSync(outDir, previous);
  try {
    renameSync(tempDir, outDir);
  } catch (error) {
    if (hadPrevious) renameSync(previous, outDir);
    throw error;
  }
  if (hadPrevious) rmSync(previous, { recursive: true, force: true });
}
