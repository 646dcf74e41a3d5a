// Astro configuration: one static page built from content/ (MDX) and this machine's bench results.
// `npm run build` (src/build/build.ts) wraps `astro build`: it makes sure results exist, checks the
// article's claims, builds into a temporary folder and only then replaces dist/.
import mdx from '@astrojs/mdx';
import { defineConfig } from 'astro/config';

export default defineConfig({
  output: 'static',
  integrations: [mdx()],
  markdown: {
    shikiConfig: { themes: { light: 'github-light', dark: 'github-dark' } },
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
