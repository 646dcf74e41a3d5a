/**
 * The built pages the site tests share, each built once per `npm test` (shared-site.ts):
 *
 * - fixturePage(): the labelled full-run fixture, the beyond fixture and the project's price file,
 *   with a run history of one earlier run (the fixture, relabelled) and one unreadable archive file,
 *   and no Node matrix. What this checkout's bench/results/ holds never reaches it.
 * - variantPage(): the same results with every optional input the other way, each touching its own
 *   part of the page: beyond cases F, G and H not measured (with a reason) and case I absent, the
 *   public address set (HOP_SITE_URL), and a Node matrix made on another machine.
 *
 * Tests read these folders and never write into them (copySite gives a writable copy).
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { emptyFolder, sharedInput, sharedSite, type SharedSite } from './shared-site.ts';
import { BEYOND_FIXTURE, FIXTURE, ROOT } from './site-build.ts';

/** The earlier run in the fixture page's history: the fixture, relabelled to this date and Node. */
export const ARCHIVED_RUN = { startedAt: '2026-11-01T08:00:00.000Z', nodeVersion: 'v24.19.0', file: '2026-11-01T08-00-00Z_v24.19.0_host.json' } as const;
/** An archive file that is not JSON: the build skips it with a warning. */
export const UNREADABLE_ARCHIVE_FILE = '2026-11-02T08-00-00Z_v24.19.0_host.json';

/** The fixture page's archive folder. */
export function fixtureArchive(): string {
  const earlier = JSON.parse(readFileSync(FIXTURE, 'utf8'));
  // Relabelled consistently: the stored report states the run's date and Node version too.
  earlier.report = earlier.report
    .replace(`Date: ${earlier.environment.startedAt}`, `Date: ${ARCHIVED_RUN.startedAt}`)
    .replace(`Node ${earlier.environment.nodeVersion}`, `Node ${ARCHIVED_RUN.nodeVersion}`);
  earlier.environment.startedAt = ARCHIVED_RUN.startedAt;
  earlier.environment.nodeVersion = ARCHIVED_RUN.nodeVersion;
  return sharedInput('archive', { [ARCHIVED_RUN.file]: JSON.stringify(earlier), [UNREADABLE_ARCHIVE_FILE]: '{ not json' });
}

/** The fixture page (see above). */
export function fixturePage(): Promise<SharedSite> {
  return sharedSite({ results: FIXTURE, env: { HOP_BENCH_ARCHIVE: fixtureArchive(), HOP_BENCH_MATRIX: emptyFolder() } });
}

/** A real `npm run bench:matrix` (full suite, four Node versions) kept as a labelled fixture. */
export const MATRIX_FIXTURE = path.join(ROOT, 'tests', 'fixtures', 'matrix-2026-12-01');

/** A machine as a matrix records it. */
export interface Machine {
  hostname: string;
  cpuModel: string;
  cores: number;
}

/** The fixture matrix relabelled as a run of `machine` (summary and results alike), as a shared folder. */
export function relabelledMatrix(machine: Machine): string {
  const files: Record<string, string> = {};
  for (const name of readdirSync(MATRIX_FIXTURE).filter((f) => f.endsWith('.json')).sort()) {
    const data = JSON.parse(readFileSync(path.join(MATRIX_FIXTURE, name), 'utf8'));
    if (name.endsWith('.matrix.json')) Object.assign(data.machine, machine);
    else Object.assign(data.environment, machine);
    files[name] = JSON.stringify(data);
  }
  return sharedInput('matrix', files);
}

/** The machine the variant page's matrix was made on (not this one). */
export const OTHER_MACHINE: Machine = { hostname: 'elsewhere', cpuModel: 'Some Other CPU', cores: 64 };
/** The variant page's public address. */
export const VARIANT_SITE_URL = 'https://docs.example.org/';
/** The variant page's reason for a beyond case that was not measured. */
const notMeasuredReason = (id: string) => `case ${id} cannot run here (test)`;

/** The variant page's beyond results: F, G and H not measured, I absent (as a run of the others leaves it). */
export function variantBeyondText(): string {
  const beyond = JSON.parse(readFileSync(BEYOND_FIXTURE, 'utf8'));
  beyond.config.cases = beyond.config.cases.filter((id: string) => id !== 'I');
  delete beyond.config.caseConfigs.I;
  beyond.cases = beyond.cases
    .filter((c: { id: string }) => c.id !== 'I')
    .map((c: { id: string; title: string }) => ({ id: c.id, title: c.title, status: 'not-measured', reason: notMeasuredReason(c.id) }));
  return JSON.stringify(beyond);
}

/** The variant page (see above). */
export function variantPage(): Promise<SharedSite> {
  const beyond = path.join(sharedInput('beyond', { 'beyond-variant.json': variantBeyondText() }), 'beyond-variant.json');
  return sharedSite({
    results: FIXTURE,
    env: { HOP_BEYOND_RESULTS: beyond, HOP_SITE_URL: VARIANT_SITE_URL, HOP_BENCH_ARCHIVE: emptyFolder(), HOP_BENCH_MATRIX: relabelledMatrix(OTHER_MACHINE) },
  });
}
