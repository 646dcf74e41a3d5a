/**
 * The one friendly-error helper for zod schemas, shared by the results schema (bench/src/harness/schema.ts)
 * and the site's price schema (src/prices/prices.ts): each zod issue becomes its dotted field path, the
 * schema's own message, and a short rendering of the value that was actually there, so a bad file
 * is reported as "file, field, expected, got" instead of a stack of zod internals. Public (the site
 * imports it through @split-on-evidence/hop-bench/schema).
 */
import type { z } from 'zod';

/** One problem in validated data, ready for a message. */
export interface FriendlyIssue {
  /** The issue's path, e.g. ["items", 2, "price"]. */
  path: readonly PropertyKey[];
  /** The path dotted, e.g. "items.2.price"; "" for the root. */
  field: string;
  /** The schema's message (what was expected). */
  message: string;
  /** The value found at the path: "nothing" when absent, else JSON, cut to 60 characters. */
  received: string;
  /**
   * Expected and received said once, e.g. "missing (expected object)" or "expected number, received
   * \"12\"" (zod's own invalid_type message already names what it received, so it is not repeated).
   */
  text: string;
}

/**
 * The issues of a failed zod parse of `data`, each with the value found at its path.
 * @param error the ZodError of `schema.safeParse(data)`.
 * @param data the input that was parsed.
 */
export function friendlyIssues(error: z.ZodError, data: unknown): FriendlyIssue[] {
  return error.issues.map((issue) => {
    const value = valueAt(data, issue.path);
    const received = describeValue(value);
    return { path: issue.path, field: issue.path.map(String).join('.'), message: issue.message, received, text: issueText(issue, value, received) };
  });
}

function issueText(issue: z.ZodError['issues'][number], value: unknown, received: string): string {
  if (issue.code === 'invalid_type') {
    return value === undefined ? `missing (expected ${issue.expected})` : `expected ${issue.expected}, received ${received}`;
  }
  return value === undefined ? issue.message : `${issue.message} (received ${received})`;
}

/** The value at `path` inside `data`, or undefined when the path does not exist. */
export function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value = data;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** A value for a message: "nothing" for undefined, else its JSON, cut to 60 characters with "...". */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
