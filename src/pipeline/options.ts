/** Command-line options and environment of `npm run build`. */
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BuildError } from './errors.ts';

/** What the build was asked to do. */
export interface BuildOptions {
  /** Run the bench even when cached results are current (--fresh or HOP_BENCH_FRESH=1). */
  fresh: boolean;
  /** Why `fresh` is set, for the console ("--fresh" or "HOP_BENCH_FRESH=1"); empty when not. */
  freshReason: string;
  /** Folder that receives the site; replaced only when the whole build succeeds. */
  outDir: string;
  /** Build from a quick or partial run, with a warning at the top of the page (--allow-partial). */
  allowPartial: boolean;
  /** Build when the two suites' results come from different machines or runtimes (--allow-mixed-machines); the page says so. */
  allowMixedMachines: boolean;
  /** Print usage and stop. */
  help: boolean;
}

/** Usage text of the build. */
export const USAGE = `Usage: npm run build -- [--fresh] [--out-dir DIR] [--allow-partial] [--allow-mixed-machines]

Makes sure this machine has current hop-bench results of both suites (running a suite when its
results are missing or stale, and saying how long its last full run here took), checks the
article's claims against them, builds the site into a temporary folder, checks it, and only then
replaces the output folder.

Options:
  --fresh          run the bench even if cached results are current
  --out-dir DIR    where the site goes (default: dist)
  --allow-partial  build from a quick or partial run (fewer runs or calls); the page then opens
                   with a warning that its figures are not a full measurement
  --allow-mixed-machines  build when the reference and beyond results come from different machines
                   or Node versions; every section of beyond figures then says so
  -h, --help       show this help

Environment:
  HOP_BENCH_FRESH=1        same as --fresh
  HOP_BENCH_RESULTS=FILE   build from this results file instead of bench/results/latest.json;
                           the bench is not run for it unless --fresh is given
  HOP_BEYOND_RESULTS=FILE  the same for the beyond suite's results (bench/results/beyond-latest.json);
                           --fresh runs both suites
  HOP_PRICES_FILE=FILE     build from this price file instead of content/prices.json
  HOP_BENCH_ARCHIVE=DIR    read the run history from DIR instead of bench/results/archive
`;

/**
 * Reads argv and the environment.
 * @throws BuildError on an unknown option (the message includes the usage).
 */
export function parseBuildOptions(argv: string[], env: NodeJS.ProcessEnv, rootDir: string): BuildOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        fresh: { type: 'boolean', default: false },
        'out-dir': { type: 'string' },
        'allow-partial': { type: 'boolean', default: false },
        'allow-mixed-machines': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    throw new BuildError(`${(error as Error).message}\n\n${USAGE}`);
  }
  const envFresh = /^(1|true|yes)$/i.test(env.HOP_BENCH_FRESH?.trim() ?? '');
  const outDir = values['out-dir']?.trim();
  if (values['out-dir'] !== undefined && !outDir) throw new BuildError(`--out-dir needs a folder\n\n${USAGE}`);
  return {
    fresh: values.fresh || envFresh,
    freshReason: values.fresh ? '--fresh' : envFresh ? 'HOP_BENCH_FRESH=1' : '',
    outDir: followLink(outDir ? path.resolve(outDir) : path.join(rootDir, 'dist')),
    allowPartial: values['allow-partial'],
    allowMixedMachines: values['allow-mixed-machines'],
    help: values.help,
  };
}

/** A symlinked output folder is published through: the swap replaces its target, not the link. */
function followLink(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return dir; // not there yet
  }
}
