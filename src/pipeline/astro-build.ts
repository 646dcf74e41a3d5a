/**
 * Build stage 3: `astro build` into a temporary folder beside the output folder, from the given
 * results file. The pages read the file named by $HOP_BENCH_RESULTS, so it is set to the file that
 * stage 1 validated.
 */
import { rmSync } from 'node:fs';
import { build } from 'astro';
import { RESULTS_ENV } from '../inputs/results-source.ts';
import { BEYOND_RESULTS_ENV } from '../inputs/beyond-source.ts';
import { BuildError } from './errors.ts';

/**
 * Builds the site into `tempDir` (emptied first).
 * @throws BuildError with Astro's message when the build fails (e.g. a component throws).
 */
export async function astroBuild(rootDir: string, resultsFile: string, tempDir: string, beyondFile?: string): Promise<void> {
  rmSync(tempDir, { recursive: true, force: true });
  process.env[RESULTS_ENV] = resultsFile;
  if (beyondFile !== undefined) process.env[BEYOND_RESULTS_ENV] = beyondFile;
  try {
    await build({ root: rootDir, outDir: tempDir, logLevel: process.env.ASTRO_LOG_LEVEL === 'info' ? 'info' : 'warn' });
  } catch (error) {
    throw new BuildError(`astro build failed: ${(error as Error).message}`);
  }
}
