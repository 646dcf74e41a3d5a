/**
 * Chart 4: fixed monthly cost of production + staging against the number of services, from the
 * price file (integer cents, converted to dollars only to place points on the chart).
 */
import { costModel, formatCents } from '../../../prices/costs.ts';
import type { Prices } from '../../../prices/prices.ts';
import type { ChartData } from '../chart-spec.ts';

/**
 * Lines: one per instance size (services × 2 environments × monthly instance price) and one flat
 * dashed line per control-plane option (one cluster per environment, independent of services).
 * Table twin: services, instances, then each line's USD per month.
 */
export function costGrowthChart(prices: Prices): ChartData {
  const model = costModel(prices);
  const envs = model.environments.length;
  const instanceSeries = model.instances.map((i, n) => ({
    label: `${i.item.shortName} instances`,
    color: ((n % 4) + 1) as 1 | 2 | 3 | 4,
    pointStyle: (['circle', 'rect'] as const)[n % 2],
    data: model.rows.map((row) => ({ x: row.services, y: row.cents[i.item.id] / 100 })),
  }));
  const controlSeries = model.controlPlanes.map((cp, n) => ({
    label: `${cp.item.shortName} (${cp.clusters} clusters)`,
    color: (((model.instances.length + n) % 4) + 1) as 1 | 2 | 3 | 4,
    dashed: true,
    pointStyle: (['triangle', 'rectRot'] as const)[n % 2],
    data: model.rows.map((row) => ({ x: row.services, y: cp.totalCents / 100 })),
  }));
  return {
    spec: {
      type: 'line',
      x: { scale: 'linear', title: `Services, each running in ${envs} environments`, beginAtZero: true },
      y: { scale: 'linear', title: 'USD per month', unit: 'USD per month', beginAtZero: true, precision: 'money' },
      series: [...instanceSeries, ...controlSeries],
    },
    table: {
      columns: [
        'Services',
        'Instances running',
        ...model.instances.map((i) => `${i.item.shortName} instances (USD/month)`),
        ...model.controlPlanes.map((cp) => `${cp.item.shortName}, ${cp.clusters} clusters (USD/month)`),
      ],
      rows: model.rows.map((row) => ({
        header: String(row.services),
        cells: [
          String(row.instances),
          ...model.instances.map((i) => formatCents(row.cents[i.item.id])),
          ...model.controlPlanes.map((cp) => formatCents(cp.totalCents)),
        ],
      })),
    },
  };
}
