// Astro configuration: the article page and the bench source page, built from content/ (MDX) and this
// machine's bench results. `npm run build` (src/pipeline/build.ts) wraps `astro build`: it makes sure
// results exist, checks the article's claims, builds into a temporary folder and only then replaces dist/.
import mdx from '@astrojs/mdx';
import sitemap from '@astrojs/sitemap';
import { defineConfig } from 'astro/config';
import { loadCodeThemes } from './src/highlight/code-themes.ts';
import { siteUrl } from './src/site/site-url.ts';
import { stackTablesIntegration } from './src/tables/table-stack.ts';

export default defineConfig({
  output: 'static',
  // The public address: canonical URL, Open Graph URLs, sitemap and feed ($HOP_SITE_URL to change it).
  site: siteUrl(process.env),
  // Tables stack into labelled rows on phones (src/tables/table-stack.ts).
  integrations: [mdx(), sitemap(), stackTablesIntegration()],
  markdown: {
    shikiConfig: { themes: await loadCodeThemes() },
  },
  vite: {
    build: {
      rollupOptions: {
        onwarn(warning, warn) {
          // MDX modules carry Astro's "use astro:head-inject" directive; the bundler's note about
          // module-level directives is expected and harmless there.
          if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && /\.mdx/.test(warning.id ?? '')) return;
          warn(warning);
        },
      },
    },
  },
});
