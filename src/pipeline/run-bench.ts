/** Runs the full bench as a child process on this Node, writing the given results file. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { BuildError } from './errors.ts';

/**
 * Runs `bench/src/cli.ts --out FILE` with the Node running the build; its report and progress go to
 * this console. Resolves when the bench has written the file.
 * @throws BuildError when the bench exits with an error or is interrupted (the file is then unchanged).
 */
export function runBench(rootDir: string, file: string): Promise<void> {
  const cli = path.join(rootDir, 'bench', 'src', 'cli.ts');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, '--out', file], { cwd: rootDir, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', (error) => reject(new BuildError(`could not start the bench: ${error.message}`)));
    child.on('exit', (code, signal) => {
      if (code === 0) return resolve();
      const how = signal ? `was stopped by ${signal}` : `exited with code ${code}`;
      reject(new BuildError(`the bench ${how}; its output is above. ${file} was left as it was, and dist/ is unchanged.`));
    });
  });
}
