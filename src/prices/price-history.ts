/**
 * Dated price snapshots: the layer above one snapshot's schema (src/prices/prices.ts). The price file
 * holds a list of snapshots, oldest first, each with the date it was read (`asOf`) and its items;
 * file-level fields (such as `hoursPerMonth`) apply to every snapshot. The page computes everything
 * from the newest snapshot and shows what changed since the previous one.
 *
 *   { "hoursPerMonth": 730, "snapshots": [ { "asOf": "2026-10-19", "items": [ … ] }, … ] }
 *
 * A file without `snapshots` (the older single-snapshot layout: asOf, items at the top) is read as a
 * history of one snapshot. Each snapshot is validated by the single-snapshot schema, so its errors
 * name the file, the snapshot's date, the entry and the field.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { costModel } from './costs.ts';
import { parsePrices, PriceDataError, priceAgeWarning, type PriceDataIssue, type Prices } from './prices.ts';

/** A validated price history. */
export interface PriceHistory {
  /** The file it came from, as given to the loader. */
  file: string;
  /** Every snapshot, oldest first (dates strictly increasing). */
  snapshots: Prices[];
  /** The newest snapshot: what the page computes from. */
  current: Prices;
  /** The snapshot before the newest; null when the file has only one. */
  previous: Prices | null;
}

/** Describes snapshot `index` for messages: `snapshot "2026-10-19" (snapshots[0])`. */
function snapshotLabel(index: number, asOf: unknown): string {
  return typeof asOf === 'string' ? `snapshot "${asOf}" (snapshots[${index}])` : `snapshots[${index}]`;
}

/**
 * Validates a price file's text as a history of dated snapshots.
 * @param text the file's contents (JSON).
 * @param file the file name, for messages.
 * @param now the build time: no date may lie after it.
 * @throws PriceDataError naming the file, the snapshot (by date), the entry and the field, for bad JSON,
 *   a bad item, two snapshots with one date, snapshots out of order, or a date in the future.
 */
export function parsePriceHistory(text: string, file: string, now: Date = new Date()): PriceHistory {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new PriceDataError(file, [{ entry: 'file', field: '', message: `expected valid JSON: ${(error as Error).message}` }]);
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new PriceDataError(file, [{ entry: 'file', field: '', message: 'expected a JSON object with "snapshots"' }]);
  }
  const record = data as Record<string, unknown>;
  if (!('snapshots' in record)) {
    const only = parsePrices(text, file, now);
    return { file, snapshots: [only], current: only, previous: null };
  }
  const { snapshots: raw, $comment: _comment, ...shared } = record;
  if (!Array.isArray(raw) || raw.length === 0) {
    throw new PriceDataError(file, [
      { entry: 'file', field: 'snapshots', message: `expected a list of at least one dated snapshot, got ${JSON.stringify(raw)?.slice(0, 60) ?? 'nothing'}` },
    ]);
  }
  const issues: PriceDataIssue[] = [];
  const fileLevel = new Set<string>();
  const snapshots: Prices[] = [];
  raw.forEach((snapshot: unknown, index) => {
    const own = snapshot !== null && typeof snapshot === 'object' && !Array.isArray(snapshot) ? (snapshot as Record<string, unknown>) : null;
    const label = snapshotLabel(index, own?.asOf);
    if (own === null) {
      issues.push({ entry: label, field: '', message: `expected a snapshot object { "asOf": "YYYY-MM-DD", "items": [ … ] }, got ${JSON.stringify(snapshot)}` });
      return;
    }
    const { $comment: _note, ...fields } = own;
    try {
      snapshots.push(parsePrices(JSON.stringify({ ...shared, ...fields }), file, now));
    } catch (error) {
      if (!(error instanceof PriceDataError)) throw error;
      for (const issue of error.issues) {
        // A problem with a file-level field (not set by the snapshot) is reported once, for the file.
        const top = issue.field.split('.')[0] ?? '';
        if (issue.entry === 'file' && top !== '' && !(top in fields)) {
          const key = `${issue.field}|${issue.message}`;
          if (!fileLevel.has(key)) issues.push(issue);
          fileLevel.add(key);
        } else {
          issues.push({ ...issue, entry: issue.entry === 'file' ? label : `${label}, ${issue.entry}` });
        }
      }
    }
  });
  raw.forEach((snapshot: unknown, index) => {
    const asOf = (snapshot as { asOf?: unknown } | null)?.asOf;
    if (typeof asOf !== 'string') return;
    const first = raw.findIndex((s: unknown) => (s as { asOf?: unknown } | null)?.asOf === asOf);
    if (first < index) {
      issues.push({
        entry: snapshotLabel(index, asOf),
        field: 'asOf',
        message: `expected a date no other snapshot has; snapshots[${first}] is also dated ${asOf}. Fix: merge the two, or date this one when its prices were read`,
      });
      return;
    }
    const before = raw.slice(0, index).map((s: unknown) => (s as { asOf?: unknown } | null)?.asOf).filter((d): d is string => typeof d === 'string');
    const later = before.filter((d) => d > asOf);
    if (later.length > 0) {
      issues.push({
        entry: snapshotLabel(index, asOf),
        field: 'asOf',
        message: `expected snapshots oldest first, but an earlier entry is dated ${later.sort().at(-1)}. Fix: move this snapshot before it`,
      });
    }
  });
  if (issues.length > 0) throw new PriceDataError(file, issues);
  const current = snapshots.at(-1)!;
  return { file, snapshots, current, previous: snapshots.length > 1 ? snapshots.at(-2)! : null };
}

