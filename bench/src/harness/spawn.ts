/**
 * The bench's one promise wrapper around child_process.spawn (public as "./spawn" for the site and its
 * tests). `run` resolves with the exit status and the output whatever the status, because most callers
 * judge the status themselves; `runOk` rejects unless it is 0; `start` also hands out the child, for
 * callers that watch its output or signal it while it runs.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

/** How a process ended, and what it printed (text, UTF-8). */
export interface RunResult {
  /** Exit code; null when a signal ended it. */
  readonly code: number | null;
  /** The signal that ended it, e.g. "SIGTERM"; null when it exited. */
  readonly signal: NodeJS.Signals | null;
  /** Everything it wrote to stdout ('' when stdout was not piped). */
  readonly stdout: string;
  /** Everything it wrote to stderr ('' when stderr was not piped). */
  readonly stderr: string;
}

/** spawn's options, plus what the wrappers add. stdio defaults to ['ignore', 'pipe', 'pipe']. */
export interface RunOptions extends SpawnOptions {
  /** Text written to stdin, which is then closed (stdin is piped when given). */
  readonly input?: string;
  /** Kills it with SIGTERM after this many ms (then SIGKILL 2 s later); the result's signal says so. */
  readonly timeoutMs?: number;
}

/** A started process and the promise of its end. */
export interface Started {
  /** The child, e.g. to read its stderr as it comes or to send it a signal. */
  readonly child: ChildProcess;
  /** Resolves when it has exited and its output is read. @throws Error when it could not be started (e.g. ENOENT). */
  readonly done: Promise<RunResult>;
  /**
   * Resolves as soon as it has exited, even while a process it started still holds its output open
   * (`done` waits for that); never rejects.
   */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What it has written to stderr so far (when piped). */
  stderr(): string;
}

/**
 * Starts `file` with `args` (no shell).
 * @returns the child at once, and `done` for its end.
 */
export function start(file: string, args: readonly string[], options: RunOptions = {}): Started {
  const { input, timeoutMs, ...spawnOptions } = options;
  const child = spawn(file, args, { stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'], ...spawnOptions });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  if (input !== undefined) child.stdin?.end(input);
  let timers: NodeJS.Timeout[] = [];
  if (timeoutMs !== undefined) {
    timers = [
      setTimeout(() => child.kill('SIGTERM'), timeoutMs),
      setTimeout(() => child.kill('SIGKILL'), timeoutMs + 2_000),
    ];
  }
  const done = new Promise<RunResult>((resolve, reject) => {
    child.once('error', (error) => {
      timers.forEach(clearTimeout);
      reject(new Error(`could not start ${file}: ${error.message}`, { cause: error }));
    });
    // 'close', not 'exit': the output streams are read to the end.
    child.once('close', (code, signal) => {
      timers.forEach(clearTimeout);
      resolve({ code, signal, stdout, stderr });
    });
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', () => resolve({ code: null, signal: null }));
  });
  return { child, done, exited, stderr: () => stderr };
}

/**
 * Runs `file` with `args` to its end.
 * @returns its exit status and output, whatever the status.
 * @throws Error when it could not be started (e.g. ENOENT).
 */
export function run(file: string, args: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  return start(file, args, options).done;
}

/**
 * Runs `file` with `args` and returns its stdout.
 * @throws Error naming the command and quoting its stderr when it cannot start or does not exit with 0.
 */
export async function runOk(file: string, args: readonly string[], options: RunOptions = {}): Promise<string> {
  const r = await run(file, args, options);
  if (r.code === 0) return r.stdout;
  const how = r.signal ? `was stopped by ${r.signal}` : `exited with code ${r.code}`;
  throw new Error(`${file} ${args.join(' ')} ${how}: ${r.stderr.trim() || '(no output on stderr)'}`);
}
