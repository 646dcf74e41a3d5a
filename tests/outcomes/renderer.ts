/**
 * Renders the site's article pages in this process, fast enough for hundreds of outcomes: one Vite
 * server (Astro's own Vite configuration, astro.config.mjs, via `getViteConfig`) loads the pages'
 * components once, and each render goes through Astro's Container API (render-entry.ts). The page
 * data module is aliased to page-data-stub.ts, so each render shows the outcome handed over with
 * `render(page, data)` instead of the build's inputs. The article collection is synced once into a
 * folder of the run's own, then copied to where Astro's dev server reads it (.astro/data-store.json).
 * A render takes about 0.1 s for the main article once the modules are loaded (about 10 s).
 */
import { copyFileSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sync } from 'astro';
import { getViteConfig } from 'astro/config';
import { createServer, type ViteDevServer } from 'vite';
import type { PageData } from '../../src/inputs/page-data.ts';
import type { ArticlePage } from '../../src/site/article-pages.ts';
import { siteUrl } from '../../src/site/site-url.ts';
import { ROOT } from '../support/site-build.ts';
import { setOutcomePageData } from './page-data-stub.ts';

const STUB = path.join(ROOT, 'tests', 'outcomes', 'page-data-stub.ts');
const ENTRY = '/tests/outcomes/render-entry.ts';

/** A page renderer over one Vite server; `close` when done. */
export interface OutcomeRenderer {
  /**
   * The built HTML of `page` for the outcome whose page data is `data`.
   * @throws whatever a component throws for that data.
   */
  render(page: ArticlePage, data: PageData): Promise<string>;
  close(): Promise<void>;
}

/** Starts the renderer (about 10 s, most of it loading the components and compiling the MDX). */
export async function startRenderer(): Promise<OutcomeRenderer> {
  const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'soe-outcomes-astro-'));
  let server: ViteDevServer | undefined;
  try {
    // The collection's entries, synced as `astro build` does, into our own cache folder (a site build
    // beside us syncs into node_modules/.astro/ and rewrites it); the dev server reads .astro/.
    await sync({ root: ROOT, cacheDir: `${cacheDir}/`, logLevel: 'error' });
    const store = path.join(ROOT, '.astro', 'data-store.json');
    copyFileSync(path.join(cacheDir, 'data-store.json'), `${store}.tmp-${process.pid}`);
    renameSync(`${store}.tmp-${process.pid}`, store);
    const config = await getViteConfig(
      {
        root: ROOT,
        appType: 'custom',
        logLevel: 'error',
        server: { middlewareMode: true, hmr: false, ws: false, watch: null },
        resolve: { alias: [{ find: /^(\.\.?\/)+(src\/)?inputs\/page-data\.ts$/, replacement: STUB }] },
      },
      { root: ROOT, logLevel: 'error', cacheDir: `${cacheDir}/` },
    )({ mode: 'development', command: 'serve' });
    server = await createServer({ ...config, configFile: false });
    const entry = (await server.ssrLoadModule(ENTRY)) as { renderArticlePage(id: string, pathname: string, site: string): Promise<string> };
    const site = siteUrl(process.env);
    const running = server;
    return {
      async render(page, data) {
        setOutcomePageData(data);
        try {
          return await entry.renderArticlePage(page.id, `/${page.path}`, site);
        } finally {
          setOutcomePageData(undefined);
        }
      },
      async close() {
        await running.close();
        rmSync(cacheDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await server?.close();
    rmSync(cacheDir, { recursive: true, force: true });
    throw error;
  }
}