/** Files that already printed their age warning (several components load one file). */
const warnedFiles = new Set<string>();

/**
 * Reads and validates the price history at build time; warns (once per file) when the newest
 * snapshot's prices are older than the build's threshold.
 * @param file the price file, relative to the working directory.
 * @param now the build time.
 * @param options.warn where the age warning goes (default console.warn).
 * @throws PriceDataError when the file is missing, not JSON, or invalid (see parsePriceHistory).
 */
export function loadPriceHistory(file: string, now: Date = new Date(), options: { warn?: (message: string) => void } = {}): PriceHistory {
  let text: string;
  try {
    text = readFileSync(path.resolve(file), 'utf8');
  } catch (error) {
    throw new PriceDataError(file, [{ entry: 'file', field: '', message: `expected a readable price file: ${(error as Error).message}` }]);
  }
  const history = parsePriceHistory(text, file, now);
  const warning = priceAgeWarning(history.current, now);
  if (warning && (options.warn || !warnedFiles.has(file))) {
    warnedFiles.add(file);
    (options.warn ?? console.warn)(warning);
  }
  return history;
}

/** The service count of the cost table's largest row, the one the change table shows the effect on. */
export const CHANGE_ROW_SERVICES = 20;

/** One item whose price differs between the previous and the newest snapshot. */
export interface PriceChange {
  /** Item id, e.g. "render.small". */
  id: string;
  /** Short name from the newest snapshot (or the previous one for a removed item). */
  shortName: string;
  /** "changed": in both with different prices; "added": new in the newest; "removed": gone from it. */
  kind: 'changed' | 'added' | 'removed';
  /** Price as written in the previous / newest snapshot (currency main unit); null when absent. */
  oldPrice: string | null;
  newPrice: string | null;
  /** Billing unit, e.g. "per-instance-month". */
  unit: string;
  /** (new − old) ÷ old × 100; null when added, removed or the old price is zero. */
  changePercent: number | null;
  /**
   * Monthly cost in the 20-service row of production + staging, USD cents, before and after: for an
   * instance size its column of that row (services × environments instances); for a control plane
   * one cluster per environment, which that row needs whatever its service count. Null when absent.
   */
  rowOldCents: number | null;
  rowNewCents: number | null;
}

/** The changes between two snapshots, and which snapshots they are. */
export interface PriceChanges {
  /** The previous and the newest snapshot's dates. */
  fromAsOf: string;
  toAsOf: string;
  /** Items whose price changed, was added or was removed, in the newest snapshot's order (removed last). */
  changes: PriceChange[];
}

/**
 * What changed from the previous snapshot to the newest.
 * @returns null when the history has a single snapshot (the page then shows no change table).
 */
