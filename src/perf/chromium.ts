/**
 * Where a headless Chromium is found, for `npm run bench:page` (Lighthouse starts it itself) and for the
 * browser tests (tests/support/browser.ts launches it through playwright-core). One order for both:
 * $CHROMIUM_PATH, Debian's /usr/bin/chromium, then @sparticuz/chromium (Chromium shipped inside an npm
 * package, so `npm ci` alone provides a browser). It lives here, not under tests/, because production
 * code must not import tests.
 */
import { existsSync } from 'node:fs';

/** Flags for a closed network: no background connections, no first-run work. */
export const CHROMIUM_QUIET_FLAGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** One place a Chromium may be. */
export interface ChromiumCandidate {
  /** Names the place in error messages ("$CHROMIUM_PATH"). */
  label: string;
  /** The executable's path, or undefined when this place has none. @throws Error when the place cannot be read. */
  executablePath: () => Promise<string | undefined>;
  /** The flags to start it with (the quiet flags, and whatever the package needs). */
  args: () => Promise<string[]>;
}

/** The places, in the order they are tried. */
export const CHROMIUM_CANDIDATES: readonly ChromiumCandidate[] = [
  { label: '$CHROMIUM_PATH', executablePath: async () => process.env.CHROMIUM_PATH || undefined, args: async () => [...CHROMIUM_QUIET_FLAGS] },
  { label: '/usr/bin/chromium', executablePath: async () => (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined), args: async () => [...CHROMIUM_QUIET_FLAGS] },
  {
    label: '@sparticuz/chromium',
    executablePath: async () => (await import('@sparticuz/chromium')).default.executablePath(),
    args: async () => [...(await import('@sparticuz/chromium')).default.args, ...CHROMIUM_QUIET_FLAGS],
  },
];

/**
 * The executable of the first place that has one (CHROMIUM_CANDIDATES), for tools that start Chromium
 * themselves (npm run bench:page, Lighthouse).
 * @throws Error naming each place that failed and how to provide a browser when none is found.
 */
export async function chromiumExecutablePath(): Promise<string> {
  const failures: string[] = [];
  for (const c of CHROMIUM_CANDIDATES) {
    try {
      const found = await c.executablePath();
      if (found) return found;
    } catch (error) {
      failures.push(`${c.label}: ${(error as Error).message.split('\n')[0]}`);
    }
  }
  throw new Error(`No Chromium found (${failures.join('; ') || CHROMIUM_CANDIDATES.map((c) => c.label).join(', ')}). Fix: run "npm ci", or set CHROMIUM_PATH.`);
}
