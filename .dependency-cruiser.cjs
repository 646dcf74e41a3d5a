/**
 * Layering rules, checked by `npm test` (tests/layering/layering.test.ts) and by `npm run deps`.
 * Paths are relative to the folder depcruise runs in (the project root, or a test fixture shaped like it).
 *
 * - bench/ imports nothing from the site (src/) or its tests: the bench is a package of its own.
 * - Production code (src/, bench/src/) imports no tests (tests/, bench/test/): what both need lives in
 *   production code, and the tests import it from there.
 * - No import cycles at run time. An `import type` is erased before Node runs the file
 *   (verbatimModuleSyntax), so a cycle that closes only through type imports is not one; the
 *   results schema and its consistency checks refer to each other's types that way.
 * - The site imports the bench only through its public modules: the files listed in
 *   bench/package.json "exports" (read here, so the list has one source): bench/src/public/schema.ts
 *   (types and parsers), bench/src/public/facts.ts (rules and summaries), bench/src/public/cli.ts
 *   (running the bench) and bench/src/suites/index.ts (the suites). A case's own files are never public.
 * - The suites stay light ("./suites"): the cache key and the cases' specs reach no case code, no
 *   service, no process module and no child_process, and a suite module reaches them only by the
 *   dynamic import() that loads its cases when it runs (bench/test/suites-light.test.ts checks the
 *   whole "./suites" module at run time).
 * - A case folder (bench/src/cases/<letter>-<name>/) imports only the harness and itself.
 * - The harness imports no case, suite or tool: they build on it, not it on them.
 * - A results file is valid by its numbers: the consistency check reaches neither the report writer
 *   (report.ts), the reference suite's layout (suites/reference-report.ts) nor the text-report parser.
 * - Components and their helpers (src/components/**, src/cases/**) read no files: what they show comes
 *   from the page inputs (src/inputs/page-inputs.ts). depcruise cannot read .astro files, nor see
 *   process.env; tests/layering/components.test.ts checks those, and proves this rule can fail.
 * - content/ holds only the article's text and data (MDX, Markdown, JSON): nothing imports code from it;
 *   its sentences, claims and rules are code in src/prose/. tests/layering/content-files.ts also finds a
 *   code file there that nothing imports (npm run deps runs both).
 * bench/test/layering.test.ts proves each bench rule can fail on a fixture (bench/test/fixtures/layering/).
 */
const fs = require('node:fs');
const path = require('node:path');

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const benchExports = JSON.parse(fs.readFileSync(path.resolve('bench/package.json'), 'utf8')).exports ?? {};
/** What a light module must not load: case code, the process module and what it starts, child_process. */
const HEAVY = ['^bench/src/cases/[^/]+/case\\.ts$', '^bench/src/harness/(process|environment)\\.ts$', '^bench/src/harness/services/', '^(node:)?child_process$'];
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
      name: 'production-imports-no-tests',
      comment: 'Production code (src/, bench/src/) must not import tests (tests/, bench/test/): move what both need into production code, and import it from there in the tests.',
      severity: 'error',
      from: { path: '^(src|bench/src)/' },
      to: { path: '^(tests|bench/test)/' },
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
      name: 'public-bench-modules-are-no-case-file',
      comment: 'The bench\'s exports are its public modules, never a case\'s own file: a case publishes through ./schema or ./facts.',
      severity: 'error',
      from: { path: '^(src|tests)/' },
      to: { path: '^bench/src/cases/' },
    },
    {
      name: 'cache-key-is-light',
      comment: 'The cache key and the case specs (what a suite needs without running) must not reach case code, a service, the process module or child_process.',
      severity: 'error',
      from: { path: '^bench/src/(harness/cache-key|cases/[^/]+/spec)\\.ts$' },
      to: { path: HEAVY, reachable: true },
    },
    {
      name: 'suites-load-cases-lazily',
      comment: 'A suite module and a case\'s registry entry reach the case\'s code, the services and child_process only by dynamic import(), when the suite runs.',
      severity: 'error',
      from: { path: ['^bench/src/suites/', '^bench/src/cases/[^/]+/entry\\.ts$'] },
      to: { path: HEAVY, dependencyTypesNot: ['dynamic-import', 'type-only'] },
    },
    {
      name: 'case-imports-only-harness-and-itself',
      comment: 'A case folder holds everything its case needs; what it shares with others lives in the harness.',
      severity: 'error',
      from: { path: '^bench/src/cases/([^/]+)/' },
      to: { path: '^bench/', pathNot: ['^bench/src/harness/', '^bench/src/cases/$1/'] },
    },
    {
      name: 'harness-imports-no-case',
      comment: 'The harness is what every suite and case shares: it imports no case, suite or tool.',
      severity: 'error',
      from: { path: '^bench/src/harness/' },
      to: { path: '^bench/src/(cases|suites|tools)/' },
    },
    {
      name: 'consistency-without-report-parser',
      comment: 'A results file is valid by its numbers: the consistency check reaches neither the report exporter nor the report parser.',
      severity: 'error',
      from: { path: '^bench/src/harness/consistency\\.ts$' },
      to: { path: '^bench/src/(harness/report(-parse)?|suites/reference-report)\\.ts$', reachable: true },
    },
    {
      name: 'components-read-no-files',
      comment: 'Components and their helpers read no files: their data comes from the one page-input loader (src/inputs/).',
      severity: 'error',
      from: { path: '^src/(components|cases)/' },
      to: { path: '^(node:)?fs(/promises)?$' },
    },
    {
      name: 'content-holds-no-code',
      comment: 'content/ holds the article\'s MDX, Markdown and JSON only: its words\' code lives in src/prose/, so nothing imports code from content/.',
      severity: 'error',
      from: {},
      to: { path: '^content/.*\\.[cm]?[jt]sx?$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)(node_modules|dist|test-artifacts|\\.astro)/', '^tests/layering/fixtures/', '^bench/test/fixtures/'] },
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
