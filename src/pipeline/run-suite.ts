/** Runs one bench suite as a child process on this Node, writing the given results file. */
import path from 'node:path';
import { start } from '@split-on-evidence/hop-bench/cli';
import type { SuiteWords } from '../inputs/results-source.ts';
import { BuildError } from './errors.ts';

/**
 * Runs `bench/src/cli.ts --suite ID --out FILE` with the Node running the build; its report and
 * progress go to this console. Resolves when the suite has written the file.
 * @throws BuildError naming the suite when it cannot start, exits with an error or is interrupted
 *   (the file is then unchanged).
 */
export async function runSuite(rootDir: string, suiteId: string, words: SuiteWords, file: string): Promise<void> {
  const cli = path.join(rootDir, 'bench', 'src', 'cli.ts');
  let end;
  try {
    end = await start(process.execPath, [cli, '--suite', suiteId, '--out', file], { cwd: rootDir, stdio: ['ignore', 'inherit', 'inherit'] }).done;
  } catch (error) {
    const cause = (error as Error).cause as Error | undefined;
    throw new BuildError(`could not start ${words.runner}: ${(cause ?? (error as Error)).message}`);
  }
  if (end.code === 0) return;
  const how = end.signal ? `was stopped by ${end.signal}` : `exited with code ${end.code}`;
  throw new BuildError(`${words.runner} ${how}; its output is above. ${file} was left as it was, and dist/ is unchanged.`);
}
