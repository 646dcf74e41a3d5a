/**
 * A copy of the bench that any user can run, for tests that run it as another user (nobody): the
 * checkout may sit under a folder only its owner can enter (a home of mode 0700, or one made by
 * mktemp -d), where that user cannot reach the Node binary or the bench's files.
 */
import { chmodSync, copyFileSync, cpSync, linkSync, mkdtempSync, readdirSync, realpathSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const BENCH = fileURLToPath(new URL('../..', import.meta.url));

/** A world-readable copy: its Node binary, its bench folder, and how to remove it. */
export interface WorldReadableBench {
  /** Path of a Node binary anyone can execute (a hard link to this one where possible, else a copy). */
  readonly node: string;
  /** The copied bench folder (src/ and package.json), with the packages its source imports. */
  readonly bench: string;
  /** Removes the copy. */
  remove(): void;
}

/**
 * Copies this process's Node binary, bench/src, bench/package.json and the given npm packages into a
 * new folder of mode 0755 under the system temp folder, every file world-readable.
 * @param packages npm packages the copied source imports (resolved from the bench, copied to node_modules/).
 * @throws Error from the file system.
 */
export function worldReadableBench(packages: readonly string[]): WorldReadableBench {
  const root = mkdtempSync(path.join(os.tmpdir(), 'hop-bench-anyone-'));
  const node = path.join(root, 'node');
  const real = realpathSync(process.execPath);
  try {
    linkSync(real, node);
  } catch {
    copyFileSync(real, node); // another file system: a copy (about 120 MB) instead of a link
  }
  const bench = path.join(root, 'bench');
  cpSync(path.join(BENCH, 'src'), path.join(bench, 'src'), { recursive: true });
  copyFileSync(path.join(BENCH, 'package.json'), path.join(bench, 'package.json'));
  const require = createRequire(path.join(BENCH, 'package.json'));
  for (const name of packages) {
    const dir = path.dirname(require.resolve(`${name}/package.json`));
    cpSync(dir, path.join(root, 'node_modules', name), { recursive: true });
  }
  openUp(root);
  return { node, bench, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** chmod a+rX, recursively: folders 0755, files gain read (and execute where their owner has it) for all. */
function openUp(p: string): void {
  const { mode } = statSync(p);
  if (statSync(p).isDirectory()) {
    chmodSync(p, 0o755);
    for (const entry of readdirSync(p)) openUp(path.join(p, entry));
  } else {
    // A hard-linked Node binary shares its mode with the original, which already has these bits.
    chmodSync(p, mode | 0o444 | (mode & 0o100 ? 0o011 : 0));
  }
}
