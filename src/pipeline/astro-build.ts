/**
 * Build stage 3: `astro build` into a temporary folder beside the output folder, from the page snapshot
 * the build wrote (src/inputs/page-snapshot.ts): the pages read that file and nothing else of the build's
 * inputs, named to them by $HOP_PAGE_SNAPSHOT.
 */
import { rmSync } from 'node:fs';
import { SNAPSHOT_ENV } from '../inputs/page-snapshot.ts';
import { BuildError } from './errors.ts';

/**
 * Builds the site into `tempDir` (emptied first) from the snapshot file `snapshotFile`.
 * @throws BuildError with Astro's message when the build fails (e.g. a component throws, or the snapshot is unreadable).
 */
export async function astroBuild(rootDir: string, tempDir: string, snapshotFile: string): Promise<void> {
  rmSync(tempDir, { recursive: true, force: true });
  process.env[SNAPSHOT_ENV] = snapshotFile;
  try {
    // Loaded here, not at the top: a build that stops on its inputs (most failures) never pays for Astro.
    const { build } = await import('astro');
    await build({ root: rootDir, outDir: tempDir, logLevel: process.env.ASTRO_LOG_LEVEL === 'info' ? 'info' : 'warn' });
  } catch (error) {
    throw new BuildError(`astro build failed: ${(error as Error).message}`);
  }
}
