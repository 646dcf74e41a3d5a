/**
 * Loaded by Vite (tests/outcomes/renderer.ts), not by Node: renders one article page of the site, the
 * same ArticlePage component the site's routes render, through Astro's Container API, with the MDX
 * renderer, at the site's public address. (Plain tsc types .astro modules loosely, src/astro-modules.d.ts,
 * hence the cast to the component type Astro compiles them to.)
 */
import { experimental_AstroContainer } from 'astro/container';
import type { AstroComponentFactory } from 'astro/runtime/server/index.js';
import { loadRenderers } from 'astro:container';
import { getContainerRenderer } from '@astrojs/mdx/container-renderer';
import ArticlePage from '../../src/layouts/ArticlePage.astro';

let container: Promise<experimental_AstroContainer> | undefined;

/**
 * The HTML of the article page `id` (src/site/article-pages.ts), as served at `pathname` under `site`.
 * @throws whatever the page's components throw for the outcome's data.
 */
export async function renderArticlePage(id: string, pathname: string, site: string): Promise<string> {
  container ??= loadRenderers([getContainerRenderer()]).then((renderers) => experimental_AstroContainer.create({ renderers, astroConfig: { site } }));
  return (await container).renderToString(ArticlePage as AstroComponentFactory, { props: { id }, request: new Request(new URL(pathname.replace(/^\//, ''), site)) });
}
