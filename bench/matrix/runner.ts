/**
 * How a Node version runs the bench's TypeScript unchanged: natively (Node strips the types itself:
 * 22.18 and later, 23.6 and later) or, where it cannot (Node 20, 22 before 22.18), through the tsx
 * loader registered with NODE_OPTIONS so that the bench's forked service processes load it too.
 * Decided by running bench/matrix/node-probe.ts, not from version numbers.
 */
import { run } from '../src/harness/spawn.ts';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** How the bench's TypeScript is loaded on one Node version, and what that Node is. */
export interface NodeRunner {
  /** "native type stripping" or "tsx 4.23.15". */
  label: string;
  /** Environment additions for the bench process (NODE_OPTIONS for tsx); empty when native. */
  env: Record<string, string>;
  /** process.version, e.g. "v22.23.5". */
  nodeVersion: string;
  /** process.versions.v8. */
  v8Version: string;
  /** process.versions.openssl; null for a build without it. */
  opensslVersion: string | null;
}

/** A Node version that runs TypeScript neither natively nor through tsx; `message` has both errors. */
export class RunnerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RunnerError';
  }
}

const PROBE = fileURLToPath(new URL('./node-probe.ts', import.meta.url));
const TSX_URL = import.meta.resolve('tsx');

/** The tsx version the matrix uses (the project's pinned devDependency). */
export function tsxVersion(): string {
  const pkg = JSON.parse(readFileSync(fileURLToPath(import.meta.resolve('tsx/package.json')), 'utf8')) as { version: string };
  return pkg.version;
}

/** NODE_OPTIONS that register tsx in a process and in every process it forks (appended to any already set). */
export function tsxNodeOptions(existing: string | undefined = process.env.NODE_OPTIONS): string {
  return [existing?.trim(), `--import=${TSX_URL}`].filter(Boolean).join(' ');
}

/**
 * Finds how `nodePath` can run the bench: native first, then tsx.
 * @throws RunnerError with the reason of each attempt when neither works.
 */
export async function findRunner(nodePath: string, cwd: string): Promise<NodeRunner> {
  const native = await probe(nodePath, cwd, {});
  if (native.ok) return { label: 'native type stripping', env: {}, ...native.info };
  const env = { NODE_OPTIONS: tsxNodeOptions() };
  const viaTsx = await probe(nodePath, cwd, env);
  if (viaTsx.ok) return { label: `tsx ${tsxVersion()}`, env, ...viaTsx.info };
  throw new RunnerError(`it cannot load TypeScript natively (${native.error}) nor through tsx (${viaTsx.error})`);
}

type ProbeInfo = { nodeVersion: string; v8Version: string; opensslVersion: string | null };

async function probe(nodePath: string, cwd: string, extraEnv: Record<string, string>): Promise<{ ok: true; info: ProbeInfo } | { ok: false; error: string }> {
  let r;
  try {
    r = await run(nodePath, [PROBE], { cwd, env: { ...process.env, ...extraEnv } });
  } catch (error) {
    return { ok: false, error: `cannot start ${nodePath}: ${((error as Error).cause as Error | undefined)?.message ?? (error as Error).message}` };
  }
  if (r.code === 0) {
    try {
      const p = JSON.parse(r.stdout.trim()) as { version: string; v8: string; openssl: string | null };
      return { ok: true, info: { nodeVersion: p.version, v8Version: p.v8, opensslVersion: p.openssl } };
    } catch {
      /* fall through: unreadable output */
    }
  }
  const line = r.stderr.split('\n').find((l) => /Error|ERR_/.test(l))?.trim() ?? r.stderr.trim().split('\n')[0] ?? '';
  return { ok: false, error: line || `exit code ${r.code}` };
}
