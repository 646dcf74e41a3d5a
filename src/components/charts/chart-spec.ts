/**
 * The JSON a chart component embeds in the page and the client script draws from, and the model of
 * its data-table twin. Plain data only (no functions), so it survives JSON.stringify unchanged.
 */
import { format, type PrecisionName } from '../../format/number.ts';

/** A series of a chart. Colours are palette slots (CSS custom properties --chart-1 … --chart-4). */
export interface ChartSeries {
  /** Legend text, e.g. "p95". */
  label: string;
  /** Palette slot 1–4. */
  color: 1 | 2 | 3 | 4;
  /** Bar/category charts: one value per label. Line charts on a numeric x axis: points. */
  data: number[] | { x: number; y: number }[];
  /** Dashed line (flat reference lines), so series differ by more than colour. */
  dashed?: boolean;
  /** Point marker, so series differ by more than colour. */
  pointStyle?: 'circle' | 'rect' | 'triangle' | 'rectRot' | 'crossRot';
}

/** An axis: its scale type, its title (with the unit) and how many decimals its values show. */
export interface ChartAxis {
  scale: 'category' | 'linear' | 'logarithmic';
  /** Axis title, units included, e.g. "Latency of one call (µs, log scale)"; "" for none. */
  title: string;
  /** Unit printed after values in tooltips, e.g. "µs". */
  unit?: string;
  /** The formatter's rule for values in tooltips, as the page's tables write them (default "bySize"). */
  precision?: PrecisionName;
  /** Start a linear axis at zero. */
  beginAtZero?: boolean;
  /** Lowest value on the axis (a log axis needs one below the smallest bar, or the bar vanishes). */
  min?: number;
}

/** Below this chart width (CSS px: a phone narrower than 380 px), a spec's `narrowLabels` replace its `labels`. */
export const NARROW_CHART_PX = 340;

/** Everything the client script needs to draw one chart. */
export interface ChartSpec {
  type: 'bar' | 'line';
  /** Horizontal bars: categories run down the side (long labels stay readable on a phone). */
  horizontal?: boolean;
  /** Category labels (category x axis); an array of strings is a multi-line label. */
  labels?: (string | string[])[];
  /**
   * Shorter category labels (e.g. the case letters alone) for a chart narrower than NARROW_CHART_PX, where
   * `labels` would run into each other; the chart's table twin still names each category in full.
   */
  narrowLabels?: string[];
  /** The category (or numeric x) axis; drawn vertically when `horizontal`. */
  x: ChartAxis;
  /** The value axis; drawn horizontally when `horizontal`. */
  y: ChartAxis;
  series: ChartSeries[];
  /** Shaded spans of the x axis (in its units), e.g. a brownout window; drawn behind the series. */
  bands?: ChartBand[];
}

/** A shaded span of a numeric x axis, with a short label drawn at its top. */
export interface ChartBand {
  /** Start, in x-axis units. */
  from: number;
  /** End, in x-axis units. */
  to: number;
  /** Label, e.g. "brownout". */
  label: string;
}

/** A data table: the chart's twin, built from the same data. Cells are display strings. */
export interface DataTableModel {
  /** Column headers, units included; the first column holds each row's header. */
  columns: string[];
  /** Rows: `header` goes in the first column (a row header), `cells` in the others. */
  rows: { header: string; cells: string[] }[];
}

/** A chart and its table twin. */
export interface ChartData {
  spec: ChartSpec;
  table: DataTableModel;
}

/**
 * Formats a configuration number for a caption: thousands grouped with ",", rounded to at most
 * `maxDecimals`, trailing zeros dropped (1208.881 → "1,208.881"; 0.08 → "0.08"; 502.396072 with 1 →
 * "502.4"). A thin wrapper over the page's one formatter (src/format/number.ts); measured figures use its
 * named rules (formatUs, formatRatio) instead, so a chart's table writes them as the prose does.
 */
export function formatNumber(value: number, maxDecimals = 3): string {
  return format(value, { maximumFractionDigits: maxDecimals });
}

/**
 * The largest power of ten strictly below `value` (> 0): 0.08 → 0.01, 230 → 100, 100 → 10.
 * The floor of a log axis, so the smallest bar keeps a visible height.
 */
export function powerOfTenBelow(value: number): number {
  let exponent = Math.floor(Math.log10(value));
  if (Number(`1e${exponent}`) >= value) exponent -= 1;
  return Number(`1e${exponent}`);
}

/**
 * Breaks a label into lines of at most `width` characters at spaces, so category labels fit a
 * phone-width axis: ("HTTP, new connection per call", 14) → ["HTTP, new", "connection per", "call"].
 */
export function wrapLabel(text: string, width = 14): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}
