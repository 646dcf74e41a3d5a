// Plain `tsc` does not read .astro files (astro check does); this lets it type-check the .ts that import them.
declare module '*.astro' {
  const Component: (props: Record<string, unknown>) => unknown;
  export default Component;
}
