/**
 * Import first in a test file that runs the bench's command line: its bench runs (and those of the
 * processes they start, which inherit the environment) take a lock of this file's own
 * ($HOP_BENCH_LOCK_FILE, in a temporary folder removed at exit) instead of bench/results/bench.lock.
 * Test runs publish no figures, so files need not queue behind one another's runs for minutes (npm
 * test runs these files side by side); runs within one file still take turns on it, and a real
 * `npm run bench` beside the tests is not held up either. The lock itself is tested in
 * locks-archive-messages.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dir = mkdtempSync(path.join(os.tmpdir(), 'hop-bench-lock-'));
process.env.HOP_BENCH_LOCK_FILE = path.join(dir, 'bench.lock');
process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
