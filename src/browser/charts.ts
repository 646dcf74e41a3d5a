/**
 * Client code: draws every chart figure on the page ([data-chart]) from the JSON spec embedded in it at
 * build time (<script type="application/json" data-chart-spec>), with no fetch. Only the Chart.js parts
 * the specs use are registered, so the bundle stays small. Colours come from CSS custom properties on
 * the figure (--chart-font, --chart-text, --chart-grid, --chart-1 … --chart-4), re-read when the theme
 * changes.
 */
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LineController,
  LineElement,
  LinearScale,
  LogarithmicScale,
  PointElement,
  Tooltip,
  type ChartConfiguration,
  type ChartDataset,
  type Plugin,
} from 'chart.js';
import { NARROW_CHART_PX, type ChartAxis, type ChartBand, type ChartSpec } from '../components/charts/chart-spec.ts';
import { format } from '../format/number.ts';

Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, LogarithmicScale, Legend, Tooltip);

interface Theme {
  font: string;
  text: string;
  grid: string;
  series: string[];
}

function readTheme(figure: HTMLElement): Theme {
  const style = getComputedStyle(figure);
  const v = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    font: v('--chart-font', 'system-ui, sans-serif'),
    text: v('--chart-text', '#1f2328'),
    grid: v('--chart-grid', 'rgba(0, 0, 0, 0.12)'),
    series: [1, 2, 3, 4].map((n) => v(`--chart-${n}`, '#0072b2')),
  };
}

// Ticks and tooltips write numbers by the page's one rule for figures, as its tables and prose do.
const numberFormat = { format: (n: number) => format(n, 'bySize') };

function axisOptions(axis: ChartAxis, theme: Theme, narrowLabels?: readonly string[]) {
  return {
    type: axis.scale,
    beginAtZero: axis.beginAtZero ?? false,
    ...(axis.min !== undefined ? { min: axis.min } : {}),
    title: { display: axis.title !== '', text: axis.title, color: theme.text },
    ticks: {
      color: theme.text,
      // Slightly smaller ticks on a phone-width chart, so labels fit without overlapping.
      font: (ctx: { chart: { width: number } }) => ({ size: ctx.chart.width < 480 ? 11 : 12 }),
      maxRotation: 0,
      // Category labels are few and pre-wrapped; numeric ticks may be thinned.
      autoSkip: axis.scale !== 'category',
      // Log axes: label powers of ten only (and 2, 5 × 10^k over two decades or less), so ticks
      // never run into each other on a phone-width axis.
      ...(axis.scale === 'logarithmic'
        ? {
            callback: (value: string | number, _index: number, ticks: { value: number }[]) => {
              const n = Number(value);
              const decades = Math.log10(ticks[ticks.length - 1].value / ticks[0].value);
              const lead = Number((n / 10 ** Math.floor(Math.log10(n) + 1e-9)).toPrecision(3));
              return lead === 1 || (decades <= 2 && (lead === 2 || lead === 5)) ? numberFormat.format(n) : '';
            },
          }
        : {}),
      // A narrow chart writes the spec's short labels, where the full ones would run into each other.
      ...(axis.scale === 'category' && narrowLabels
        ? {
            callback(this: { chart: { width: number }; getLabelForValue(v: number): unknown }, value: string | number, index: number) {
              return this.chart.width < NARROW_CHART_PX ? narrowLabels[index] : this.getLabelForValue(Number(value));
            },
          }
        : {}),
    },
    grid: { color: theme.grid },
    border: { color: theme.grid },
  };
}

function datasets(spec: ChartSpec, theme: Theme): ChartDataset<'bar' | 'line'>[] {
  return spec.series.map((s) => {
    const color = theme.series[s.color - 1];
    return {
      label: s.label,
      data: s.data as never,
      backgroundColor: color,
      borderColor: color,
      borderWidth: spec.type === 'line' ? 2 : 0,
      borderDash: s.dashed ? [6, 4] : [],
      pointStyle: s.pointStyle ?? 'circle',
      // Many points (histogram bins) get smaller markers.
      pointRadius: spec.type === 'line' ? (s.data.length > 30 ? 2 : 3) : 0,
      tension: 0,
    };
  });
}

