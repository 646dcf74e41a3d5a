/**
 * Launches a headless Chromium for the browser tests, driven by playwright-core, from the first place
 * of src/perf/chromium.ts that has one ($CHROMIUM_PATH, Debian's /usr/bin/chromium, then
 * @sparticuz/chromium). No browser → a clear error, never a skip.
 */
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_CANDIDATES } from '../../src/perf/chromium.ts';

/**
 * Launches a headless browser.
 * @throws Error saying how to provide a browser when none can be found or started.
 */
export async function launchBrowser(): Promise<Browser> {
  const failures: string[] = [];
  for (const c of CHROMIUM_CANDIDATES) {
    try {
      const executablePath = await c.executablePath();
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
