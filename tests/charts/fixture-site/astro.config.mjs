// A test-only Astro project that renders the cost, chart and availability components on one page,
// so their browser tests can run before (or without) the article wiring them in. Not deployed.
import { defineConfig } from 'astro/config';

export default defineConfig({ output: 'static', telemetry: false });
