/**
 * The browser tests' static server is the site's own (src/perf/static-server.ts, the one
 * `npm run bench:page` measures through): re-exported here for the tests' imports.
 */
export { serveStatic, type StaticServer } from '../../src/perf/static-server.ts';
