/**
 * Run by each Node version of the matrix before the bench: it has a type annotation, so it only runs
 * where that Node can load TypeScript (natively, or through tsx), and it prints what the matrix
 * records about that Node as one JSON line on stdout.
 */
const probe: { version: string; v8: string; openssl: string | null } = {
  version: process.version,
  v8: process.versions.v8,
  openssl: process.versions.openssl ?? null,
};
process.stdout.write(`${JSON.stringify(probe)}\n`);
