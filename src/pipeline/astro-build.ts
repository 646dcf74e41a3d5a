/**
 * Build stage 3: `astro build` into a temporary folder beside the output folder, from the given
 * results files. The pages read each suite's file from its environment variable ($HOP_BENCH_RESULTS,
 * $HOP_BEYOND_RESULTS) when they load their inputs themselves, so each is set to the file the ensure
 * stage validated.
 */
import { rmSync } from 'node:fs';
import { BuildError } from './errors.ts';

/**
 * Builds the site into `tempDir` (emptied first).
 * @param files each suite's results file, by the suite's environment variable (e.g. HOP_BENCH_RESULTS → path).
 * @throws BuildError with Astro's message when the build fails (e.g. a component throws).
 */
export async function astroBuild(rootDir: string, tempDir: string, files: Readonly<Record<string, string>>): Promise<void> {
  rmSync(tempDir, { recursive: true, force: true });
  Object.assign(process.env, files);
  try {
    // Loaded here, not at the top: a build that stops on its inputs (most failures) never pays for Astro.
    const { build } = await import('astro');
    await build({ root: rootDir, outDir: tempDir, logLevel: process.env.ASTRO_LOG_LEVEL === 'info' ? 'info' : 'warn' });
  } catch (error) {
    throw new BuildError(`astro build failed: ${(error as Error).message}`);
  }
}
