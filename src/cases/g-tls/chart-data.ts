/**
 * The chart and table of "With TLS and over a network": B, G1, C, G2, G3 (and D) per call, on loopback
 * (the reference suite and case G) and, when case H was measured, across the veth pair beside them.
 */
import type { Results } from '@split-on-evidence/hop-bench/schema';
import type { GResultLike } from './facts.ts';
import type { HResultLike } from '../h-network/facts.ts';
import { formatNumber, powerOfTenBelow, wrapLabel, type ChartData } from '../../components/charts/chart-spec.ts';

/** One case's medians, µs. */
interface Medians {
  p50Us: number;
  p95Us: number;
  p99Us: number;
  callsPerSec?: number;
}

/** The rows in the order the section compares them: each plain-HTTP case, then its TLS counterparts. */
export const TLS_ROWS = [
  { id: 'B', title: 'HTTP, keep-alive' },
  { id: 'G1', title: 'HTTPS, keep-alive' },
  { id: 'C', title: 'HTTP, new connection' },
  { id: 'G2', title: 'HTTPS, new connection, full handshake' },
  { id: 'G3', title: 'HTTPS, new connection, resumed session' },
  { id: 'D', title: '3 sequential HTTP hops' },
] as const;

function medians(results: Results, g: GResultLike | null | undefined, id: string): Medians | undefined {
  const ref = results.cases.find((c) => c.id === id);
  if (ref && ref.kind === 'latency') return ref.median;
  return g?.variants.find((v) => v.id === id)?.median;
}

function vethMedians(h: HResultLike | undefined, id: string): Medians | undefined {
  if (!h) return undefined;
  const ref = h.reference?.cases.find((c) => c.id === id);
  if (ref && ref.kind === 'latency') return ref.median;
  return h.G?.variants.find((v) => v.id === id)?.median;
}

/**
 * Bars of p50 and p99 per case on loopback, and the veth pair's p50 and p99 when case H ran; table
 * twin with every figure. Rows without loopback figures (G not measured) are left out. Horizontal bars,
 * as the failure chart's: six cases' names side by side overlap on a phone (each gets about 40 px),
 * while down the side they keep their full wording at any width.
 * @throws Error when there is nothing to chart (neither B nor C in the results).
 */
export function tlsChart(results: Results, g: GResultLike | undefined, h: HResultLike | undefined): ChartData {
  const rows = TLS_ROWS.map((r) => ({ ...r, loop: medians(results, g, r.id), veth: vethMedians(h, r.id) })).filter((r) => r.loop !== undefined);
  if (rows.length === 0) throw new Error('the results hold neither B nor C: nothing to set TLS against');
  const withVeth = rows.some((r) => r.veth);
  const value = (m: Medians | undefined, key: 'p50Us' | 'p99Us') => m?.[key] ?? 0;
  const series = [
    { label: 'p50, loopback', color: 1 as const, data: rows.map((r) => value(r.loop, 'p50Us')) },
    { label: 'p99, loopback', color: 2 as const, data: rows.map((r) => value(r.loop, 'p99Us')) },
    ...(withVeth
      ? [
          { label: 'p50, veth pair', color: 3 as const, data: rows.map((r) => value(r.veth, 'p50Us')) },
          { label: 'p99, veth pair', color: 4 as const, data: rows.map((r) => value(r.veth, 'p99Us')) },
        ]
      : []),
  ];
  const us = (v: number) => formatNumber(v, v >= 100 ? 0 : 1);
  const cell = (m: Medians | undefined, key: 'p50Us' | 'p95Us' | 'p99Us') => (m ? us(m[key]) : 'not measured');
  return {
    spec: {
      type: 'bar',
      horizontal: true,
      labels: rows.map((r) => [r.id, ...wrapLabel(r.title, 16)]),
      x: { scale: 'category', title: 'Case' },
      y: { scale: 'logarithmic', title: 'Time per call (µs, log scale)', unit: 'µs', min: powerOfTenBelow(Math.min(...rows.map((r) => r.loop!.p50Us))) },
      series,
    },
    table: {
      columns: ['Case', 'p50 loopback (µs)', 'p95 loopback (µs)', 'p99 loopback (µs)', 'serial calls/s loopback', ...(withVeth ? ['p50 veth (µs)', 'p99 veth (µs)'] : [])],
      rows: rows.map((r) => ({
        header: `${r.id}: ${r.title}`,
        cells: [
          cell(r.loop, 'p50Us'),
          cell(r.loop, 'p95Us'),
          cell(r.loop, 'p99Us'),
          r.loop?.callsPerSec === undefined ? '' : formatNumber(Math.round(r.loop.callsPerSec), 0),
          ...(withVeth ? [cell(r.veth, 'p50Us'), cell(r.veth, 'p99Us')] : []),
        ],
      })),
    },
  };
}

/** "3 runs", "one run", or "1–3 runs" when the figures have different run counts. */
function runCount(counts: readonly number[]): string {
  const low = Math.min(...counts);
  const high = Math.max(...counts);
  if (low === high) return low === 1 ? 'one run' : `${low} runs`;
  return `${low}–${high} runs`;
}

/**
 * The chart's caption, with the run counts the figures actually have: the plain-HTTP rows (B, C, D on
 * loopback) are medians of the reference suite's runs, the TLS rows (G1–G3) of case G's, and the veth
 * figures of case H's, each counted from the results' own `runs` arrays.
 */
export function tlsCaption(results: Results, g: GResultLike | undefined, h: HResultLike | undefined): string {
  const plain = results.cases.flatMap((c) => (c.kind === 'latency' && ['B', 'C', 'D'].includes(c.id) ? [c.runs.length] : []));
  const tls = (g?.variants ?? []).map((v) => v.runs.length);
  const veth = [...(h?.reference?.cases ?? []).map((c) => (c.kind === 'latency' ? c.runs.length : 0)).filter((n) => n > 0), ...(h?.G?.variants ?? []).map((v) => v.runs.length)];
  const parts = [
    ...(plain.length > 0 ? [`B, C and D on loopback: median of ${runCount(plain)} of the reference suite (cases A–E)`] : []),
    ...(tls.length > 0 ? [`G1–G3 on loopback: median of ${runCount(tls)} of the second suite's case G`] : []),
    ...(veth.length > 0 ? [`across the veth pair between two network namespaces: median of ${runCount(veth)} of the second suite's case H`] : []),
  ];
  return `Time per call, plain HTTP and HTTPS: p50 and p99 in microseconds on a log scale. ${parts.join('; ')}.`;
}
