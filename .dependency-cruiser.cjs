/**
 * Layering rules, checked by `npm test` (tests/layering/layering.test.ts) and by `npm run deps`.
 * Paths are relative to the folder depcruise runs in (the project root, or a test fixture shaped like it).
 *
 * - bench/ imports nothing from the site (src/) or its tests: the bench is a package of its own.
 * - No import cycles at run time. An `import type` is erased before Node runs the file
 *   (verbatimModuleSyntax), so a cycle that closes only through type imports is not one; the
 *   results schema and its consistency checks refer to each other's types that way.
 * - The site imports the bench only through its public modules: the files listed in
 *   bench/package.json "exports" (read here, so the list has one source).
 * - The public freshness module stays light: computing a cache key reaches no case module, no
 *   service and no child_process.
 * - The results consistency check does not need the text-report parser.
 * - Components and their helpers (src/components/**, src/cases/**) read no files: what they show comes
 *   from the page inputs (src/inputs/page-inputs.ts). depcruise cannot read .astro files, nor see
 *   process.env; tests/layering/components.test.ts checks those, and proves this rule can fail.
 */
const fs = require('node:fs');
const path = require('node:path');

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const benchExports = JSON.parse(fs.readFileSync(path.resolve('bench/package.json'), 'utf8')).exports ?? {};
const PUBLIC_BENCH = Object.values(benchExports).map((target) => `^bench/${escape(path.posix.normalize(target))}$`);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'bench-imports-no-site',
      comment: 'bench/ is its own package: it must not import the site (src/) or the site tests (tests/).',
      severity: 'error',
      from: { path: '^bench/' },
      to: { path: '^(src|tests)/' },
    },
    {
      name: 'no-circular',
      comment: 'No import cycles at run time (cycles closed only by erased `import type` edges are allowed).',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'site-uses-public-bench-modules',
      comment: 'The site reaches the bench only through bench/package.json "exports".',
      severity: 'error',
      from: { path: '^(src|tests)/' },
      to: { path: '^bench/', pathNot: PUBLIC_BENCH },
    },
    {
      name: 'freshness-is-light',
      comment: 'Computing a cache key must not load the cases, the services or child_process.',
      severity: 'error',
      from: { path: '^bench/src/freshness\\.ts$' },
      to: { path: ['^bench/src/cases/(?!counts\\.ts$)', '^bench/src/services/', '^(node:)?child_process$'], reachable: true },
    },
    {
      name: 'consistency-without-report-parser',
      comment: 'The results consistency check compares figures with figures, not parsed report text.',
      severity: 'error',
      from: { path: '^bench/src/consistency\\.ts$' },
      to: { path: '^bench/src/report-parse\\.ts$', reachable: true },
    },
    {
      name: 'components-read-no-files',
      comment: 'Components and their helpers read no files: their data comes from the one page-input loader (src/inputs/).',
      severity: 'error',
      from: { path: '^src/(components|cases)/' },
      to: { path: '^(node:)?fs(/promises)?$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)(node_modules|dist|test-artifacts|\\.astro)/', '^tests/layering/fixtures/'] },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'node', 'default'],
      extensions: ['.ts', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: false } },
  },
};