export function priceChanges(history: PriceHistory): PriceChanges | null {
  const { previous, current } = history;
  if (previous === null) return null;
  const rowCents = (prices: Prices) => {
    const model = costModel(prices, [CHANGE_ROW_SERVICES]);
    const cents = new Map<string, number>();
    for (const i of model.instances) cents.set(i.item.id, model.rows[0]!.cents[i.item.id]!);
    for (const cp of model.controlPlanes) cents.set(cp.item.id, cp.totalCents);
    return cents;
  };
  const oldCents = rowCents(previous);
  const newCents = rowCents(current);
  const oldById = new Map(previous.items.map((i) => [i.id, i]));
  const newIds = new Set(current.items.map((i) => i.id));
  const changes: PriceChange[] = [];
  for (const item of current.items) {
    const old = oldById.get(item.id);
    if (old && old.priceMicros === item.priceMicros && old.unit === item.unit) continue;
    changes.push({
      id: item.id,
      shortName: item.shortName,
      kind: old ? 'changed' : 'added',
      oldPrice: old?.price ?? null,
      newPrice: item.price,
      unit: item.unit,
      changePercent: old && old.priceMicros > 0 && old.unit === item.unit ? ((item.priceMicros - old.priceMicros) / old.priceMicros) * 100 : null,
      rowOldCents: oldCents.get(item.id) ?? null,
      rowNewCents: newCents.get(item.id) ?? null,
    });
  }
  for (const old of previous.items.filter((i) => !newIds.has(i.id))) {
    changes.push({
      id: old.id,
      shortName: old.shortName,
      kind: 'removed',
      oldPrice: old.price,
      newPrice: null,
      unit: old.unit,
      changePercent: null,
      rowOldCents: oldCents.get(old.id) ?? null,
      rowNewCents: null,
    });
  }
  return { fromAsOf: previous.asOf, toAsOf: current.asOf, changes };
}

/** One use, in an article file, of a fact that belongs to a price item. */
export interface PriceFactUse {
  /** The fact name, e.g. "cost.render.small.monthCents". */
  fact: string;
  /** The file, as given, and the 1-based line. */
  file: string;
  line: number;
  /** The sentence around it, as written in the MDX (tags kept, whitespace collapsed). */
  sentence: string;
}

/**
 * Uses of an item's facts (`price.<id>.…`, `cost.<id>.…`) in MDX text: in figure components and in
 * claim conditions alike.
 */
export function priceFactUses(itemId: string, mdx: string, file: string): PriceFactUse[] {
  const id = itemId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`(?<![\\w.])(?:price|cost)\\.${id}\\.[A-Za-z0-9.]*[A-Za-z0-9]`, 'g');
  const uses: PriceFactUse[] = [];
  for (const m of mdx.matchAll(pattern)) {
    uses.push({ fact: m[0], file, line: mdx.slice(0, m.index).split('\n').length, sentence: sentenceAround(mdx, m.index, m.index + m[0].length) });
  }
  return uses;
}

/** The sentence of `text` around [start, end): from the last sentence end before it to the next after it, within its paragraph. */
function sentenceAround(text: string, start: number, end: number): string {
  const paraStart = Math.max(0, text.lastIndexOf('\n\n', start) + 2);
  const paraEndAt = text.indexOf('\n\n', end);
  const paragraph = text.slice(paraStart, paraEndAt < 0 ? text.length : paraEndAt);
  const at = start - paraStart;
  const after = end - paraStart;
  let from = 0;
  for (const m of paragraph.slice(0, at).matchAll(/[.!?]\s+(?=[A-Z<*_(“"])/g)) from = m.index + m[0].length;
  const stop = /[.!?](?=\s|$)/.exec(paragraph.slice(after));
  const to = stop ? after + stop.index + 1 : paragraph.length;
  const sentence = paragraph.slice(from, to).replace(/\s+/g, ' ').trim();
  return sentence.length > 400 ? `${sentence.slice(0, 397)}...` : sentence;
}

/**
 * Items present in the previous snapshot but gone from the newest, whose facts the article still
 * uses: one issue per use, naming the fact and the sentence.
 * @param articles the article files' texts, keyed by the name to print (e.g. "content/split-on-evidence.mdx").
 * @throws PriceDataError (for `history.file`) when any such use exists.
 */
export function checkRemovedItemsInProse(history: PriceHistory, articles: ReadonlyMap<string, string>): void {
  const changes = priceChanges(history);
  if (!changes) return;
  const issues: PriceDataIssue[] = [];
  const label = snapshotLabel(history.snapshots.length - 1, history.current.asOf);
  for (const removed of changes.changes.filter((c) => c.kind === 'removed')) {
    for (const [file, text] of articles) {
      for (const use of priceFactUses(removed.id, text, file)) {
        issues.push({
          entry: label,
          field: 'items',
          message:
            `has no item "${removed.id}" (snapshot "${changes.fromAsOf}" had it), but the article uses its fact "${use.fact}" ` +
            `in ${use.file}:${use.line}, in the sentence: "${use.sentence}". Fix: keep the item in the newest snapshot, or rewrite that sentence`,
        });
      }
    }
  }
  if (issues.length > 0) throw new PriceDataError(history.file, issues);
}
