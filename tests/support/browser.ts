/**
 * Finds and launches a headless Chromium for the browser tests, driven by playwright-core.
 * Order: $CHROMIUM_PATH, Debian's /usr/bin/chromium, then @sparticuz/chromium (Chromium shipped inside
 * an npm package, so `npm ci` alone provides a browser). No browser → a clear error, never a skip.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Flags for a closed network: no background connections, no first-run work. */
const QUIET_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Launches a headless browser.
 * @throws Error saying how to provide a browser when none can be found or started.
 */
export async function launchBrowser(): Promise<Browser> {
  const candidates: { label: string; path: () => Promise<string | undefined>; args: () => Promise<string[]> }[] = [
    { label: '$CHROMIUM_PATH', path: async () => process.env.CHROMIUM_PATH || undefined, args: async () => QUIET_FLAGS },
    { label: '/usr/bin/chromium', path: async () => (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined), args: async () => QUIET_FLAGS },
    {
      label: '@sparticuz/chromium',
      path: async () => (await import('@sparticuz/chromium')).default.executablePath(),
      args: async () => [...(await import('@sparticuz/chromium')).default.args, ...QUIET_FLAGS],
    },
  ];
  const failures: string[] = [];
  for (const c of candidates) {
    try {
      const executablePath = await c.path();
      if (!executablePath) continue;
      return await chromium.launch({ executablePath, args: await c.args(), headless: true });
    } catch (error) {
      failures.push(`${c.label}: ${(error as Error).message.split('\n')[0]}`);
    }
  }
  throw new Error(
    `No headless Chromium could be started for the browser tests.\n${failures.map((f) => `  - ${f}`).join('\n')}\n` +
      `Fix: run "npm ci" (it installs @sparticuz/chromium), or install Debian's chromium (apt-get install chromium), ` +
      `or set CHROMIUM_PATH to a Chromium executable.`,
  );
}

/**
 * The executable the browser tests would use, in the same order ($CHROMIUM_PATH, /usr/bin/chromium,
 * @sparticuz/chromium), for tools that start Chromium themselves (npm run bench:page, Lighthouse).
 * @throws Error saying how to provide a browser when none is found.
 */
export async function chromiumExecutablePath(): Promise<string> {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  try {
    return await (await import('@sparticuz/chromium')).default.executablePath();
  } catch (error) {
    throw new Error(`No Chromium found (${(error as Error).message.split('\n')[0]}). Fix: run "npm ci", or set CHROMIUM_PATH.`);
  }
}
