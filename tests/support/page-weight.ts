/**
 * Measures what a page costs to load: every response the browser receives while loading it, with its
 * size as served (uncompressed) and its gzip size (level 9, as a compressing host would send it).
 * Run in a test against a built page; the result is written to test-artifacts/ and printed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

/** One response of the page load. */
export interface ResourceWeight {
  /** Path and query relative to the origin. */
  url: string;
  /** Playwright's resource type: document, script, stylesheet, image, font, fetch, xhr … */
  type: string;
  /** Body size as served, bytes. */
  bytes: number;
  /** Body size gzipped (level 9), bytes. */
  gzipBytes: number;
}

/** The weight of one page load. */
export interface PageWeight {
  url: string;
  resources: ResourceWeight[];
  /** All responses, bytes as served / gzipped. */
  totalBytes: number;
  totalGzipBytes: number;
  /** JavaScript: script files plus inline module/classic scripts of the page, bytes as served / gzipped. */
  jsBytes: number;
  jsGzipBytes: number;
  /** Of that, inline scripts in the HTML (already counted in the document's bytes too). */
  inlineJsBytes: number;
  /** Requests made by scripts after load (fetch/xhr); a page drawn from embedded data has none. */
  runtimeFetches: number;
}

/**
 * Loads `url` in a fresh browser context, waits until the network is idle, and sums what it received.
 * The context is left open for the caller's browser.close(): with the @sparticuz Chromium
 * (--single-process), closing a context ends the browser.
 * @throws Error when the page does not answer 200.
 */
export async function measurePageWeight(browser: Browser, url: string): Promise<PageWeight> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const pending: Promise<ResourceWeight | null>[] = [];
  const origin = new URL(url).origin;
  page.on('response', (response) => {
    pending.push(
      response
        .body()
        .then((body) => ({
          url: response.url().startsWith(origin) ? response.url().slice(origin.length) : response.url(),
          type: response.request().resourceType(),
          bytes: body.length,
          gzipBytes: gzipSync(body, { level: 9 }).length,
        }))
        .catch(() => null),
    );
  });
  const answer = await page.goto(url, { waitUntil: 'networkidle' });
  if (!answer || answer.status() !== 200) throw new Error(`${url} answered ${answer?.status() ?? 'nothing'}`);
  const inlineJs = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src])')]
      .filter((s) => !s.getAttribute('type') || s.getAttribute('type') === 'module' || s.getAttribute('type') === 'text/javascript')
      .map((s) => s.textContent ?? '')
      .join('\n'),
  );
  const resources = (await Promise.all(pending)).filter((r): r is ResourceWeight => r !== null);
  const inline = Buffer.from(inlineJs, 'utf8');
  const sum = (list: ResourceWeight[], key: 'bytes' | 'gzipBytes') => list.reduce((total, r) => total + r[key], 0);
  const scripts = resources.filter((r) => r.type === 'script');
  return {
    url,
    resources,
    totalBytes: sum(resources, 'bytes'),
    totalGzipBytes: sum(resources, 'gzipBytes'),
    jsBytes: sum(scripts, 'bytes') + inline.length,
    jsGzipBytes: sum(scripts, 'gzipBytes') + (inline.length ? gzipSync(inline, { level: 9 }).length : 0),
    inlineJsBytes: inline.length,
    runtimeFetches: resources.filter((r) => r.type === 'fetch' || r.type === 'xhr').length,
  };
}

/** Writes the measurement to `file` (JSON) and returns a one-paragraph summary for the test log. */
export function reportPageWeight(weight: PageWeight, file: string): string {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(weight, null, 2) + '\n');
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  return (
    `page weight of ${weight.url}: ${weight.resources.length} responses, ${kb(weight.totalBytes)} as served ` +
    `(${kb(weight.totalGzipBytes)} gzipped); JavaScript ${kb(weight.jsBytes)} (${kb(weight.jsGzipBytes)} gzipped) in ` +
    `${weight.resources.filter((r) => r.type === 'script').length} file(s) + ${kb(weight.inlineJsBytes)} inline. Details: ${file}`
  );
}
