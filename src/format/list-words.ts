/** Lists in prose, for every page and derived word. */

/** "a, b and c" ("a" for one item, "" for none). */
export function listWords(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * "a, b, and c" and "a, and b": with a comma before the last item, for items that carry an "and" or a
 * "from" of their own ("0 calls/s under X and Y, and 58 calls/s under Z"). One item as it is; none, "".
 */
export function serialListWords(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')}, and ${items[items.length - 1]}`;
}