/** Draws a spec's bands (shaded x spans, e.g. a brownout window) behind the datasets; a chart's own plugin, not registered globally. */
function bandsPlugin(bands: readonly ChartBand[], theme: Theme): Plugin<'bar' | 'line'> {
  return {
    id: 'hopBands',
    beforeDatasetsDraw(chart) {
      const { ctx, chartArea, scales } = chart;
      const x = scales.x;
      if (!x) return;
      ctx.save();
      for (const band of bands) {
        const left = Math.max(chartArea.left, x.getPixelForValue(band.from));
        const right = Math.min(chartArea.right, x.getPixelForValue(band.to));
        ctx.fillStyle = theme.grid;
        ctx.fillRect(left, chartArea.top, right - left, chartArea.bottom - chartArea.top);
        ctx.fillStyle = theme.text;
        ctx.textBaseline = 'top';
        ctx.fillText(band.label, left + 4, chartArea.top + 4);
      }
      ctx.restore();
    },
  };
}

function config(spec: ChartSpec, theme: Theme): ChartConfiguration<'bar' | 'line'> {
  Chart.defaults.font.family = theme.font;
  return {
    type: spec.type,
    plugins: spec.bands?.length ? [bandsPlugin(spec.bands, theme)] : [],
    data: { labels: spec.labels, datasets: datasets(spec, theme) },
    options: {
      // The figure's CSS gives the box a fixed, viewport-dependent height; the chart fills it and
      // never feeds its own size back into the layout.
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      interaction: { mode: 'nearest', intersect: false },
      indexAxis: spec.horizontal ? 'y' : 'x',
      scales: spec.horizontal
        ? { y: axisOptions(spec.x, theme, spec.narrowLabels), x: axisOptions(spec.y, theme) }
        : { x: axisOptions(spec.x, theme, spec.narrowLabels), y: axisOptions(spec.y, theme) },
      plugins: {
        legend: { position: 'bottom', labels: { color: theme.text, usePointStyle: true, boxHeight: 8 } },
        tooltip: {
          callbacks: {
            label: (item) => {
              const value = spec.horizontal ? item.parsed.x : item.parsed.y;
              const y = typeof value === 'number' ? format(value, spec.y.precision ?? 'bySize') : '';
              return `${item.dataset.label}: ${y}${spec.y.unit ? ` ${spec.y.unit}` : ''}`;
            },
          },
        },
      },
    },
  } as ChartConfiguration<'bar' | 'line'>;
}

const drawn: { figure: HTMLElement; canvas: HTMLCanvasElement; chart: Chart<'bar' | 'line'>; spec: ChartSpec }[] = [];

/**
 * Draws every not-yet-drawn [data-chart] figure under `root`. Safe to call more than once.
 * A figure whose spec is missing or invalid is left with its data table and a console error naming it.
 */
export function renderCharts(root: ParentNode = document): void {
  for (const figure of root.querySelectorAll<HTMLElement>('[data-chart]')) renderChart(figure);
}

/**
 * Draws one [data-chart] figure unless it is drawn already (see renderCharts for errors).
 */
export function renderChart(figure: HTMLElement): void {
  if (figure.dataset.chartDrawn) return;
  const canvas = figure.querySelector('canvas');
  const specText = figure.querySelector('script[data-chart-spec]')?.textContent;
  if (!canvas || !specText) {
    console.error(`chart ${figure.id || '(no id)'}: no canvas or no embedded data`);
    return;
  }
  try {
    const spec = JSON.parse(specText) as ChartSpec;
    const chart = new Chart(canvas, config(spec, readTheme(figure)));
    figure.dataset.chartDrawn = 'true';
    drawn.push({ figure, canvas, chart, spec });
  } catch (error) {
    console.error(`chart ${figure.id || '(no id)'}: cannot draw it: ${(error as Error).message}`);
  }
  watchTheme();
}

let watching = false;

/** Re-colours drawn charts when the OS theme flips or the page switches its theme attribute/class. */
function watchTheme(): void {
  if (watching) return;
  watching = true;
  // Redraw from scratch: Chart.js caches resolved element colours, so updating options alone
  // leaves points in the old theme.
  const refresh = () => {
    for (const entry of drawn) {
      entry.chart.destroy();
      entry.chart = new Chart(entry.canvas, config(entry.spec, readTheme(entry.figure)));
    }
  };
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', refresh);
  new MutationObserver(refresh).observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'data-theme'] });
}
